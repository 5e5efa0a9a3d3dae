/**
 * Reconciling by key over HTTP: the v2 users list (cursor, filters) and get, the events list, and
 * the IDOR matrix of every v2 call that names a user, an endpoint, a delivery or a cursor.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ListedUser, PartnerPanel } from '@partner-panel/sdk';
import { testApp } from './support/app.js';
import { partner, newUser } from './support/partner.js';
import { query } from './support/sql.js';

const t = await testApp({ env: { RATE_LIMIT_CLIENT_PER_MINUTE: '100000', RATE_LIMIT_CLIENT_TOKENS_PER_IP: '10000', JOB_WORKERS: '0' } });



async function get(url: string, pp: PartnerPanel) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${(await pp.tokens()).AccessToken}` } });
  return { status: res.statusCode, json: res.json() as { header: { code: string | number; message: string }; body: unknown } };
}

/** Sandbox accounts made straight in the table: `n` users, several sharing one creation time. */
async function seedUsers(resellerId: number, prefix: string, n: number) {
  await t.database.db.execute(sql`
    insert into sandbox_vpn_accounts (reseller_id, username, password_hash, email, product_id, billing_type, cycle, hosting_status, source, start_at, end_at, created_at)
    select ${resellerId}, ${prefix} || g, 'x', ${prefix} || g || '@example.com', (select id from products where billing_type = 1 and cycle = 'monthly' limit 1), 1, 'monthly',
           'active', 'client_api', now(), now() + interval '30 days', now() - interval '1 day' + ((g / 3) * interval '1 second')
    from generate_series(1, ${n}) g`);
  return (await query<{ id: number }>(t, sql`select id from sandbox_vpn_accounts where reseller_id = ${resellerId} and username like ${`${prefix}%`}`)).map((r) => Number(r.id));
}

describe('GET /api/v2/client/users', () => {
  it('walks 250 users with the cursor, none missed or repeated while users are created during the walk', async () => {
    const p = await partner(t, 'lists-walk@example.com');
    const seeded = await seedUsers(p.id, 'walk', 250);
    const walked: ListedUser[] = [];
    let made = 0;
    for await (const user of p.sandbox.users.list({ limit: 7 })) {
      walked.push(user);
      // Every twentieth user read, another is created.
      if (walked.length % 20 === 0) await p.sandbox.users.create(newUser(`walknew${made++}`));
    }
    expect(made).toBeGreaterThan(10);
    const ids = walked.map((u) => u.userId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...seeded].sort());
    // Newest first: created_at, then id, never going up.
    for (let i = 1; i < walked.length; i++) {
      const [a, b] = [walked[i - 1] as ListedUser, walked[i] as ListedUser];
      expect(a.created_at > b.created_at || (a.created_at === b.created_at && a.userId > b.userId)).toBe(true);
    }
    // A new walk sees the users made during the first one, first.
    const again = await p.sandbox.users.list({ limit: 100 }).toArray();
    expect(again).toHaveLength(250 + made);
    expect(again[0]?.username).toBe(`walknew${made - 1}`);
    // The live key sees none of the sandbox's.
    expect(await p.live.users.list().toArray()).toEqual([]);
  });

  it('filters by status, creation range and e-mail prefix (its % and _ are letters)', async () => {
    const p = await partner(t, 'lists-filter@example.com');
    const a = await p.sandbox.users.create(newUser('filtera', 'ann_1@corp.test'));
    const b = await p.sandbox.users.create(newUser('filterb', 'annx1@corp.test'));
    const c = await p.sandbox.users.create(newUser('filterc', 'bob@corp.test'));
    await p.sandbox.users.updateStatus(b.userId, 'suspended');
    await p.sandbox.users.delete(c.userId);
    const ids = async (filters: Parameters<typeof p.sandbox.users.list>[0]) => (await p.sandbox.users.list(filters).toArray()).map((u) => u.userId);
    expect(await ids({ status: 'active' })).toEqual([a.userId]);
    expect(await ids({ status: 'suspended' })).toEqual([b.userId]);
    expect(await ids({ status: 'deleted' })).toEqual([c.userId]);
    expect(await ids({ email_prefix: 'ANN' })).toEqual([b.userId, a.userId]);
    expect(await ids({ email_prefix: 'ann_' })).toEqual([a.userId]);
    expect(await ids({ email_prefix: 'ann%' })).toEqual([]);
    await t.database.db.execute(sql`update sandbox_vpn_accounts set created_at = '2026-01-10T00:00:00Z' where id = ${a.userId}`);
    expect(await ids({ created_gte: '2026-01-01', created_lte: '2026-01-31T23:59:59Z' })).toEqual([a.userId]);
    expect(await ids({ created_gte: '2026-02-01' })).toEqual([c.userId, b.userId]);
  });

  it('refuses a reversed range, a limit outside 1–100, a misspelled status and a cursor that is not its own user', async () => {
    const p = await partner(t, 'lists-refuse@example.com');
    const other = await partner(t, 'lists-refuse-other@example.com');
    const theirs = await other.sandbox.users.create(newUser('refusetheirs'));
    const cases: [string, string][] = [
      ['?created_gte=2026-02-01&created_lte=2026-01-01', 'created_gte must not be after created_lte'],
      ['?limit=0', 'limit must be a whole number from 1 to 100'],
      ['?limit=101', 'limit must be a whole number from 1 to 100'],
      ['?limit=ten', 'limit must be a whole number from 1 to 100'],
      ['?status=activ', 'status must be one of active, suspended, expired, deleted'],
      ['?created_gte=yesterday', 'created_gte must be an ISO 8601 date or date-time'],
      ['?email_prefix=%20%20', 'email_prefix must not be empty'],
      [`?starting_after=${theirs.userId}`, 'starting_after names no item of this list: pass the id of the last item of the page before.'],
    ];
    for (const [q, message] of cases) {
      const res = await get(`/api/v2/client/users${q}`, p.sandbox);
      expect({ q, status: res.status, message: res.json.header.message }).toEqual({ q, status: 400, message });
    }
  });
});

describe('GET /api/v2/client/users/{userId}', () => {
  it("answers one of the key's users; another reseller's, another mode's or a missing id is 'User not found'", async () => {
    const p = await partner(t, 'lists-get@example.com');
    const other = await partner(t, 'lists-get-other@example.com');
    const mine = await p.sandbox.users.create(newUser('getmine'));
    const live = await p.live.users.create(newUser('getlive'));
    const theirs = await other.sandbox.users.create(newUser('gettheirs'));
    const got = await p.sandbox.users.get(mine.userId);
    expect(got).toMatchObject({ userId: mine.userId, username: 'getmine', email: 'getmine@example.com', status: 'active', billing_type: 1, billing_cycle: 'monthly' });
    expect(Date.parse(got.created_at)).toBeGreaterThan(Date.now() - 60_000);
    for (const id of [theirs.userId, live.userId, 2_000_000_000]) {
      const res = await get(`/api/v2/client/users/${id}`, p.sandbox);
      expect(res).toEqual({ status: 404, json: { header: { code: 'rspf-client-3105', status: 'error', message: 'User not found' }, body: null } });
    }
    expect((await get('/api/v2/client/users/abc', p.sandbox)).status).toBe(400);
    expect((await get('/api/v2/client/users/0', p.sandbox)).status).toBe(400);
  });
});

describe('the IDOR matrix of reconciling and webhooks: another reseller\'s ids', () => {
  it('refuses every call naming an id that is not the key\'s own exactly as a missing one, and changes nothing', async () => {
    const owner = await partner(t, 'idor-owner@example.com');
    const intruder = await partner(t, 'idor-intruder@example.com');
    const user = await owner.sandbox.users.create(newUser('idoruser'));
    const endpoint = await owner.sandbox.webhookEndpoints.create({ url: 'http://127.0.0.1:9/idor' });
    await owner.sandbox.webhookEndpoints.sendTest(endpoint.id);
    const [delivery] = await query<{ id: number }>(t, sql`select id from webhook_deliveries where endpoint_id = ${endpoint.id}`);
    const [event] = await query<{ id: string }>(t, sql`select id from events where reseller_id = ${owner.id} and type = 'vpn_user.created'`);
    const snapshot = async () =>
      JSON.stringify(await query(t, sql`select id, url, status, event_types, secret_sealed, previous_secret_sealed from webhook_endpoints where reseller_id = ${owner.id}`)) +
      JSON.stringify(await query(t, sql`select count(*) from webhook_deliveries`)) +
      JSON.stringify(await query(t, sql`select id, email, hosting_status from sandbox_vpn_accounts where reseller_id = ${owner.id}`));
    const before = await snapshot();
    const token = (await intruder.sandbox.tokens()).AccessToken;
    const missingEndpoint = { header: { code: 'rspf-webhook-4201', status: 'error', message: 'Webhook endpoint not found.' }, body: null };
    const missingCursor = { header: { code: 'rspf-list-1201', status: 'error', message: 'starting_after names no item of this list: pass the id of the last item of the page before.' }, body: null };
    const matrix: [string, string, unknown, unknown][] = [
      ['GET', `/api/v2/client/users/${user.userId}`, undefined, { header: { code: 'rspf-client-3105', status: 'error', message: 'User not found' }, body: null }],
      ['GET', `/api/v2/client/users?starting_after=${user.userId}`, undefined, missingCursor],
      ['GET', `/api/v2/client/events?starting_after=${event?.id}`, undefined, missingCursor],
      ['POST', '/api/v2/client/webhook-endpoints/update', { endpointId: endpoint.id, url: 'http://127.0.0.1:9/stolen' }, missingEndpoint],
      ['POST', '/api/v2/client/webhook-endpoints/rotate-secret', { endpointId: endpoint.id }, missingEndpoint],
      ['DELETE', '/api/v2/client/webhook-endpoints/delete', { endpointId: endpoint.id }, missingEndpoint],
      ['POST', '/api/v2/client/webhook-endpoints/test', { endpointId: endpoint.id }, missingEndpoint],
      ['GET', `/api/v2/client/webhook-endpoints/deliveries?endpointId=${endpoint.id}`, undefined, missingEndpoint],
      ['POST', '/api/v2/client/webhook-endpoints/deliveries/resend', { deliveryId: delivery?.id }, { header: { code: 'rspf-webhook-4208', status: 'error', message: 'Delivery not found.' }, body: null }],
    ];
    for (const [method, url, payload, expected] of matrix) {
      for (const bearer of [token, (await owner.live.tokens()).AccessToken]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: `Bearer ${bearer}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
          ...(payload ? { payload: JSON.stringify(payload) } : {}),
        });
        expect({ url, status: res.statusCode, json: res.json() }).toEqual({ url, status: (expected as { header: { code: string } }).header.code === 'rspf-list-1201' ? 400 : 404, json: expected });
      }
    }
    expect(await owner.sandbox.webhookEndpoints.list()).toHaveLength(1);
    expect(await snapshot()).toBe(before);
    // The webhook calls of the v2 API are the key's: none of them is reachable without a token.
    for (const [method, url] of matrix) {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('the job queue, as health and metrics read it', () => {
  it('says whether this process works on jobs, how many wait and since when', async () => {
    // This file's app runs no workers (JOB_WORKERS=0): what is queued stays queued.
    const p = await partner(t, 'queue-stats@example.com');
    const endpoint = await p.sandbox.webhookEndpoints.create({ url: 'http://127.0.0.1:9/stats' });
    const before = await t.app.ctx.queue.stats(t.database.db);
    expect(before.running).toBe(false);
    await p.sandbox.webhookEndpoints.sendTest(endpoint.id);
    await p.sandbox.users.create(newUser('queuestats'));
    await t.database.db.execute(sql`update graphile_worker._private_jobs set run_at = now() - interval '90 seconds' where task_id = (select id from graphile_worker._private_tasks where identifier = 'webhooks.fanout')`);
    const after = await t.app.ctx.queue.stats(t.database.db);
    expect(after).toEqual({ running: false, depth: before.depth + 2, oldestAgeSeconds: expect.any(Number) });
    expect(after.oldestAgeSeconds).toBeGreaterThanOrEqual(90);
  });
});
