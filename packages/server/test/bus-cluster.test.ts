/**
 * Two server processes (`src/main.ts`, as deployed) on one PostgreSQL, each running its own socket
 * server, fed by the PostgreSQL bus (REALTIME_BUS=postgres): a coupon generated through one is
 * announced to a pusher-js client on each (a rolled-back change announcing nothing is
 * realtime-bus.test.ts's, where the failure can be placed after the messages are sent).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, createClient, type Client } from '@partner-panel/sdk';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { freshDatabase } from './support/db.js';
import { startMain, type MainProcess } from './support/process.js';
import { connected, pusherClient } from './support/realtime.js';

const database = await freshDatabase(2);
const shared = {
  DATABASE_URL: database.url,
  APP_SECRET: randomBytes(32).toString('hex'),
  REALTIME_SECRET: randomBytes(32).toString('hex'),
  REALTIME_BUS: 'postgres',
  NODE_ENV: 'development',
  DEMO_DATA: 'true',
};
const a: MainProcess = await startMain(shared);
const b: MainProcess = await startMain(shared);
afterAll(async () => {
  await Promise.all([a.stop(), b.stop()]);
  await database.drop();
});

const api = (server: MainProcess, token?: string): Client => createClient({ baseUrl: server.url, getToken: () => token, log: () => undefined });

describe('two socket processes fed by the PostgreSQL bus', () => {
  it('each runs its own socket server on the bus', () => {
    for (const server of [a, b]) expect(server.output).toMatch(/Realtime \(Pusher protocol\): ws:\/\/127\.0\.0\.1:\d+, fed by the PostgreSQL bus/);
    expect(a.realtimePort).not.toBe(b.realtimePort);
  });

  it('announces a coupon generated through A to clients on A and on B, once each', async () => {
    const login = await api(a).login({ email: 'reseller@demo.partner-panel.test', password: DEMO_PASSWORD });
    const reseller = api(a, login.access_token);
    const channel = `reseller.${login.id}`;
    const clients = await Promise.all(
      [a, b].map(async (server) => {
        const { pusher, echo } = pusherClient(server.realtimePort, reseller);
        await connected(pusher);
        const heard: string[] = [];
        const subscribed = new Promise<void>((resolve) => echo.private(channel).subscribed(() => resolve()));
        echo.private(channel).listen(`.${REALTIME_EVENTS.notification}`, (event: { data: string }) => heard.push((JSON.parse(event.data) as { message: string }).message));
        await subscribed;
        return heard;
      }),
    );
    const order = { quantity: 1, billing_cycle: 'biennially' as const, product_id: 105, addon_type: '', billing_type: 1 as const, prefix: '' };
    await reseller.generateCoupons(order);
    for (const heard of clients) await expect.poll(() => heard.length).toBe(1);
    // A second one: had the first arrived twice anywhere, a client would now hold three.
    await reseller.generateCoupons(order);
    for (const heard of clients) {
      await expect.poll(() => heard.length).toBe(2);
      for (const message of heard) expect(message).toMatch(/^1 coupon generated for \$/);
    }
  });
});
