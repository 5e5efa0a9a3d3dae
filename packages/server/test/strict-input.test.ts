/**
 * Unknown input is refused, not dropped: a misspelled field on a call that spends money answers
 * 400 (v2) or 422 (v1) naming it and the field it most likely meant, and nothing is charged or
 * written. Bodies that are not JSON answer 415 with a sentence.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '@partner-panel/sdk';
import { suggest, unknownFields } from '../src/http/strict-input.js';
import { contract } from '@partner-panel/sdk';
import { specEnvelope, testApp } from './support/app.js';
import { balanceCents, fundedReseller, ledger, query } from './support/sql.js';

const t = await testApp({ env: { RATE_LIMIT_CLIENT_PER_MINUTE: '1000', RATE_LIMIT_CLIENT_TOKENS_PER_IP: '1000' } });

async function v2(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown, contentType = 'application/json') {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(payload !== undefined ? { 'content-type': contentType } : {}) },
    ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
  });
  return { status: res.statusCode, json: specEnvelope(res) as Envelope<Record<string, unknown>> };
}

async function liveToken(email: string, cents: number) {
  const reseller = await fundedReseller(t, email, cents);
  const key = (await reseller.api.generateSecretKey({ mode: 'live' })).SecretKey;
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/client/generate', payload: { secretKey: key } });
  return { ...reseller, liveToken: (res.json() as Envelope<{ AccessToken: string }>).body.AccessToken };
}

const vpnRows = async (resellerId: number) =>
  Number((await query<{ n: number }>(t, sql`select count(*)::int as n from vpn_accounts where reseller_id = ${resellerId}`))[0]?.n);
const couponRows = async (resellerId: number) =>
  Number((await query<{ n: number }>(t, sql`select count(*)::int as n from coupons where reseller_id = ${resellerId}`))[0]?.n);

const newUser = { username: 'strict.user', password: 'Str0ng!Password', email: 'strict.user@example.com', billing_type: 1 };

describe('a misspelled field on a money call (v2)', () => {
  it('refuses billing_cyle with 400, suggests billing_cycle, and charges nothing', async () => {
    const r = await liveToken('strict-v2@example.com', 50_000);
    const before = await ledger(t, r.id);
    const res = await v2('POST', '/api/v2/client/users/create', r.liveToken, { ...newUser, billing_cyle: 'annually' });
    expect(res.status).toBe(400);
    expect(res.json.header).toEqual({ code: 'rspf-validation-1005', status: 'error', message: "Unknown field 'billing_cyle'. Did you mean 'billing_cycle'?" });
    expect(res.json.body).toEqual({ errors: { billing_cyle: ["Unknown field 'billing_cyle'. Did you mean 'billing_cycle'?"] } });
    expect(await balanceCents(t, r.id)).toBe(50_000);
    expect(await ledger(t, r.id)).toEqual(before);
    expect(await vpnRows(r.id)).toBe(0);

    // Spelled right, the same call buys the annual plan.
    const ok = await v2('POST', '/api/v2/client/users/create', r.liveToken, { ...newUser, billing_cycle: 'annually' });
    expect(ok.status).toBe(201);
    expect(ok.json.body).toMatchObject({ billing_cycle: 'annually' });
    expect(await balanceCents(t, r.id)).toBeLessThan(50_000);
  });

  it('names every unknown field, with no suggestion when none is close', async () => {
    const r = await liveToken('strict-v2-many@example.com', 50_000);
    const res = await v2('POST', '/api/v2/client/users/create', r.liveToken, { ...newUser, colour: 'red', EMAIL: 'x@example.com' });
    expect(res.status).toBe(400);
    expect(res.json.header.message).toBe("Unknown field 'colour'.");
    expect(res.json.body).toEqual({
      errors: { colour: ["Unknown field 'colour'."], EMAIL: ["Unknown field 'EMAIL'. Did you mean 'email'?"] },
    });
    expect(await vpnRows(r.id)).toBe(0);
    expect(await balanceCents(t, r.id)).toBe(50_000);
  });

  it("answers the spec's sentence when a required field is missing and no unknown field is its misspelling", async () => {
    const r = await liveToken('strict-v2-missing@example.com', 0);
    const res = await v2('POST', '/api/v2/client/users/update/status', r.liveToken, { id: 1, status: 'suspended' });
    expect(res.status).toBe(400);
    expect(res.json.header.message).toBe('User ID and status are required');
    const misspelled = await v2('POST', '/api/v2/client/users/update/status', r.liveToken, { userid: 1, status: 'suspended' });
    expect(misspelled.json.header.message).toBe("Unknown field 'userid'. Did you mean 'userId'?");
  });

  it('refuses an unknown query parameter on a v2 call', async () => {
    const r = await liveToken('strict-v2-query@example.com', 0);
    const res = await v2('GET', '/api/v2/client/users/search?query=someone&qeury=x', r.liveToken);
    expect(res.status).toBe(400);
    expect(res.json.header.message).toBe("Unknown field 'qeury'. Did you mean 'query'?");
  });

  it('refuses unknown fields on the status, password, e-mail and delete calls before any lookup', async () => {
    const r = await liveToken('strict-v2-calls@example.com', 0);
    const cases: [string, 'POST' | 'DELETE', Record<string, unknown>, string][] = [
      ['/api/v2/client/users/update/status', 'POST', { userId: 1, status: 'suspended', user_id: 1 }, "Unknown field 'user_id'. Did you mean 'userId'?"],
      ['/api/v2/client/users/update/email', 'POST', { userId: 1, newEmial: 'a@example.com' }, "Unknown field 'newEmial'. Did you mean 'newEmail'?"],
      ['/api/v2/client/users/delete', 'DELETE', { userId: 1, userid: 1 }, "Unknown field 'userid'. Did you mean 'userId'?"],
      ['/api/v2/client/sandbox/balance', 'POST', { balance: 5, currency: 'USD' }, "Unknown field 'currency'."],
    ];
    for (const [url, method, payload, message] of cases) {
      const res = await v2(method, url, r.liveToken, payload);
      expect(res.status, url).toBe(400);
      expect(res.json.header.message, url).toBe(message);
    }
  });
});

describe('a misspelled field on a money call (v1)', () => {
  it('refuses a VPN account with billing_cyle (422) and charges nothing', async () => {
    const r = await fundedReseller(t, 'strict-v1-vpn@example.com', 50_000);
    const before = await ledger(t, r.id);
    const res = await t.post(
      '/api/v1/resellers/vpn/create',
      { quantity: 1, billing_cyle: 'annually', product_id: 104, billing_type: 1, email: 'end@example.com', addon_id: '' },
      r.token,
    );
    expect(res.status).toBe(422);
    expect(res.json.header).toEqual({ code: 'rspf-validation-1005', status: 'error', message: "Unknown field 'billing_cyle'. Did you mean 'billing_cycle'?" });
    expect(await balanceCents(t, r.id)).toBe(50_000);
    expect(await ledger(t, r.id)).toEqual(before);
    expect(await vpnRows(r.id)).toBe(0);
  });

  it('refuses coupons with quantiy (422) and writes none', async () => {
    const r = await fundedReseller(t, 'strict-v1-coupons@example.com', 50_000);
    const res = await t.post(
      '/api/v1/coupons/create',
      { quantiy: 5, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: '' },
      r.token,
    );
    expect(res.status).toBe(422);
    expect(res.json.header.message).toBe("Unknown field 'quantiy'. Did you mean 'quantity'?");
    expect(await couponRows(r.id)).toBe(0);
    expect(await balanceCents(t, r.id)).toBe(50_000);
  });

  it("refuses an admin's balance change with a misspelled field and moves no money", async () => {
    const admin = await t.signIn('admin@demo.partner-panel.test');
    const child = await query<{ id: number; b: number }>(t, sql`select id, balance_cents as b from resellers where email = 'sub1@demo.partner-panel.test'`);
    const sub = child[0] as { id: number; b: number };
    const res = await t.post('/api/v1/resellers/update/user/balance', { user_reseller_id: sub.id, type: 'add', amout: 10, reason: 'test' }, admin.token);
    expect(res.status).toBe(422);
    expect(res.json.header.message).toBe("Unknown field 'amout'. Did you mean 'amount'?");
    expect(await balanceCents(t, sub.id)).toBe(Number(sub.b));
  });

  it('refuses an unknown field on a profile change', async () => {
    const r = await fundedReseller(t, 'strict-v1-profile@example.com', 0);
    const res = await t.post('/api/v1/resellers/update', { update: 'name', value: 'New Name', vaule: 'x' }, r.token);
    expect(res.status).toBe(422);
    expect(res.json.header.message).toBe("Unknown field 'vaule'. Did you mean 'value'?");
  });
});

describe('bodies that are not JSON', () => {
  it('answers 415 with a sentence to text/plain JSON and to a form, never a missing-field message', async () => {
    const r = await liveToken('strict-415@example.com', 50_000);
    const text = await v2('POST', '/api/v2/client/users/create', r.liveToken, JSON.stringify(newUser), 'text/plain');
    expect(text.status).toBe(415);
    expect(text.json.header).toEqual({ code: 'rspf-http-415', status: 'error', message: 'The request body must be sent as application/json.' });

    const form = await v2('POST', '/api/v2/client/users/update/status', r.liveToken, 'userId=1&status=suspended', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    expect(form.json.header.message).toBe('The request body must be sent as application/json.');

    const reseller = await fundedReseller(t, 'strict-415-v1@example.com', 50_000);
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json() as Envelope<{ csrf_token: string }>;
    const v1 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/resellers/vpn/create',
      headers: {
        authorization: `Bearer ${reseller.token}`,
        'content-type': 'application/x-www-form-urlencoded',
        'csrf-token': csrf.body.csrf_token,
        cookie: `XSRF-TOKEN=${csrf.body.csrf_token}`,
      },
      payload: 'quantity=1&billing_cycle=annually&product_id=104&billing_type=1&email=end%40example.com',
    });
    expect(v1.statusCode).toBe(415);
    expect(specEnvelope(v1).header.message).toBe('The request body must be sent as application/json.');
    expect(await vpnRows(reseller.id)).toBe(0);
    expect(await balanceCents(t, reseller.id)).toBe(50_000);
  });
});

describe('the walk beside the schema', () => {
  it('suggests the known field a few letters away, ignoring case, and none when far', () => {
    expect(suggest('billing_cyle', ['billing_type', 'billing_cycle'])).toBe('billing_cycle');
    expect(suggest('USERID', ['userId', 'status'])).toBe('userId');
    expect(suggest('colour', ['userId', 'status'])).toBeUndefined();
    expect(suggest('x', [])).toBeUndefined();
  });

  it('opens pipes, optional bodies and lists, and leaves open what the schema leaves open', () => {
    expect(unknownFields(contract.invoices.body as never, { page: 1, serach: '' })).toEqual([{ field: 'serach', suggestion: 'search' }]);
    expect(unknownFields(contract.logout.body as never, { all: true })).toEqual([{ field: 'all' }]);
    expect(unknownFields(contract.updateRedeemEmbed.body as never, { allowed_origins: ['https://a.example'], theme: 'light' })).toEqual([]);
    expect(unknownFields(contract.stripeWebhook.body as never, { anything: 1 })).toEqual([]);
  });
});
