/**
 * Unknown input is refused, not dropped: a misspelled field on a call that spends money answers
 * 400 (v2) or 422 (v1) naming it and the field it most likely meant, and nothing is charged or
 * written. Bodies that are not JSON answer 415 with a sentence.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '@partner-panel/sdk';
import { keyProblem } from '../src/http/json-keys.js';
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

/** A body sent exactly as written (a duplicate key cannot be made with JSON.stringify). */
async function rawCall(url: string, text: string, options: { token?: string; csrf?: boolean; contentType?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.csrf) {
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json() as Envelope<{ csrf_token: string }>;
    Object.assign(headers, { 'csrf-token': csrf.body.csrf_token, cookie: `XSRF-TOKEN=${csrf.body.csrf_token}` });
  }
  const res = await t.app.inject({ method: 'POST', url, headers, payload: text });
  return { status: res.statusCode, json: specEnvelope(res) as Envelope<Record<string, unknown>> };
}

/** The object's JSON with `extra` written again after it: the same keys, sent twice. */
const twice = (body: Record<string, unknown>, extra: Record<string, unknown>) => `${JSON.stringify(body).slice(0, -1)},${JSON.stringify(extra).slice(1)}`;

const duplicate = (field: string) => ({
  code: 'rspf-input-1301',
  status: 'error',
  message: `The request body names the field '${field}' more than once. Send each field once.`,
});

describe('a key sent twice is refused, never settled by the last copy', () => {
  it('v1 coupon generation: quantity 1 then 2 answers 400 naming quantity, and charges and writes nothing', async () => {
    const r = await fundedReseller(t, 'dup-coupons@example.com', 50_000);
    const before = await ledger(t, r.id);
    const body = { quantity: 1, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: 'DUP' };
    const res = await rawCall('/api/v1/coupons/create', twice(body, { quantity: 2 }), { token: r.token, csrf: true });
    expect(res.status).toBe(400);
    expect(res.json.header).toEqual(duplicate('quantity'));
    expect(res.json.body).toEqual({ errors: { quantity: [duplicate('quantity').message] } });
    expect(await couponRows(r.id)).toBe(0);
    expect(await balanceCents(t, r.id)).toBe(50_000);
    expect(await ledger(t, r.id)).toEqual(before);

    // Each key once, the same call generates and charges.
    const ok = await rawCall('/api/v1/coupons/create', JSON.stringify(body), { token: r.token, csrf: true });
    expect(ok.status).toBe(200);
    expect(await couponRows(r.id)).toBe(1);
  });

  it('v1 VPN creation: a billing cycle sent twice, one of them escaped, answers 400 and charges nothing', async () => {
    const r = await fundedReseller(t, 'dup-vpn@example.com', 50_000);
    const before = await ledger(t, r.id);
    const body = { quantity: 1, billing_cycle: 'monthly', product_id: 104, billing_type: 1, email: 'end@example.com', addon_id: '' };
    // "\u0062illing_cycle" is billing_cycle to JSON.parse: the same key, written otherwise.
    const text = `${JSON.stringify(body).slice(0, -1)},"\\u0062illing_cycle":"biennially"}`;
    const res = await rawCall('/api/v1/resellers/vpn/create', text, { token: r.token, csrf: true });
    expect(res.status).toBe(400);
    expect(res.json.header).toEqual(duplicate('billing_cycle'));
    expect(await vpnRows(r.id)).toBe(0);
    expect(await balanceCents(t, r.id)).toBe(50_000);
    expect(await ledger(t, r.id)).toEqual(before);
  });

  it('v2 user creation: a second username and plan answer 400, and neither account is opened or paid for', async () => {
    const r = await liveToken('dup-v2@example.com', 50_000);
    const before = await ledger(t, r.id);
    const text = twice({ ...newUser, username: 'first.copy', billing_cycle: 'monthly' }, { username: 'second.copy', billing_cycle: 'annually' });
    const res = await rawCall('/api/v2/client/users/create', text, { token: r.liveToken });
    expect(res.status).toBe(400);
    expect(res.json.header).toEqual(duplicate('username'));
    expect(await vpnRows(r.id)).toBe(0);
    expect(await balanceCents(t, r.id)).toBe(50_000);
    expect(await ledger(t, r.id)).toEqual(before);
  });

  it('redeem: a second coupon code answers 400, and neither coupon is redeemed', async () => {
    const r = await fundedReseller(t, 'dup-redeem@example.com', 50_000);
    const { codes } = await r.api.generateCoupons({ quantity: 2, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: 'RDUP' });
    const [first, second] = codes as [string, string];
    const paid = await balanceCents(t, r.id);
    const visitor = { name: 'Ada Lovelace', email: 'ada.dup@example.com', password: 'Redeem!Pass2026', password_confirmation: 'Redeem!Pass2026', coupon: first, addon_id: '', token: '' };
    const res = await rawCall('/api/redeem', twice(visitor, { coupon: second }), { csrf: true });
    expect(res.status).toBe(400);
    expect(res.json.header).toEqual(duplicate('coupon'));
    const redeemed = await query<{ n: number }>(t, sql`select count(*)::int as n from coupons where reseller_id = ${r.id} and redeemed_at is not null`);
    expect(redeemed[0]?.n).toBe(0);
    expect(await vpnRows(r.id)).toBe(0);
    expect(await balanceCents(t, r.id)).toBe(paid);
  });

  it('names a duplicate at any depth by its path, and lets the same key stand in different objects', async () => {
    const nested = await rawCall('/api/login', '{"email":"a@example.com","password":{"x":[{"k":1},{"k":1,"k":2}]}}', { csrf: true });
    expect(nested.status).toBe(400);
    expect(nested.json.header).toEqual(duplicate('password.x.1.k'));
    // A key's text inside a value is not a key.
    const inValue = await rawCall('/api/login', '{"email":"a@example.com","password":"\\"email\\":1"}', { csrf: true });
    expect(inValue.json.header.code).not.toBe('rspf-input-1301');
  });

  it('refuses a field sent twice in a form too', async () => {
    const r = await fundedReseller(t, 'dup-form@example.com', 0);
    const res = await rawCall('/broadcasting/auth', `socket_id=1.2&channel_name=private-reseller.${r.id}&channel_name=private-reseller.1`, {
      token: r.token,
      csrf: true,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(400);
    expect(res.json.header).toEqual(duplicate('channel_name'));
  });
});

describe('keys that reach a prototype', () => {
  it('refuses __proto__, constructor and prototype at any depth with a sentence naming them, and charges nothing', async () => {
    const r = await fundedReseller(t, 'proto@example.com', 50_000);
    const body = { quantity: 1, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: '' };
    const cases: [string, string][] = [
      [`${JSON.stringify(body).slice(0, -1)},"__proto__":{"quantity":60}}`, '__proto__'],
      [`${JSON.stringify(body).slice(0, -1)},"constructor":{"prototype":{"admin":true}}}`, 'constructor'],
      [`${JSON.stringify(body).slice(0, -1)},"x":[{"prototype":1}]}`, 'x.0.prototype'],
    ];
    for (const [text, field] of cases) {
      const res = await rawCall('/api/v1/coupons/create', text, { token: r.token, csrf: true });
      expect(res.status, field).toBe(400);
      expect(res.json.header, field).toEqual({
        code: 'rspf-input-1302',
        status: 'error',
        message: `The request body may not name a field '${field}': __proto__, constructor and prototype are not accepted as field names.`,
      });
    }
    const v2 = await liveToken('proto-v2@example.com', 50_000);
    const res = await rawCall('/api/v2/client/users/create', `${JSON.stringify(newUser).slice(0, -1)},"__proto__":{}}`, { token: v2.liveToken });
    expect(res.status).toBe(400);
    expect(res.json.header.code).toBe('rspf-input-1302');
    expect(await couponRows(r.id)).toBe(0);
    expect(await vpnRows(v2.id)).toBe(0);
    expect(await balanceCents(t, r.id)).toBe(50_000);
  });
});

describe('the charset a body declares', () => {
  it('answers 415 to JSON declared in UTF-16 or Latin-1, and reads UTF-8 (also spelt utf8) and US-ASCII in any case', async () => {
    const r = await liveToken('charset@example.com', 50_000);
    for (const charset of ['utf-16', 'UTF-16LE', 'iso-8859-1', '"utf-32"']) {
      const res = await v2('POST', '/api/v2/client/users/create', r.liveToken, JSON.stringify(newUser), `application/json; charset=${charset}`);
      expect(res.status, charset).toBe(415);
      expect(res.json.header, charset).toEqual({
        code: 'rspf-input-1303',
        status: 'error',
        message: `The request body must be encoded as UTF-8: charset=${charset.replace(/"/g, '')} is not accepted.`,
      });
    }
    expect(await vpnRows(r.id)).toBe(0);
    const login = await rawCall('/api/login', JSON.stringify({ email: 'x@example.com', password: 'Wrong!Password1' }), { csrf: true, contentType: 'application/json; charset=latin1' });
    expect(login.status).toBe(415);

    for (const charset of ['UTF-8', 'utf-8', 'utf8', 'US-ASCII']) {
      const res = await v2('POST', '/api/v2/client/users/update/status', r.liveToken, { userId: 999999, status: 'suspended' }, `application/json; charset=${charset}`);
      expect(res.status, charset).toBe(404);
    }
  });
});

describe('the key scan', () => {
  it('finds duplicates and reserved keys by path, and nothing in keys of separate objects or in values', () => {
    expect(keyProblem('{"a":{"b":[1,{"c":1,"c":2}]}}')).toEqual({ kind: 'duplicate', path: ['a', 'b', '1', 'c'] });
    expect(keyProblem('{"a":1,"\\u0061":2}')).toEqual({ kind: 'duplicate', path: ['a'] });
    expect(keyProblem('{ "a" : 1 , "a" : 2 }')).toEqual({ kind: 'duplicate', path: ['a'] });
    expect(keyProblem('[{"a":1},{"a":1}]')).toBeNull();
    expect(keyProblem('{"x":"\\"a\\":1","a":"\\\\","b":"}"}')).toBeNull();
    expect(keyProblem('{"a":{"b":1},"b":{"a":1}}')).toBeNull();
    expect(keyProblem('[[],{"__proto__":1}]')).toEqual({ kind: 'reserved', path: ['1', '__proto__'] });
    // Text that is not JSON ends the walk quietly.
    for (const text of ['', '{', '"', '{"a', '}}]]', '{"a":1,"a"']) expect(() => keyProblem(text)).not.toThrow();
  });
});
