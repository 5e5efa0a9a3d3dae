/**
 * Idempotency-Key on the calls whose answer holds a secret (docs/api.md "Idempotency-Key"): a
 * repeat with the same key gets the first answer — the same TOTP secret, recovery codes, signing
 * secret or API key — and the call acts once; the kept answer is sealed, never in clear. And the
 * portal's other forms' calls: a repeat of a mail or an enquiry acts once.
 */
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '@partner-panel/sdk';
import { specEnvelope, testApp } from './support/app.js';
import { partner } from './support/partner.js';
import { fundedReseller, query } from './support/sql.js';

const t = await testApp({ env: { RATE_LIMIT_CLIENT_PER_MINUTE: '10000', RATE_LIMIT_CLIENT_TOKENS_PER_IP: '10000' } });

/** The same call sent twice with one Idempotency-Key: both answers, the second's replay header. */
async function twice(url: string, payload: unknown, token: string, key: string) {
  const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json() as Envelope<{ csrf_token: string }>;
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'csrf-token': csrf.body.csrf_token,
    cookie: `XSRF-TOKEN=${csrf.body.csrf_token}`,
    'idempotency-key': key,
  };
  const send = () => t.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) });
  const first = await send();
  const again = await send();
  expect(first.statusCode, first.body).toBeLessThan(300);
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(specEnvelope(again)).toEqual(specEnvelope(first));
  return specEnvelope(first) as Envelope<Record<string, unknown>>;
}

/** What the store holds for the caller's key: never the secret in clear. */
async function kept(resellerId: number, key: string) {
  const [row] = await query<{ response: string }>(t, sql`select response from idempotency_keys where scope = ${`reseller:${resellerId}`} and key = ${key}`);
  return row?.response ?? '';
}

const count = async (text: ReturnType<typeof sql>) => Number((await query<{ n: number }>(t, text))[0]?.n);

describe('answers holding a secret, repeated with the same Idempotency-Key', () => {
  it('two-factor: one pending secret, one enrolment with the same ten codes, one renewal', async () => {
    const r = await fundedReseller(t, 'idem-2fa@example.com', 0);
    const setup = await twice('/api/v1/profile/two-factor/setup', { password: 'Funded!Password1' }, r.token, 'setup-1');
    const secret = (setup.body as { secret: string }).secret;
    expect(await kept(r.id, 'setup-1')).toMatch(/^v1\./);
    expect(await kept(r.id, 'setup-1')).not.toContain(secret);

    const code = await generate({ secret });
    const on = await twice('/api/v1/profile/two-factor/enable', { code }, r.token, 'enable-1');
    const codes = (on.body as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(await count(sql`select count(*)::int as n from recovery_codes where person_id = (select person_id from memberships where reseller_id = ${r.id} and role = 'owner')`)).toBe(10);
    expect(await kept(r.id, 'enable-1')).not.toContain(codes[0]);
    // Each code shown is one the account holds: the first one signs in.
    expect((await r.api.getTwoFactor()).recovery_codes_left).toBe(10);

    const renewed = await twice('/api/v1/profile/two-factor/recovery-codes', { password: 'Funded!Password1', code: codes[0] }, r.token, 'renew-1');
    const fresh = (renewed.body as { recovery_codes: string[] }).recovery_codes;
    expect(fresh).not.toEqual(codes);
    expect(await count(sql`select count(*)::int as n from recovery_codes where person_id = (select person_id from memberships where reseller_id = ${r.id} and role = 'owner') and used_at is null`)).toBe(10);
  });

  it('a webhook endpoint: one endpoint and the signing secret it holds; one rotation', async () => {
    const r = await fundedReseller(t, 'idem-hook@example.com', 0);
    const made = await twice('/api/webhook-endpoints/create', { url: 'https://hooks.example.com/in', event_types: [] }, r.token, 'hook-1');
    const endpoint = made.body as { id: number; secret: string };
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(await count(sql`select count(*)::int as n from webhook_endpoints where reseller_id = ${r.id}`)).toBe(1);
    expect(await kept(r.id, 'hook-1')).not.toContain(endpoint.secret);

    const rotated = await twice('/api/webhook-endpoints/rotate-secret', { endpointId: endpoint.id }, r.token, 'rotate-1');
    expect((rotated.body as { secret: string }).secret).not.toBe(endpoint.secret);
  });

  it('a v2 client webhook endpoint: one endpoint', async () => {
    const p = await partner(t, 'idem-hook-v2@example.com');
    const token = (await p.sandbox.tokens()).AccessToken;
    const res = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/client/webhook-endpoints/create',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'v2-hook-1' },
        payload: JSON.stringify({ url: 'https://hooks.example.com/v2' }),
      });
    const first = await res();
    const again = await res();
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count(sql`select count(*)::int as n from webhook_endpoints where reseller_id = ${p.id}`)).toBe(1);
  });

  it('a secret key: one key made, one regeneration, the same key answered', async () => {
    const r = await fundedReseller(t, 'idem-key@example.com', 0);
    const made = await twice('/api/v2/client/generate-secret-key', { mode: 'live' }, r.token, 'key-1');
    const key = (made.body as { SecretKey: string }).SecretKey;
    expect(await kept(r.id, 'key-1')).not.toContain(key);
    const again = await twice('/api/v2/client/update-secret-key', { mode: 'live', secretKey: key }, r.token, 'key-2');
    expect((again.body as { SecretKey: string }).SecretKey).not.toBe(key);
    expect(await count(sql`select count(*)::int as n from secret_keys where reseller_id = ${r.id}`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from secret_keys where reseller_id = ${r.id} and revoked_at is null`)).toBe(1);
  });

  it('a sealed answer opens for its own caller and key only', async () => {
    const a = await fundedReseller(t, 'idem-seal-a@example.com', 0);
    const b = await fundedReseller(t, 'idem-seal-b@example.com', 0);
    await twice('/api/v2/client/generate-secret-key', { mode: 'sandbox' }, a.token, 'seal-1');
    // Another caller's answer moved under b's scope does not open: the key reads as in use, not replayed.
    await t.database.db.execute(sql`insert into idempotency_keys (scope, key, fingerprint, status, response)
      select ${`reseller:${b.id}`}, key, fingerprint, status, response from idempotency_keys where scope = ${`reseller:${a.id}`} and key = 'seal-1'`);
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json() as Envelope<{ csrf_token: string }>;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/client/generate-secret-key',
      headers: { authorization: `Bearer ${b.token}`, 'csrf-token': csrf.body.csrf_token, cookie: `XSRF-TOKEN=${csrf.body.csrf_token}`, 'idempotency-key': 'seal-1', 'content-type': 'application/json' },
      payload: JSON.stringify({ mode: 'sandbox' }),
    });
    expect(res.statusCode).toBe(409);
    expect(specEnvelope(res).header).toMatchObject({ code: 'rspf-idempotency-1103' });
    expect(await count(sql`select count(*)::int as n from secret_keys where reseller_id = ${b.id}`)).toBe(0);
  });
});

describe("the portal's other forms, repeated with the same Idempotency-Key", () => {
  it('a coupon e-mailed once, one white-label enquiry', async () => {
    const r = await fundedReseller(t, 'idem-forms@example.com', 100_000);
    const batch = await r.api.generateCoupons({ billing_cycle: 'monthly', product_id: 101, billing_type: 1, addon_type: 0, prefix: '', quantity: 1 });
    const [coupon] = await query<{ id: number }>(t, sql`select id from coupons where reseller_id = ${r.id}`);
    expect(batch.codes).toHaveLength(1);
    await twice('/api/v1/resellers/coupon/send/bulk', { ids: [Number(coupon?.id)], email: 'idem-buyer@example.com' }, r.token, 'mail-1');
    expect(await t.mails('idem-buyer@example.com')).toHaveLength(1);

    await twice('/api/v1/white-label/enquiry', { brand_name: 'Idem VPN', expected_users: 500, message: 'Once, please.' }, r.token, 'wl-1');
    expect(await count(sql`select count(*)::int as n from white_label_enquiries where reseller_id = ${r.id}`)).toBe(1);
  });
});
