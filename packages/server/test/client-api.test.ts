/**
 * The secret keys and the v2 client API over HTTP (002 §4, §7, the sandbox): exact envelopes and
 * statuses, the live wallet and the sandbox books, regeneration, rate limits and Idempotency-Key.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '@partner-panel/sdk';
import { specEnvelope, testApp } from './support/app.js';
import { balanceCents, fundedReseller, ledger, query } from './support/sql.js';

const t = await testApp({ env: { RATE_LIMIT_CLIENT_PER_MINUTE: '1000', RATE_LIMIT_CLIENT_TOKENS_PER_IP: '1000' } });
const limited = await testApp({ env: { RATE_LIMIT_CLIENT_PER_MINUTE: '3', RATE_LIMIT_CLIENT_TOKENS_PER_IP: '3' } });

type Method = InjectOptions['method'];
async function call(method: Method, url: string, payload?: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
  return { status: res.statusCode, json: specEnvelope(res) as Envelope<Record<string, unknown>>, headers: res.headers };
}

/** A reseller with both keys and a token for each. */
async function integrator(email: string, cents = 500_000) {
  const reseller = await fundedReseller(t, email, cents);
  const live = (await reseller.api.generateSecretKey({ mode: 'live' })).SecretKey;
  const sandbox = (await reseller.api.generateSecretKey({ mode: 'sandbox' })).SecretKey;
  const liveToken = (await call('POST', '/api/v2/client/generate', { secretKey: live })).json.body.AccessToken as string;
  const sandboxToken = (await call('POST', '/api/v2/client/generate', { secretKey: sandbox })).json.body.AccessToken as string;
  return { ...reseller, live, sandbox, liveToken, sandboxToken };
}

const newUser = (username: string, extra: Record<string, unknown> = {}) => ({ username, password: 'Str0ng!Password', email: `${username}@example.com`, ...extra });

describe('the secret keys (002 §2, §4, §7)', () => {
  it('has none at first, makes a live key shown once and a sandbox key shown always (30013, 30003)', async () => {
    const r = await fundedReseller(t, 'keys-first@example.com', 0);
    const none = await t.get('/api/v2/client/get-secret-key', r.token);
    expect(none.json.header).toEqual({ code: 30013, status: 'success', message: 'Success' });
    expect(none.json.body).toEqual({ SecretKey: null, masked: false, created_at: null, last_used_at: null, sandbox: { SecretKey: null, masked: false, created_at: null, last_used_at: null } });

    const made = await t.post('/api/v2/client/generate-secret-key', {}, r.token);
    expect(made.json.header).toMatchObject({ code: 30003, status: 'success' });
    const live = (made.json.body as { SecretKey: string }).SecretKey;
    expect(live).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    const sandbox = (await r.api.generateSecretKey({ mode: 'sandbox' })).SecretKey;
    expect(sandbox).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);

    const shown = await r.api.getSecretKey();
    expect(shown.SecretKey).toBe(`${live.slice(0, 14)}••••••••${live.slice(-4)}`);
    expect(shown.masked).toBe(true);
    expect(shown.sandbox).toMatchObject({ SecretKey: sandbox, masked: false });

    // A database leak gives away no usable key: the live key is only a hash, the sandbox key sealed.
    const stored = await query<Record<string, unknown>>(t, sql`select * from secret_keys where reseller_id = ${r.id}`);
    const dump = JSON.stringify(stored);
    expect(dump).not.toContain(live.slice(14, -4));
    expect(dump).not.toContain(sandbox.slice(14, -4));
    expect(stored.find((k) => k.mode === 'live')?.key_encrypted).toBeNull();
    expect(String(stored.find((k) => k.mode === 'sandbox')?.key_encrypted)).toMatch(/^v1\./);

    const again = await t.post('/api/v2/client/generate-secret-key', { mode: 'live' }, r.token);
    expect(again.status).toBe(409);
    expect(again.json.header).toMatchObject({ code: 'rspf-key-3006', message: 'A secret key already exists. Regenerate it instead.' });
  });

  it('regenerates (30008): the old key and its tokens are refused at once; a stale tab cannot replace the new key', async () => {
    const r = await integrator('keys-regen@example.com');
    const before = await call('POST', '/api/v2/client/generate', { secretKey: r.live });
    const oldRefresh = before.json.body.RefreshToken as string;
    expect((await call('GET', '/api/v2/client/balance', undefined, r.liveToken)).status).toBe(200);

    const masked = (await r.api.getSecretKey()).SecretKey as string;
    const res = await t.post('/api/v2/client/update-secret-key', { secretKey: masked }, r.token);
    expect(res.json.header).toEqual({ code: 30008, status: 'success', message: 'Secret key regenerated successfully. The old key no longer works.' });
    const fresh = (res.json.body as { SecretKey: string; mode: string }).SecretKey;
    expect(fresh).not.toBe(r.live);
    expect((res.json.body as { mode: string }).mode).toBe('live');

    const oldKey = await call('POST', '/api/v2/client/generate', { secretKey: r.live });
    expect(oldKey.status).toBe(401);
    expect(oldKey.json.header).toEqual({ code: 'rspf-client-3101', status: 'error', message: 'Invalid secret key.' });
    const oldToken = await call('GET', '/api/v2/client/balance', undefined, r.liveToken);
    expect(oldToken.status).toBe(401);
    expect(oldToken.json.header.code).toBe('rspf-client-3102');
    expect((await call('POST', '/api/v2/client/refresh', { refreshToken: oldRefresh })).status).toBe(401);
    expect((await call('POST', '/api/v2/client/generate', { secretKey: fresh })).status).toBe(200);

    // The tab that still shows the old key: refused, and the new key keeps working.
    const stale = await t.post('/api/v2/client/update-secret-key', { secretKey: masked }, r.token);
    expect(stale.status).toBe(409);
    expect(stale.json.header.message).toBe('This key has already been replaced. Reload the page to see the current key.');
    // The sandbox key was left alone; it is regenerated by naming it.
    expect((await call('GET', '/api/v2/client/balance', undefined, r.sandboxToken)).status).toBe(200);
    const sandbox = await r.api.updateSecretKey({ secretKey: r.sandbox });
    expect(sandbox.SecretKey).toMatch(/^sk_test_/);
    expect((await r.api.getSecretKey()).sandbox.SecretKey).toBe(sandbox.SecretKey);
    expect((await call('GET', '/api/v2/client/balance', undefined, r.sandboxToken)).status).toBe(401);

    const none = await fundedReseller(t, 'keys-none@example.com', 0);
    const missing = await t.post('/api/v2/client/update-secret-key', {}, none.token);
    expect(missing.status).toBe(404);
    expect(missing.json.header.message).toBe('No secret key has been generated yet.');
  });

  it('keeps a key for an Idempotency-Key only sealed: a repeat answers the same key, one key made', async () => {
    const r = await fundedReseller(t, 'keys-idem@example.com', 0);
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json() as Envelope<{ csrf_token: string }>;
    const headers = { 'csrf-token': csrf.body.csrf_token, cookie: `XSRF-TOKEN=${csrf.body.csrf_token}`, 'idempotency-key': 'key-once' };
    const first = await call('POST', '/api/v2/client/generate-secret-key', {}, r.token, headers);
    const second = await call('POST', '/api/v2/client/generate-secret-key', {}, r.token, headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json.body.SecretKey).toBe(first.json.body.SecretKey);
    expect(await query(t, sql`select 1 from secret_keys where reseller_id = ${r.id}`)).toHaveLength(1);
    const kept = await query<{ response: string }>(t, sql`select response from idempotency_keys where scope = ${`reseller:${r.id}`}`);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.response).not.toContain(first.json.body.SecretKey as string);
  });

  it('needs a signed-in reseller and the CSRF header', async () => {
    expect((await t.get('/api/v2/client/get-secret-key')).json.header.status).toBe('forbidden');
    const r = await fundedReseller(t, 'keys-csrf@example.com', 0);
    const res = await call('POST', '/api/v2/client/generate-secret-key', {}, r.token);
    expect(res.status).toBe(419);
  });
});

describe('tokens (002 sandbox: generate, refresh)', () => {
  it('exchanges a key for tokens, and a refresh token once for new ones', async () => {
    const r = await integrator('tokens@example.com');
    const res = await call('POST', '/api/v2/client/generate', { secretKey: r.live });
    expect(res.status).toBe(200);
    expect(res.json.header).toEqual({ code: 200, status: 'success', message: 'Tokens generated successfully.' });
    const tokens = res.json.body as { AccessToken: string; RefreshToken: string; Expiry: string; ExpiresIn: number; RefreshExpiry: string; mode: string };
    expect(tokens).toMatchObject({ AccessToken: expect.stringMatching(/^at_/), RefreshToken: expect.stringMatching(/^rt_/), ExpiresIn: 3600, mode: 'live' });
    expect(Date.parse(tokens.Expiry) - Date.now()).toBeGreaterThan(3500_000);
    expect(Date.parse(tokens.RefreshExpiry) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const refreshed = await call('POST', '/api/v2/client/refresh', { refreshToken: tokens.RefreshToken });
    expect(refreshed.json.header).toMatchObject({ code: 200, message: 'Tokens refreshed successfully.' });
    expect((await call('GET', '/api/v2/client/balance', undefined, refreshed.json.body.AccessToken as string)).status).toBe(200);
    const spent = await call('POST', '/api/v2/client/refresh', { refreshToken: tokens.RefreshToken });
    expect(spent.status).toBe(401);
    expect(spent.json.header).toMatchObject({ code: 'rspf-client-3103', message: 'The refresh token is invalid, expired or already used.' });
  });

  it("answers 400 with the sandbox's messages for missing fields, 401 for a wrong key", async () => {
    for (const [url, message] of [
      ['/api/v2/client/generate', 'secretKey is required'],
      ['/api/v2/client/refresh', 'refreshToken is required'],
    ] as const) {
      for (const payload of [{}, undefined, { secretKey: '', refreshToken: '' }, { secretKey: 5, refreshToken: 5 }]) {
        const res = await call('POST', url, payload);
        expect(res.status, `${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json.header).toMatchObject({ code: 'rspf-validation-1005', status: 'error', message });
      }
    }
    const wrong = await call('POST', '/api/v2/client/generate', { secretKey: 'sk_live_nope' });
    expect(wrong.status).toBe(401);
    const noToken = await call('GET', '/api/v2/client/users/search?query=x');
    expect(noToken.status).toBe(401);
    expect(noToken.json.header.message).toBe('The access token is missing, invalid or expired. Generate new tokens with your secret key or refresh token.');
  });

  it('keeps portal sessions and client tokens apart', async () => {
    const r = await integrator('apart@example.com');
    expect((await call('GET', '/api/v2/client/balance', undefined, r.token)).status).toBe(401);
    const portal = await t.get('/api/v1/resellers/profile', r.liveToken);
    expect(portal.status).toBe(401);
    // Told what the token is for, not that a session expired (the portal signs out on forbidden).
    expect(portal.json.header).toMatchObject({ status: 'error', code: 'rspf-auth-1008' });
  });
});

describe('users with a live key: the wallet and real accounts', () => {
  it('creates a user (201), paid from the wallet through the VPN account service, and mails no password', async () => {
    const r = await integrator('live-create@example.com');
    const before = await balanceCents(t, r.id);
    const res = await call('POST', '/api/v2/client/users/create', newUser('Alice.Live'), r.liveToken);
    expect(res.status).toBe(201);
    expect(res.json.header).toEqual({ code: 201, status: 'success', message: 'User created successfully.' });
    expect(res.json.body).toMatchObject({ username: 'alice.live', email: 'Alice.Live@example.com', status: 'active', billing_type: 1, billing_cycle: 'monthly', amount: 3, balance: (before - 300) / 100 });
    const userId = res.json.body.userId as number;
    expect(userId).toBeLessThan(1_000_000_000);
    expect(await balanceCents(t, r.id)).toBe(before - 300);
    expect((await ledger(t, r.id)).at(-1)).toMatchObject({ amount_cents: -300, kind: 'vpn_purchase', reference: `vpn_account:${userId}` });
    const [account] = await query<{ source: string; password_hash: string }>(t, sql`select source, password_hash from vpn_accounts where id = ${userId}`);
    expect(account).toMatchObject({ source: 'client_api', password_hash: expect.stringMatching(/^\$argon2id\$/) });
    // The password was the caller's choice: it is never mailed.
    expect((await t.mails()).filter((m) => m.text.includes('Str0ng!Password'))).toHaveLength(0);
    // The reseller sees it in the portal like any other account.
    expect((await r.api.searchVpnAccounts({ search: 'username', value: 'alice.live' })).account_details).toHaveLength(1);
    const note = (await r.api.unreadNotifications()).data[0];
    expect(JSON.parse(note?.data ?? '{}')).toMatchObject({ type: 'vpn_created' });

    const annual = await call('POST', '/api/v2/client/users/create', newUser('alice.annual', { billing_type: 2, billing_cycle: 'lifetime', addon_id: 2 }), r.liveToken);
    expect(annual.json.body).toMatchObject({ billing_type: 2, billing_cycle: 'lifetime', amount: 99 + 60 * 0.25 });
  });

  it("answers 409 'User already exists' for a taken username, and 400 for missing or bad fields", async () => {
    const r = await integrator('live-409@example.com');
    expect((await call('POST', '/api/v2/client/users/create', newUser('taken.name'), r.liveToken)).status).toBe(201);
    const before = await balanceCents(t, r.id);
    const taken = await call('POST', '/api/v2/client/users/create', newUser('TAKEN.name'), r.liveToken);
    expect(taken.status).toBe(409);
    expect(taken.json.header).toEqual({ code: 'rspf-client-3104', status: 'error', message: 'User already exists' });
    expect(await balanceCents(t, r.id)).toBe(before);

    const cases: [unknown, string][] = [
      [{}, 'username, password and email are required'],
      [undefined, 'username, password and email are required'],
      [{ username: 'bob', password: 'Str0ng!Password' }, 'username, password and email are required'],
      [newUser('x'), 'The username must be 3 to 32 characters: letters, digits, dots, dashes or underscores, starting with a letter or digit.'],
      [newUser('bob', { email: 'not-mail' }), 'Please enter a valid email address'],
      [newUser('bob', { password: 'weak' }), 'Password must contain minimum 12 characters with atleast 1 number, 1 lowercase, 1 uppercase & 1 special character: !@#$%&^_+{}.,'],
      [newUser('bob', { billing_cycle: 'weekly' }), 'billing_cycle must be one of monthly, quarterly, semiannually, annually, biennially, triennially, lifetime'],
      [newUser('bob', { billing_type: 1, billing_cycle: 'lifetime' }), 'The selected product is not available.'],
      [newUser('bob', { addon_id: 99 }), 'The selected addon is not available.'],
      ['"text"', 'The request body must be a JSON object.'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/v2/client/users/create', payload, r.liveToken);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.json.header.message, JSON.stringify(payload)).toBe(message);
    }
    expect(await balanceCents(t, r.id)).toBe(before);
  });

  it('answers 402 when the wallet cannot pay, and 403 for a deactivated reseller', async () => {
    const poor = await integrator('live-poor@example.com', 100);
    const res = await call('POST', '/api/v2/client/users/create', newUser('poor.user'), poor.liveToken);
    expect(res.status).toBe(402);
    expect(res.json.header.message).toBe('Insufficient Balance! your current balance is: $1.00 and transaction amount is: $3.00');
    const off = await integrator('live-off@example.com');
    await t.database.db.execute(sql`update resellers set status = 2 where id = ${off.id}`);
    expect((await call('POST', '/api/v2/client/users/create', newUser('off.user'), off.liveToken)).status).toBe(403);
  });

  it('searches by e-mail or username (any case), only among its own users', async () => {
    const r = await integrator('live-search@example.com');
    const other = await integrator('live-search-other@example.com');
    await call('POST', '/api/v2/client/users/create', newUser('findme', { email: 'Shared@Example.com' }), r.liveToken);
    await call('POST', '/api/v2/client/users/create', newUser('findme2', { email: 'shared@example.com' }), r.liveToken);
    await call('POST', '/api/v2/client/users/create', newUser('notmine', { email: 'shared@example.com' }), other.liveToken);
    const byEmail = await call('GET', '/api/v2/client/users/search?query=SHARED%40example.com', undefined, r.liveToken);
    expect(byEmail.json.header).toMatchObject({ code: 200, message: '2 users found.' });
    expect((byEmail.json.body as unknown as { username: string }[]).map((u) => u.username)).toEqual(['findme2', 'findme']);
    const byName = await call('GET', '/api/v2/client/users/search?query=FindMe', undefined, r.liveToken);
    expect(byName.json.body).toEqual([expect.objectContaining({ username: 'findme', email: 'Shared@Example.com', status: 'active' })]);
    expect((await call('GET', '/api/v2/client/users/search?query=nobody', undefined, r.liveToken)).json.body).toEqual([]);
    for (const url of ['/api/v2/client/users/search', '/api/v2/client/users/search?query=', '/api/v2/client/users/search?query=%20']) {
      const res = await call('GET', url, undefined, r.liveToken);
      expect(res.status, url).toBe(400);
      expect(res.json.header.message).toBe('Search query is required');
    }
  });

  it('updates the e-mail, the password (401 on a wrong old one) and the status, and deletes (404 when missing)', async () => {
    const r = await integrator('live-change@example.com');
    const userId = (await call('POST', '/api/v2/client/users/create', newUser('changer'), r.liveToken)).json.body.userId as number;
    const before = await balanceCents(t, r.id);

    const email = await call('POST', '/api/v2/client/users/update/email', { userId, newEmail: 'changed@example.com' }, r.liveToken);
    expect(email.json.header).toEqual({ code: 200, status: 'success', message: 'Email updated successfully.' });
    expect(email.json.body).toMatchObject({ userId, email: 'changed@example.com' });
    expect((await t.mails('changed@example.com'))[0]?.subject).toBe('Your VPN account e-mail was changed');
    expect((await call('POST', '/api/v2/client/users/update/email', { userId: String(userId), newEmail: 'changed@example.com' }, r.liveToken)).status).toBe(200);
    for (const payload of [{}, { userId }, { newEmail: 'a@b.co' }, { userId: true, newEmail: 'a@b.co' }]) {
      const res = await call('POST', '/api/v2/client/users/update/email', payload, r.liveToken);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.json.header.message).toBe('userId and newEmail are required');
    }

    const wrong = await call('POST', '/api/v2/client/users/update/password', { userId, oldPassword: 'Wrong!Password1', newPassword: 'N3w!Password22' }, r.liveToken);
    expect(wrong.status).toBe(401);
    expect(wrong.json.header).toEqual({ code: 'rspf-client-3106', status: 'error', message: 'The old password does not match.' });
    for (const payload of [{}, { userId, oldPassword: 'Str0ng!Password' }, { userId, newPassword: 'N3w!Password22' }]) {
      const res = await call('POST', '/api/v2/client/users/update/password', payload, r.liveToken);
      expect(res.status).toBe(400);
      expect(res.json.header.message).toBe('User ID, old password, and new password are required');
    }
    const ok = await call('POST', '/api/v2/client/users/update/password', { userId, oldPassword: 'Str0ng!Password', newPassword: 'N3w!Password22' }, r.liveToken);
    expect(ok.json).toEqual({ header: { code: 200, status: 'success', message: 'Password updated successfully.' }, body: { userId, status: 'password_changed' } });
    expect((await call('POST', '/api/v2/client/users/update/password', { userId, oldPassword: 'Str0ng!Password', newPassword: 'An0ther!Password' }, r.liveToken)).status).toBe(401);

    for (const [payload, message] of [
      [{ userId }, 'User ID and status are required'],
      [{ status: 'active' }, 'User ID and status are required'],
      [{ userId, status: 'paused' }, "Status must be 'active' or 'suspended'."],
      [{ userId, status: 'deleted' }, "Status must be 'active' or 'suspended'."],
    ] as const) {
      const res = await call('POST', '/api/v2/client/users/update/status', payload, r.liveToken);
      expect(res.status).toBe(400);
      expect(res.json.header.message).toBe(message);
    }
    const off = await call('POST', '/api/v2/client/users/update/status', { userId, status: 'Suspended' }, r.liveToken);
    expect(off.json).toEqual({ header: { code: 200, status: 'success', message: 'Status updated successfully.' }, body: { userId, status: 'suspended' } });
    expect((await call('POST', '/api/v2/client/users/update/status', { userId, status: 'suspended' }, r.liveToken)).json.body).toEqual({ userId, status: 'suspended' });
    expect((await call('POST', '/api/v2/client/users/update/status', { userId, status: 'active' }, r.liveToken)).json.body).toEqual({ userId, status: 'active' });

    for (const payload of [{}, undefined, { userId: 0 }, { userId: 'abc' }]) {
      const res = await call('DELETE', '/api/v2/client/users/delete', payload, r.liveToken);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.json.header.message).toBe('User ID is required for deletion');
    }
    const missing = await call('DELETE', '/api/v2/client/users/delete', { userId: 2_000_000 }, r.liveToken);
    expect(missing.status).toBe(404);
    expect(missing.json.header).toEqual({ code: 'rspf-client-3105', status: 'error', message: 'User not found' });
    const gone = await call('DELETE', '/api/v2/client/users/delete', { userId }, r.liveToken);
    expect(gone.json).toEqual({ header: { code: 200, status: 'success', message: 'User deleted successfully.' }, body: { userId, status: 'deleted' } });
    expect((await call('DELETE', '/api/v2/client/users/delete', { userId }, r.liveToken)).json.body).toEqual({ userId, status: 'deleted' });
    expect((await call('POST', '/api/v2/client/users/update/email', { userId, newEmail: 'after@example.com' }, r.liveToken)).status).toBe(409);
    expect(await balanceCents(t, r.id)).toBe(before);
  });

  it("never reaches another reseller's user: 404, as for one that does not exist", async () => {
    const owner = await integrator('owner@example.com');
    const stranger = await integrator('stranger@example.com');
    const userId = (await call('POST', '/api/v2/client/users/create', newUser('owned'), owner.liveToken)).json.body.userId as number;
    for (const [method, url, payload] of [
      ['POST', '/api/v2/client/users/update/email', { userId, newEmail: 'x@example.com' }],
      ['POST', '/api/v2/client/users/update/password', { userId, oldPassword: 'Str0ng!Password', newPassword: 'N3w!Password22' }],
      ['POST', '/api/v2/client/users/update/status', { userId, status: 'suspended' }],
      ['DELETE', '/api/v2/client/users/delete', { userId }],
    ] as const) {
      const res = await call(method, url, payload, stranger.liveToken);
      expect(res.status, url).toBe(404);
      expect(res.json.header.message).toBe('User not found');
    }
    const [row] = await query<{ hosting_status: string; email: string }>(t, sql`select hosting_status, email from vpn_accounts where id = ${userId}`);
    expect(row).toEqual({ hosting_status: 'active', email: 'owned@example.com' });
  });
});

describe('the sandbox: its own books, never live money or live accounts', () => {
  it('creates and changes sandbox users without touching the live wallet, accounts, mail or notifications', async () => {
    const r = await integrator('sandbox@example.com');
    const liveBefore = await balanceCents(t, r.id);
    const ledgerBefore = (await ledger(t, r.id)).length;
    const accountsBefore = await query(t, sql`select id, hosting_status, email, password_hash from vpn_accounts where reseller_id = ${r.id} order by id`);
    const notesBefore = (await r.api.unreadNotifications()).total;

    expect((await call('GET', '/api/v2/client/balance', undefined, r.sandboxToken)).json.body).toEqual({ balance: 10_000, mode: 'sandbox' });
    const made = await call('POST', '/api/v2/client/users/create', newUser('sandy'), r.sandboxToken);
    expect(made.status).toBe(201);
    expect(made.json.body).toMatchObject({ username: 'sandy', status: 'active', amount: 3, balance: 9_997 });
    const userId = made.json.body.userId as number;
    expect(userId).toBeGreaterThanOrEqual(1_000_000_000);
    await call('POST', '/api/v2/client/users/update/email', { userId, newEmail: 'sandy2@example.com' }, r.sandboxToken);
    await call('POST', '/api/v2/client/users/update/password', { userId, oldPassword: 'Str0ng!Password', newPassword: 'N3w!Password22' }, r.sandboxToken);
    await call('POST', '/api/v2/client/users/update/status', { userId, status: 'suspended' }, r.sandboxToken);
    await call('DELETE', '/api/v2/client/users/delete', { userId }, r.sandboxToken);

    expect(await balanceCents(t, r.id)).toBe(liveBefore);
    expect(await ledger(t, r.id)).toHaveLength(ledgerBefore);
    expect(await query(t, sql`select id, hosting_status, email, password_hash from vpn_accounts where reseller_id = ${r.id} order by id`)).toEqual(accountsBefore);
    expect((await r.api.unreadNotifications()).total).toBe(notesBefore);
    expect(await t.mails('sandy@example.com')).toHaveLength(0);
    expect(await t.mails('sandy2@example.com')).toHaveLength(0);
    expect((await r.api.listVpnAccounts({ search: 'sandy' })).total).toBe(0);
    const sandboxLedger = await query<{ amount_cents: number; kind: string }>(t, sql`select amount_cents, kind from sandbox_ledger where reseller_id = ${r.id} order by id`);
    expect(sandboxLedger).toEqual([
      { amount_cents: 1_000_000, kind: 'sandbox_opening' },
      { amount_cents: -300, kind: 'vpn_purchase' },
    ]);
  });

  it('keeps the two worlds apart: each key sees only its own users, and a username may exist in both', async () => {
    const r = await integrator('worlds@example.com');
    const liveId = (await call('POST', '/api/v2/client/users/create', newUser('twin'), r.liveToken)).json.body.userId as number;
    const sandboxId = (await call('POST', '/api/v2/client/users/create', newUser('twin'), r.sandboxToken)).json.body.userId as number;
    expect(sandboxId).not.toBe(liveId);
    expect((await call('GET', '/api/v2/client/users/search?query=twin', undefined, r.liveToken)).json.body).toEqual([expect.objectContaining({ userId: liveId })]);
    expect((await call('GET', '/api/v2/client/users/search?query=twin', undefined, r.sandboxToken)).json.body).toEqual([expect.objectContaining({ userId: sandboxId })]);
    expect((await call('DELETE', '/api/v2/client/users/delete', { userId: liveId }, r.sandboxToken)).status).toBe(404);
    expect((await call('DELETE', '/api/v2/client/users/delete', { userId: sandboxId }, r.liveToken)).status).toBe(404);
    const [live] = await query<{ hosting_status: string }>(t, sql`select hosting_status from vpn_accounts where id = ${liveId}`);
    expect(live?.hosting_status).toBe('active');
  });

  it('sets the play money to try a refused purchase; a live key may not', async () => {
    const r = await integrator('sandbox-balance@example.com');
    const set = await call('POST', '/api/v2/client/sandbox/balance', { balance: 1.5 }, r.sandboxToken);
    expect(set.json).toEqual({ header: { code: 200, status: 'success', message: 'Sandbox balance set.' }, body: { balance: 1.5, mode: 'sandbox' } });
    const refused = await call('POST', '/api/v2/client/users/create', newUser('broke'), r.sandboxToken);
    expect(refused.status).toBe(402);
    expect(refused.json.header.message).toBe('Insufficient Balance! your current balance is: $1.50 and transaction amount is: $3.00');
    for (const balance of [-1, 'x', 1_000_001, 1.234]) {
      expect((await call('POST', '/api/v2/client/sandbox/balance', { balance }, r.sandboxToken)).status, String(balance)).toBe(400);
    }
    const live = await call('POST', '/api/v2/client/sandbox/balance', { balance: 1_000_000 }, r.liveToken);
    expect(live.status).toBe(403);
    expect(live.json.header.message).toBe('This call is only available with a sandbox key.');
    expect((await call('GET', '/api/v2/client/balance', undefined, r.liveToken)).json.body).toEqual({ balance: 5_000, mode: 'live' });
  });
});

describe('Idempotency-Key', () => {
  it('answers a retried create with the first answer: one user, one debit', async () => {
    const r = await integrator('idem@example.com');
    const before = await balanceCents(t, r.id);
    const first = await call('POST', '/api/v2/client/users/create', newUser('once'), r.liveToken, { 'idempotency-key': 'create-once-1' });
    const again = await call('POST', '/api/v2/client/users/create', newUser('once'), r.liveToken, { 'idempotency-key': 'create-once-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await balanceCents(t, r.id)).toBe(before - 300);

    const other = await call('POST', '/api/v2/client/users/create', newUser('twice'), r.liveToken, { 'idempotency-key': 'create-once-1' });
    expect(other.status).toBe(422);
    expect(other.json.header).toMatchObject({ code: 'rspf-idempotency-1102', message: 'This Idempotency-Key was already used with different parameters.' });
    const bad = await call('POST', '/api/v2/client/users/create', newUser('bad'), r.liveToken, { 'idempotency-key': 'has space' });
    expect(bad.status).toBe(400);
    // Keys are per caller: the sandbox key may use the same one.
    expect((await call('POST', '/api/v2/client/users/create', newUser('once'), r.sandboxToken, { 'idempotency-key': 'create-once-1' })).status).toBe(201);
  });

  it('works for portal calls too', async () => {
    const r = await fundedReseller(t, 'idem-portal@example.com', 100_000);
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json() as Envelope<{ csrf_token: string }>;
    const headers = { 'csrf-token': csrf.body.csrf_token, cookie: `XSRF-TOKEN=${csrf.body.csrf_token}`, 'idempotency-key': 'portal-vpn-1' };
    const body = { quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: 'portal-idem@example.com', addon_id: '' };
    const a = await call('POST', '/api/v1/resellers/vpn/create', body, r.token, headers);
    const b = await call('POST', '/api/v1/resellers/vpn/create', body, r.token, headers);
    expect(b.json).toEqual(a.json);
    expect(await query(t, sql`select 1 from vpn_accounts where reseller_id = ${r.id}`)).toHaveLength(1);
  });
});

describe('rate limits per key', () => {
  it('answers 429 with Retry-After past the limit, per key, and says what is left', async () => {
    const r = await fundedReseller(limited, 'limits@example.com', 0);
    const key = (await r.api.generateSecretKey({})).SecretKey;
    const sandboxKey = (await r.api.generateSecretKey({ mode: 'sandbox' })).SecretKey;
    const generate = (secretKey: string) => limited.app.inject({ method: 'POST', url: '/api/v2/client/generate', payload: { secretKey } });
    const token = (await generate(key)).json().body.AccessToken as string;
    const balance = () => limited.app.inject({ method: 'GET', url: '/api/v2/client/balance', headers: { authorization: `Bearer ${token}` } });
    const second = await balance();
    expect(second.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '1' });
    await balance();
    const refused = await balance();
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.json().header).toMatchObject({ code: 'rspf-client-3107', message: expect.stringMatching(/^Rate limit exceeded: 3 requests a minute per key\. Try again in \d+ seconds?\.$/) });
    expect(refused.json().body).toEqual({ retry_after: seconds });
    // Another key has its own allowance.
    expect((await generate(sandboxKey)).statusCode).toBe(200);
    // The token calls are also limited per address, against guessing.
    expect((await generate('sk_live_guess')).statusCode).toBe(401);
    const guessed = await generate('sk_live_guess');
    expect(guessed.statusCode).toBe(429);
    expect(Number(guessed.headers['retry-after'])).toBeGreaterThan(0);
    expect(guessed.json().header.code).toBe('rspf-throttle-1007');
    expect(guessed.json().body).toEqual({ retry_after: Number(guessed.headers['retry-after']) });
  });
});
