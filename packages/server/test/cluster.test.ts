/**
 * Past one machine: two server processes (`src/main.ts`, as deployed) on one PostgreSQL. Process A
 * runs the socket server; process B has REALTIME_DRIVER=pusher and publishes through A's. What
 * docs/deploy.md promises is checked here: an event caused on B reaches a pusher-js client
 * connected to A, rate limits are counted once for both, a renewal due runs exactly once, and one
 * wallet charged through both at once pays exactly what it affords.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError, REALTIME_EVENTS, createClient, type Client } from '@partner-panel/sdk';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { RENEWALS_TASK } from '../src/modules/vpn/renewals.js';
import { freshDatabase } from './support/db.js';
import { startMain, type MainProcess } from './support/process.js';
import { connected, pusherClient } from './support/realtime.js';

const database = await freshDatabase(2);
const shared = {
  DATABASE_URL: database.url,
  APP_SECRET: randomBytes(32).toString('hex'),
  REALTIME_SECRET: randomBytes(32).toString('hex'),
  // Both processes work on the renewal job (scheduled every minute; the test queues its own runs).
  RENEWALS_INTERVAL_SECONDS: '60',
  NODE_ENV: 'development',
  DEMO_DATA: 'true',
};
const a: MainProcess = await startMain(shared);
const b: MainProcess = await startMain({ ...shared, REALTIME_DRIVER: 'pusher', REALTIME_API_URL: `http://127.0.0.1:${a.realtimePort}` });
afterAll(async () => {
  await Promise.all([a.stop(), b.stop()]);
  await database.drop();
});

const statusOf = (promise: Promise<unknown>) => promise.then(() => 200, (e: unknown) => (e instanceof ApiError ? e.httpStatus : 0));
const api = (server: MainProcess, token?: string): Client => createClient({ baseUrl: server.url, getToken: () => token, log: () => undefined });
async function signIn(server: MainProcess, email: string) {
  const user = await api(server).login({ email, password: DEMO_PASSWORD });
  return { id: user.id, token: user.access_token, api: api(server, user.access_token) };
}

describe('two server processes on one PostgreSQL', () => {
  it('are two processes, one with the socket server and one publishing to it', () => {
    expect(a.child.pid).not.toBe(b.child.pid);
    expect(a.realtimePort).toBeGreaterThan(0);
    expect(b.output).toContain(`Realtime: publishing to http://127.0.0.1:${a.realtimePort}`);
  });

  it('delivers a coupon generated through B to a pusher-js client connected to A', async () => {
    const reseller = await signIn(b, 'reseller@demo.partner-panel.test');
    // The client's socket is on A; its channel is signed by B (either process can sign).
    const { pusher, echo } = pusherClient(a.realtimePort, reseller.api);
    await connected(pusher);
    const channel = `reseller.${reseller.id}`;
    const notifications: { data: string }[] = [];
    const balances: { balance?: number }[] = [];
    const subscribed = new Promise<void>((resolve) => echo.private(channel).subscribed(() => resolve()));
    echo.private(channel).listen(`.${REALTIME_EVENTS.notification}`, (data: { data: string }) => notifications.push(data));
    echo.private(channel).listen(`.${REALTIME_EVENTS.balance}`, (data: { balance?: number }) => balances.push(data));
    await subscribed;

    const generated = await reseller.api.generateCoupons({ quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: '' });
    await expect.poll(() => notifications.length).toBe(1);
    expect(JSON.parse(notifications[0]?.data ?? '{}')).toMatchObject({ type: 'coupons_generated', message: expect.stringMatching(/^1 coupon generated for \$/) });
    await expect.poll(() => balances).toEqual([{ balance: generated.balance }]);
  });

  it('counts wrong passwords on A and on B together', async () => {
    const email = 'sub1@demo.partner-panel.test';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const server = i % 2 ? a : b;
      statuses.push(await statusOf(api(server).login({ email, password: 'Wrong!Password1' })));
    }
    expect(new Set(statuses).has(429)).toBe(false);
    // The eleventh try, with the right password, on either process: locked for the window.
    for (const server of [a, b]) {
      expect(await statusOf(api(server).login({ email, password: DEMO_PASSWORD }))).toBe(429);
    }
  });

  it('renews a due subscription once, though both processes run the renewal job', async () => {
    const admin = await signIn(a, 'admin@demo.partner-panel.test');
    const { account } = await admin.api.createVpnAccount({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: 'twice@example.com', addon_id: '' });
    const id = Number(account.hosting_id);
    // Due an hour ago. Four runs of the job queued at once, for the workers of both processes to
    // take together (a run held by a process that died overlaps the next in the same way); all four
    // are done when no renewal job is left (a failed one would stay, and fail the wait).
    await database.db.execute(sql`update vpn_accounts set end_at = now() - interval '1 hour' where id = ${id}`);
    await database.db.execute(sql`select graphile_worker.add_job(${RENEWALS_TASK}, '{}'::json, max_attempts => 1) from generate_series(1, 4)`);
    const renewalJobs = async () =>
      ((await database.db.execute(sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${RENEWALS_TASK}`)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
    await expect.poll(renewalJobs, { timeout: 15_000 }).toBe(0);
    const renewals = async () =>
      ((await database.db.execute(sql`select count(*)::int as n from wallet_ledger where kind = 'vpn_renewal' and reference like ${`vpn_account:${id}:renewal:%`}`)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
    expect(await renewals()).toBe(1);
    const [row] = ((await database.db.execute(sql`select end_at > now() + interval '27 days' as renewed from vpn_accounts where id = ${id}`)) as unknown as { rows: { renewed: boolean }[] }).rows;
    expect(row?.renewed).toBe(true);
  });

  it('lets exactly the affordable generations through when both processes charge one wallet at once, and nothing of a refused one is written', async () => {
    const onA = await signIn(a, 'reseller@demo.partner-panel.test');
    const onB = await signIn(b, 'reseller@demo.partner-panel.test');
    const order = { quantity: 1, billing_cycle: 'biennially' as const, product_id: 105, addon_type: '', billing_type: 1 as const, prefix: 'TWO' };
    const unit = Math.round((await onA.api.generateCoupons(order)).amount * 100);
    const affordable = 40;
    // 40 coupons' worth and a cent less than one more; the ledger records the change of balance.
    const q = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const [before] = await q<{ balance: string; ledger: string; coupons: number; batches: number; counter: number }>(
      sql`select balance_cents as balance, (select sum(amount_cents) from wallet_ledger where reseller_id = ${onA.id}) as ledger,
                 (select count(*)::int from coupons where reseller_id = ${onA.id}) as coupons,
                 (select count(*)::int from coupon_batches where reseller_id = ${onA.id}) as batches, coupons_total as counter
          from resellers where id = ${onA.id}`,
    );
    expect(Number(before?.balance)).toBe(Number(before?.ledger));
    const start = affordable * unit + unit - 1;
    const change = start - Number(before?.balance);
    await q(sql`with w as (update resellers set balance_cents = ${start} where id = ${onA.id} returning balance_cents)
                insert into wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, description)
                select ${onA.id}, ${change}, balance_cents, 'admin_credit', 'Test funds' from w`);

    // Three times what the wallet affords, half through each process, all at once.
    const calls = Array.from({ length: 3 * affordable }, (_, i) => statusOf((i % 2 ? onA : onB).api.generateCoupons(order)));
    const statuses = await Promise.all(calls);
    expect(statuses.filter((s) => s === 200)).toHaveLength(affordable);
    expect(statuses.filter((s) => s === 402)).toHaveLength(2 * affordable);

    const [after] = await q<{ balance: string; ledger: string; debits: number; coupons: number; batches: number; counter: number }>(
      sql`select balance_cents as balance, (select sum(amount_cents) from wallet_ledger where reseller_id = ${onA.id}) as ledger,
                 (select count(*)::int from wallet_ledger where reseller_id = ${onA.id} and kind = 'coupon_purchase' and description like 'Coupons:%'
                    and id > (select max(id) from wallet_ledger where reseller_id = ${onA.id} and description = 'Test funds')) as debits,
                 (select count(*)::int from coupons where reseller_id = ${onA.id}) as coupons,
                 (select count(*)::int from coupon_batches where reseller_id = ${onA.id}) as batches, coupons_total as counter
          from resellers where id = ${onA.id}`,
    );
    expect(Number(after?.balance)).toBe(unit - 1);
    expect(Number(after?.ledger)).toBe(Number(after?.balance));
    expect(after?.debits).toBe(affordable);
    expect(after?.coupons).toBe(Number(before?.coupons) + affordable);
    expect(after?.batches).toBe(Number(before?.batches) + affordable);
    expect(after?.counter).toBe(Number(before?.counter) + affordable);
  }, 60_000);
});
