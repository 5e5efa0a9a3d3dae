/**
 * Past one machine: two server processes (`src/main.ts`, as deployed) on one PostgreSQL. Process A
 * runs the socket server; process B has REALTIME_DRIVER=pusher and publishes through A's. What
 * docs/deploy.md promises is checked here: an event caused on B reaches a pusher-js client
 * connected to A, rate limits are counted once for both, and a renewal due runs exactly once.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError, REALTIME_EVENTS, createClient, type Client } from '@partner-panel/sdk';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { freshDatabase } from './support/db.js';
import { startMain, type MainProcess } from './support/process.js';
import { connected, pusherClient } from './support/realtime.js';

const database = await freshDatabase(2);
const shared = {
  DATABASE_URL: database.url,
  APP_SECRET: randomBytes(32).toString('hex'),
  REALTIME_SECRET: randomBytes(32).toString('hex'),
  // Both processes run the renewal job every second.
  RENEWALS_INTERVAL_SECONDS: '1',
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
    // Due an hour ago: the next run of either process's job renews it.
    await database.db.execute(sql`update vpn_accounts set end_at = now() - interval '1 hour' where id = ${id}`);
    const renewals = async () =>
      ((await database.db.execute(sql`select count(*)::int as n from wallet_ledger where kind = 'vpn_renewal' and reference like ${`vpn_account:${id}:renewal:%`}`)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
    await expect.poll(renewals, { timeout: 15_000 }).toBe(1);
    // Several more runs of both jobs: still one.
    await new Promise((r) => setTimeout(r, 3_500));
    expect(await renewals()).toBe(1);
    const [row] = ((await database.db.execute(sql`select end_at > now() + interval '27 days' as renewed from vpn_accounts where id = ${id}`)) as unknown as { rows: { renewed: boolean }[] }).rows;
    expect(row?.renewed).toBe(true);
  });
});
