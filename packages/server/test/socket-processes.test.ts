/**
 * The deployment's realtime layout (deploy/compose.yaml): an app process that runs no socket server
 * and sends its events on the PostgreSQL bus (REALTIME_DRIVER=bus), and two socket processes of
 * their own (`src/cli/realtime.ts`, REALTIME_BUS=postgres) listening on it. A client on either
 * hears every event of its channel once, a large one read by id; a private channel still needs its signature; a session
 * ended closes its socket on whichever process holds it; a socket process stopped closes its
 * sockets with 4200 and exits 0. The production rehearsal runs the same behind Caddy under load.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, createClient, type Client } from '@partner-panel/sdk';
import { INLINE_LIMIT, sendOnBus } from '../src/adapters/realtime/bus.js';
import { loadConfig, loadRealtimeConfig } from '../src/config.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { freshDatabase } from './support/db.js';
import { startMain, type MainProcess } from './support/process.js';
import { closedWith, connected, pusherClient, rawSocket } from './support/realtime.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const database = await freshDatabase(2);
const shared = { DATABASE_URL: database.url, APP_SECRET: randomBytes(32).toString('hex'), REALTIME_SECRET: randomBytes(32).toString('hex') };

interface SocketProcess {
  output: string;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `src/cli/realtime.ts` as compose runs `dist/cli/realtime.js`; resolves once it prints where it listens, or with its exit. */
function socketProcess(env: Record<string, string>): Promise<SocketProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/realtime.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', REALTIME_HOST: '127.0.0.1', REALTIME_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: SocketProcess = {
    output: '',
    port: 0,
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return proc.exited;
    },
  };
  return new Promise((resolve) => {
    const read = (d: Buffer) => {
      proc.output += d.toString();
      const port = /Realtime \(Pusher protocol\): ws:\/\/127\.0\.0\.1:(\d+)/.exec(proc.output)?.[1];
      if (port && !proc.port) resolve(Object.assign(proc, { port: Number(port) }));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void proc.exited.then(() => resolve(proc));
  });
}

const bus = { ...shared, REALTIME_BUS: 'postgres' };
const app: MainProcess = await startMain({ ...shared, REALTIME_DRIVER: 'bus', NODE_ENV: 'development', DEMO_DATA: 'true' });
const sockets = await Promise.all([socketProcess(bus), socketProcess(bus)]);
afterAll(async () => {
  await Promise.all([app.stop(), ...sockets.map((s) => s.stop())]);
  await database.drop();
});

const api = (token?: string): Client => createClient({ baseUrl: app.url, getToken: () => token, log: () => undefined });

describe('socket processes fed by the PostgreSQL bus', () => {
  it('runs no socket server in the app process, and one in each socket process, listening on the bus', () => {
    expect(app.output).toContain('Realtime: sending events on the PostgreSQL bus to the socket processes');
    expect(app.realtimePort).toBe(0);
    for (const s of sockets) expect(s.output, s.output).toMatch(/Realtime \(Pusher protocol\): ws:\/\/127\.0\.0\.1:\d+, app partner-panel, fed by the PostgreSQL bus/);
    expect(sockets[0]?.port).not.toBe(sockets[1]?.port);
  });

  it('announces a change made through the app to a client on each socket process, once each', async () => {
    const login = await api().login({ email: 'reseller@demo.partner-panel.test', password: DEMO_PASSWORD });
    const reseller = api(login.access_token);
    const channel = `reseller.${login.id}`;
    const heard = await Promise.all(
      sockets.map(async (s) => {
        const { pusher, echo } = pusherClient(s.port, reseller);
        await connected(pusher);
        const balances: number[] = [];
        const subscribed = new Promise<void>((resolve) => echo.private(channel).subscribed(() => resolve()));
        echo.private(channel).listen(`.${REALTIME_EVENTS.balance}`, (event: { balance: number }) => balances.push(event.balance));
        await subscribed;
        return balances;
      }),
    );
    const order = { quantity: 1, billing_cycle: 'biennially' as const, product_id: 105, addon_type: '', billing_type: 1 as const, prefix: '' };
    const first = await reseller.generateCoupons(order);
    const second = await reseller.generateCoupons(order);
    // The second's balance arriving means the first's came before it (commit order): each once.
    for (const balances of heard) {
      await expect.poll(() => balances.at(-1)).toBe(second.balance);
      expect(balances).toEqual([first.balance, second.balance]);
    }
  });

  it('keeps a private channel’s authorisation on every socket process', async () => {
    const login = await api().login({ email: 'reseller@demo.partner-panel.test', password: DEMO_PASSWORD });
    for (const s of sockets) {
      const socket = await rawSocket(`ws://127.0.0.1:${s.port}/app/partner-panel-key?protocol=7`);
      const { socket_id } = (await socket.next('pusher:connection_established')).data as { socket_id: string };
      // A signature the app gave another socket does not open the channel to this one.
      const signed = await api(login.access_token).broadcastingAuth({ socket_id: '1.2', channel_name: `private-reseller.${login.id}` });
      socket.send('pusher:subscribe', { channel: `private-reseller.${login.id}`, ...signed });
      expect((await socket.next('pusher:subscription_error')).data).toMatchObject({ status: 401 });
      const own = await api(login.access_token).broadcastingAuth({ socket_id, channel_name: `private-reseller.${login.id}` });
      socket.send('pusher:subscribe', { channel: `private-reseller.${login.id}`, ...own });
      await socket.next('pusher_internal:subscription_succeeded');
      socket.ws.close();
    }
  });

  it('reads a message over NOTIFY’s limit through its own connection, whole', async () => {
    const socket = await rawSocket(`ws://127.0.0.1:${sockets[1]?.port}/app/partner-panel-key?protocol=7`);
    await socket.next('pusher:connection_established');
    socket.send('pusher:subscribe', { channel: 'large' });
    await socket.next('pusher_internal:subscription_succeeded');
    const data = JSON.stringify({ text: 'x'.repeat(INLINE_LIMIT * 2) });
    await sendOnBus(database.db, { kind: 'publish', channels: ['large'], event: 'large.event', data });
    expect((await socket.next('large.event', 'large')).data).toEqual(JSON.parse(data));
    socket.ws.close();
  });

  it('closes a socket on a socket process when the session behind it ends (4009, through the bus)', async () => {
    const login = await api().login({ email: 'reseller@demo.partner-panel.test', password: DEMO_PASSWORD });
    const session = api(login.access_token);
    const { pusher, echo } = pusherClient(sockets[1]?.port as number, session);
    await connected(pusher);
    await new Promise<void>((resolve) => echo.private(`reseller.${login.id}`).subscribed(() => resolve()));
    const closed = closedWith(pusher);
    await session.logout();
    expect(await closed).toBe(4009);
  });

  it('closes its sockets with 4200 on SIGTERM and exits 0', async () => {
    const socket = await rawSocket(`ws://127.0.0.1:${sockets[0]?.port}/app/partner-panel-key?protocol=7`);
    await socket.next('pusher:connection_established');
    const stopped = sockets[0]?.stop();
    expect((await socket.closed).code).toBe(4200);
    expect(await stopped).toEqual({ code: 0, signal: null });
  });
});

describe('the settings of the bus layout', () => {
  it('refuses a socket process on the bus without the database to listen in, and says so', async () => {
    expect(() => loadRealtimeConfig({ REALTIME_BUS: 'postgres', REALTIME_SECRET: 'x' })).toThrow(/REALTIME_BUS=postgres needs DATABASE_URL/);
    const refused = await socketProcess({ REALTIME_BUS: 'postgres', REALTIME_SECRET: 'x' });
    expect(await refused.exited).toEqual({ code: 1, signal: null });
    expect(refused.output).toContain('REALTIME_BUS=postgres needs DATABASE_URL');
  });

  it('refuses the bus driver without an external database, which no socket process could listen in', () => {
    expect(() => loadConfig({ REALTIME_DRIVER: 'bus' })).toThrow(/REALTIME_DRIVER=bus needs DATABASE_URL/);
    expect(loadConfig({ REALTIME_DRIVER: 'bus', DATABASE_URL: 'postgres://db/panel' }).realtime).toMatchObject({ driver: 'bus', channelData: true });
    // The Pusher API driver cannot be fed by the bus.
    expect(() => loadConfig({ REALTIME_DRIVER: 'pusher', REALTIME_API_URL: 'http://rt:6001', REALTIME_SECRET: 'x', REALTIME_BUS: 'postgres' })).toThrow(/REALTIME_BUS=postgres needs REALTIME_DRIVER=embedded/);
  });
});
