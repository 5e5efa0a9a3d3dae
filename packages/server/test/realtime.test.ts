/**
 * The embedded Pusher-protocol server with real pusher-js and laravel-echo clients, its signed
 * HTTP API with the official `pusher` library, and several processes sharing one socket server.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import { request } from 'node:http';
import Pusher from 'pusher';
import StockPusher from 'pusher-js';
import Echo from 'laravel-echo';
import { describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, type NoticeText } from '@partner-panel/sdk';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { transact } from '../src/db/unit.js';
import { closedWith, connected, loopback, pusherClient, rawSocket, signedIn } from './support/realtime.js';
import { linkHash, testApp } from './support/app.js';
import { MEMBER_PASSWORD, joinAs } from './support/team.js';
import { fundedReseller, query } from './support/sql.js';
import { CARDS, payTestCard } from './support/billing.js';
import { apiStringToSign, md5 } from '../src/adapters/realtime/signature.js';
import { MAX_CHANNELS_PER_CONNECTION } from '../src/adapters/realtime/protocol.js';
import { RealtimeServer } from '../src/adapters/realtime/server.js';
import { createRealtime } from '../src/adapters/realtime/index.js';

const t = await testApp({ env: { REALTIME_PORT: '0' } });
const server = t.app.ctx.realtime.server;
if (!server) throw new Error('the embedded realtime server is the default');
const port = await server.listen(0, '127.0.0.1');
const secret = createHmac('sha256', t.app.ctx.secret).update('realtime').digest('hex');
const wsUrl = (key = 'partner-panel-key', protocol = 7) => `ws://127.0.0.1:${port}/app/${key}?protocol=${protocol}&client=js&version=8.6.0`;

const reseller = await t.signIn('reseller@demo.partner-panel.test');
const admin = await t.signIn('admin@demo.partner-panel.test');
const channel = `reseller.${reseller.user.id}`;
let httpAddress: string | undefined;
/** The API on a real port, for clients that make their own HTTP requests. */
const listening = async () => (httpAddress ??= await t.app.listen({ port: 0, host: '127.0.0.1' }));

describe('pusher-js and laravel-echo against the embedded server', () => {
  it('connects and receives connection_established with a socket id', async () => {
    const { pusher } = pusherClient(port, reseller.api);
    await connected(pusher);
    expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);
  });

  it('subscribes to its own private channel, authorised by /broadcasting/auth, and receives events', async () => {
    const { pusher, echo } = pusherClient(port, reseller.api);
    const received: unknown[] = [];
    const subscribed = new Promise<void>((resolve) => echo.private(channel).subscribed(() => resolve()));
    echo.private(channel).listen(`.${REALTIME_EVENTS.notification}`, (data: unknown) => received.push(data));
    await subscribed;
    expect(await server.subscriberCount(`private-${channel}`)).toBeGreaterThanOrEqual(1);
    // A domain change: the status update notifies the reseller.
    await reseller.api.updateProfile({ update: 'status', value: 2 });
    await expect.poll(() => received.length).toBe(1);
    const event = received[0] as { uid: string; data: string; read_at: null };
    expect(JSON.parse(event.data)).toMatchObject({ type: 'status_changed', redirect: 'profile' });
    await reseller.api.updateProfile({ update: 'status', value: 1 });
    await expect.poll(() => received.length).toBe(2);
    expect(pusher.connection.state).toBe('connected');
  });

  it('hears the balance update after a wallet change commits, and nothing when it rolls back', async () => {
    const { echo } = pusherClient(port, reseller.api);
    const balances: unknown[] = [];
    const subscribed = new Promise<void>((resolve) => echo.private(channel).subscribed(() => resolve()));
    echo.private(channel).listen(`.${REALTIME_EVENTS.balance}`, (data: unknown) => balances.push(data));
    await subscribed;
    await expect(
      transact(t.app.ctx, async (unit) => {
        t.app.ctx.notifier.balanceChanged(unit, reseller.user.id, 1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await transact(t.app.ctx, async (unit) => t.app.ctx.notifier.balanceChanged(unit, reseller.user.id, 123_456));
    await expect.poll(() => balances).toEqual([{ balance: 1234.56 }]);
  });

  it("hears a card payment's credit: the new balance and the payment's notification", async () => {
    const payer = await fundedReseller(t, 'realtime-payer@example.com', 0);
    const { echo } = pusherClient(port, payer.api);
    const heard: { event: string; data: unknown }[] = [];
    const own = `reseller.${payer.id}`;
    const subscribed = new Promise<void>((resolve) => echo.private(own).subscribed(() => resolve()));
    echo.private(own).listen(`.${REALTIME_EVENTS.balance}`, (data: unknown) => heard.push({ event: 'balance', data }));
    echo.private(own).listen(`.${REALTIME_EVENTS.notification}`, (data: unknown) => heard.push({ event: 'notification', data }));
    await subscribed;
    await payTestCard(payer.api, CARDS.ok, { amount: 2000 });
    await expect.poll(() => heard.length).toBe(2);
    expect(heard.find((h) => h.event === 'balance')?.data).toEqual({ balance: 2000 });
    const notification = heard.find((h) => h.event === 'notification')?.data as { data: string };
    expect(JSON.parse(notification.data)).toMatchObject({ type: 'payment_received' });
  });

  it('lets a stock pusher-js client, given only the endpoint and a bearer header, subscribe to its own channel', async () => {
    const address = await listening();
    // The stock client, as a partner's app would use it: no handler of ours, only the endpoint.
    const stock = new StockPusher('partner-panel-key', {
      ...loopback(port),
      enabledTransports: ['ws'],
      channelAuthorization: { endpoint: `${address}/broadcasting/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${reseller.token}` } },
    });
    try {
      const own = stock.subscribe(`private-${channel}`);
      await new Promise<void>((resolve, reject) => {
        own.bind('pusher:subscription_succeeded', () => resolve());
        own.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
      });
      const received: unknown[] = [];
      own.bind('custom.stock', (data: unknown) => received.push(data));
      server.publish([`private-${channel}`], 'custom.stock', JSON.stringify({ hello: 'stock' }));
      await expect.poll(() => received).toEqual([{ hello: 'stock' }]);
      // Another reseller's channel is refused by the endpoint, so the subscription fails.
      const other = stock.subscribe(`private-reseller.${admin.user.id}`);
      const status = await new Promise<number>((resolve) => other.bind('pusher:subscription_error', (e: { status: number }) => resolve(e.status)));
      expect(status).toBe(403);
    } finally {
      stock.disconnect();
    }
  });

  it('lets stock laravel-echo, given only authEndpoint and a bearer header, listen on its own channel', async () => {
    const address = await listening();
    const echo = new Echo({
      broadcaster: 'pusher',
      Pusher: StockPusher,
      key: 'partner-panel-key',
      ...loopback(port),
      authEndpoint: `${address}/broadcasting/auth`,
      auth: { headers: { Authorization: `Bearer ${reseller.token}` } },
    } as never) as Echo<'pusher'>;
    try {
      const received: unknown[] = [];
      const subscribed = new Promise<void>((resolve) => echo.private(channel).subscribed(() => resolve()));
      echo.private(channel).listen('.custom.echo', (data: unknown) => received.push(data));
      await subscribed;
      server.publish([`private-${channel}`], 'custom.echo', JSON.stringify({ hello: 'echo' }));
      await expect.poll(() => received).toEqual([{ hello: 'echo' }]);
    } finally {
      echo.disconnect();
    }
  });

  it('answers the Pusher convention { auth, channel_data } at the top level, JSON or form, and the envelope on refusal', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { authorization: `Bearer ${reseller.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=123.456&channel_name=private-${channel}`,
    });
    expect(form.statusCode).toBe(200);
    // channel_data names the session that asked, and the signature covers it (as a presence channel's does).
    const channelData = JSON.stringify({ user_id: `session-${(await reseller.api.listSessions()).find((s) => s.current)?.id}` });
    expect(form.json()).toEqual({
      auth: `partner-panel-key:${createHmac('sha256', secret).update(`123.456:private-${channel}:${channelData}`).digest('hex')}`,
      channel_data: channelData,
    });
    const anonymous = await t.app.inject({ method: 'POST', url: '/broadcasting/auth', payload: { socket_id: '1.2', channel_name: `private-${channel}` } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().header).toMatchObject({ status: 'forbidden', code: 'rspf-auth-1006' });
  });

  it("tells an API key or its access token that the channel is the portal's, and webhooks the server's", async () => {
    const sandbox = (await reseller.api.generateSecretKey({ mode: 'sandbox' })).SecretKey;
    const tokens = await t.app.inject({ method: 'POST', url: '/api/v2/client/generate', payload: { secretKey: sandbox } });
    const accessToken = (tokens.json() as { body: { AccessToken: string } }).body.AccessToken;
    const message =
      "The realtime channel is for the portal's signed-in resellers, not for API keys or their access tokens: your server hears of events through webhooks.";
    for (const bearer of [accessToken, sandbox]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: { authorization: `Bearer ${bearer}` },
        payload: { socket_id: '1.2', channel_name: `private-${channel}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().header).toMatchObject({ status: 'error', code: 'rspf-realtime-6003', message });
    }
    // On the portal's other calls the same token is told where it works.
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/resellers/profile', headers: { authorization: `Bearer ${accessToken}` } });
    expect(profile.statusCode).toBe(401);
    expect(profile.json().header).toMatchObject({
      code: 'rspf-auth-1008',
      message: 'This is a v2 client API key or access token: it works only on the /api/v2/client calls. Portal calls need a signed-in reseller.',
    });
  });

  it("cannot subscribe to another reseller's channel: /broadcasting/auth refuses", async () => {
    const { echo } = pusherClient(port, reseller.api);
    const errors: unknown[] = [];
    echo.private(`reseller.${admin.user.id}`).error((e: unknown) => errors.push(e));
    await expect.poll(() => errors.length).toBe(1);
    expect(await server.subscriberCount(`private-reseller.${admin.user.id}`)).toBe(0);
    await expect(reseller.api.broadcastingAuth({ socket_id: '1.2', channel_name: `private-reseller.${admin.user.id}` })).rejects.toMatchObject({
      httpStatus: 403,
      code: 'rspf-realtime-6002',
    });
  });

  it('refuses a forged signature on the socket itself', async () => {
    const raw = await rawSocket(wsUrl());
    const established = await raw.next('pusher:connection_established');
    const socketId = (established.data as { socket_id: string }).socket_id;
    const target = `private-reseller.${admin.user.id}`;
    const channelData = JSON.stringify({ user_id: 'session-1' });
    const signed = (key: string, text: string) => `partner-panel-key:${createHmac('sha256', key).update(text).digest('hex')}`;
    const forged = signed('not-the-secret', `${socketId}:${target}:${channelData}`);
    raw.send('pusher:subscribe', { channel: target, auth: forged, channel_data: channelData });
    const error = await raw.next('pusher:subscription_error', target);
    expect(error.data).toMatchObject({ type: 'AuthError', status: 401 });
    const refusals = () => raw.frames.filter((f) => f.event === 'pusher:subscription_error').map((f) => (f.data as { error: string }).error);
    // A signature for another socket does not work either; nor one whose session was swapped for
    // another, nor one sent without the channel_data it covers (its socket would answer to no session).
    raw.send('pusher:subscribe', { channel: target, auth: signed(secret, `1.1:${target}:${channelData}`), channel_data: channelData });
    raw.send('pusher:subscribe', { channel: target, auth: signed(secret, `${socketId}:${target}:${channelData}`), channel_data: JSON.stringify({ user_id: 'session-2' }) });
    raw.send('pusher:subscribe', { channel: target, auth: signed(secret, `${socketId}:${target}`) });
    await expect.poll(() => refusals().length).toBe(4);
    expect(refusals().slice(1)).toEqual([
      'The connection is unauthorized: invalid signature for this channel and socket',
      'The connection is unauthorized: invalid signature for this channel and socket',
      'The connection is unauthorized: send the channel_data that came with the channel authorisation',
    ]);
    expect(await server.subscriberCount(target)).toBe(0);
    raw.ws.close();
  });

  it('answers ping with pong, refuses client events, and rejects an unknown app key or protocol', async () => {
    const raw = await rawSocket(wsUrl());
    await raw.next('pusher:connection_established');
    raw.send('pusher:ping', {});
    await raw.next('pusher:pong');
    raw.ws.send(JSON.stringify({ event: 'client-typing', channel: 'private-x', data: {} }));
    expect((await raw.next('pusher:error')).data).toMatchObject({ message: 'Client events are not enabled on this server' });
    raw.ws.close();

    const wrongKey = await rawSocket(wsUrl('unknown-key'));
    expect((await wrongKey.next('pusher:error')).data).toMatchObject({ code: 4001 });
    expect((await wrongKey.closed).code).toBe(4001);
    const oldProtocol = await rawSocket(wsUrl('partner-panel-key', 3));
    expect((await oldProtocol.next('pusher:error')).data).toMatchObject({ code: 4007 });
    expect((await oldProtocol.closed).code).toBe(4007);
  });

  it('reconnects and resubscribes after the server restarts, then receives events again', async () => {
    const { pusher, echo } = pusherClient(port, reseller.api);
    const received: unknown[] = [];
    let subscriptions = 0;
    echo.private(channel).subscribed(() => subscriptions++);
    echo.private(channel).listen(`.${REALTIME_EVENTS.balance}`, (data: unknown) => received.push(data));
    await expect.poll(() => subscriptions).toBe(1);
    await server.close();
    await expect.poll(() => pusher.connection.state).not.toBe('connected');
    await server.listen(port, '127.0.0.1');
    // pusher-js retries a server it could not reach on its own schedule (about 15 s).
    await expect.poll(() => subscriptions, { timeout: 60_000 }).toBe(2);
    await transact(t.app.ctx, async (unit) => t.app.ctx.notifier.balanceChanged(unit, reseller.user.id, 500));
    await expect.poll(() => received).toEqual([{ balance: 5 }]);
  });
});

describe('activity timeout', () => {
  it('pings a quiet client and closes it (4201) when no pong comes', async () => {
    const quiet = await testApp({ env: { REALTIME_ACTIVITY_TIMEOUT: '1' } });
    const rt = quiet.app.ctx.realtime.server;
    if (!rt) throw new Error('embedded server expected');
    (rt as unknown as { opts: { pongTimeoutMs: number } }).opts.pongTimeoutMs = 500;
    const p = await rt.listen(0, '127.0.0.1');
    const raw = await rawSocket(`ws://127.0.0.1:${p}/app/partner-panel-key?protocol=7`);
    const established = await raw.next('pusher:connection_established');
    expect(established.data).toMatchObject({ activity_timeout: 1 });
    await raw.next('pusher:ping');
    expect((await raw.closed).code).toBe(4201);
    await rt.close();
  });
});

describe('the signed HTTP API', () => {
  const official = (secretKey = secret) =>
    new Pusher({ appId: 'partner-panel', key: 'partner-panel-key', secret: secretKey, host: '127.0.0.1', port: String(port), useTLS: false });

  it('accepts an event from the official pusher library (the pusher driver) and delivers it', async () => {
    const { echo } = pusherClient(port, reseller.api);
    const received: unknown[] = [];
    const subscribed = new Promise<void>((resolve) => echo.private(channel).subscribed(() => resolve()));
    echo.private(channel).listen('.custom.event', (data: unknown) => received.push(data));
    await subscribed;
    const res = await official().trigger(`private-${channel}`, 'custom.event', { hello: 'world' });
    expect(res.status).toBe(200);
    await expect.poll(() => received).toEqual([{ hello: 'world' }]);
  });

  it('refuses a wrong secret, a stale timestamp and a body that does not match its md5', async () => {
    await expect(official('wrong-secret').trigger('private-x', 'e', {})).rejects.toMatchObject({ status: 401 });
    const body = JSON.stringify({ name: 'e', channels: ['private-x'], data: '{}' });
    const sign = (query: string) => createHmac('sha256', secret).update(`POST\n/apps/partner-panel/events\n${query}`).digest('hex');
    const stale = Math.floor(Date.now() / 1000) - 3600;
    const staleQuery = `auth_key=partner-panel-key&auth_timestamp=${stale}&auth_version=1.0&body_md5=${md5(body)}`;
    const staleRes = await fetch(`http://127.0.0.1:${port}/apps/partner-panel/events?${staleQuery}&auth_signature=${sign(staleQuery)}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(staleRes.status).toBe(401);
    expect(await staleRes.json()).toEqual({ error: 'Unauthorized: bad timestamp' });
    const now = Math.floor(Date.now() / 1000);
    const badMd5 = `auth_key=partner-panel-key&auth_timestamp=${now}&auth_version=1.0&body_md5=${md5('other')}`;
    const md5Res = await fetch(`http://127.0.0.1:${port}/apps/partner-panel/events?${badMd5}&auth_signature=${sign(badMd5)}`, { method: 'POST', body });
    expect(await md5Res.json()).toEqual({ error: 'Unauthorized: bad body' });
  });
});

describe('bounds: what a client sends cannot take the server down or make it hoard memory', () => {
  const rawRequest = (path: string, method = 'GET', partialBody?: string) =>
    new Promise<number | null>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
        res.resume();
        resolve(res.statusCode ?? null);
      });
      req.on('error', () => resolve(null));
      if (partialBody === undefined) return void req.end();
      req.setHeader('content-length', '100000');
      req.on('close', () => resolve(null));
      // The client drops the connection mid-body, once the part it sends has gone out.
      req.write(partialBody, () => req.destroy());
    });

  it('answers malformed URLs and dropped bodies, and stays up', async () => {
    expect(await rawRequest('//[')).toBe(400);
    expect(await rawRequest('/apps/%E0%A4%A/events', 'POST')).toBe(400);
    await rawRequest('/apps/partner-panel/events', 'POST', '{"name":');
    const bad = await rawSocket(`ws://127.0.0.1:${port}/app/%E0%A4%A?protocol=7`);
    expect((await bad.closed).code).toBe(4001);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  });

  it(`refuses more than ${MAX_CHANNELS_PER_CONNECTION} channels on one connection`, async () => {
    const raw = await rawSocket(wsUrl());
    await raw.next('pusher:connection_established');
    for (let i = 1; i <= MAX_CHANNELS_PER_CONNECTION; i++) raw.send('pusher:subscribe', { channel: `news-${i}` });
    await raw.next('pusher_internal:subscription_succeeded', `news-${MAX_CHANNELS_PER_CONNECTION}`);
    raw.send('pusher:subscribe', { channel: 'one-too-many' });
    expect((await raw.next('pusher:subscription_error', 'one-too-many')).data).toMatchObject({ status: 400 });
    expect(await server.subscriberCount('one-too-many')).toBe(0);
    raw.ws.close();
  });

  it('drops a client that stops reading instead of queueing its events without end', async () => {
    // The socket server itself, in this thread, so that each publish answers how many it reached.
    const direct = new RealtimeServer({ appId: 'a', key: 'k', secret: 's', activityTimeout: 120 });
    const directPort = await direct.listen(0, '127.0.0.1');
    const raw = await rawSocket(`ws://127.0.0.1:${directPort}/app/k?protocol=7`);
    await raw.next('pusher:connection_established');
    raw.send('pusher:subscribe', { channel: 'firehose' });
    await raw.next('pusher_internal:subscription_succeeded', 'firehose');
    (raw.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const data = 'x'.repeat(9 * 1024);
    let sent = 0;
    for (let i = 0; i < 3000 && direct.subscriberCount('firehose') > 0; i++) {
      sent += direct.publish(['firehose'], 'big', data);
      // Now and then the socket's own I/O runs, so the server sees the client's buffer fill.
      if (i % 50 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(direct.subscriberCount('firehose')).toBe(0);
    expect(sent).toBeLessThan(3000);
    raw.ws.terminate();
    await direct.close();
  });

  it('closes within a moment though a client never answers the closing handshake and another stops half way through its upgrade', async () => {
    const direct = new RealtimeServer({ appId: 'a', key: 'k', secret: 's', activityTimeout: 120 });
    const directPort = await direct.listen(0, '127.0.0.1');
    // A client that upgrades, then reads nothing more and so never answers the server's close frame.
    const silent = connect(directPort, '127.0.0.1');
    silent.on('error', () => undefined);
    silent.write(`GET /app/k?protocol=7 HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`);
    await once(silent, 'data');
    silent.pause();
    await expect.poll(() => direct.connectionCount).toBe(1);
    // One that sends half an upgrade request and waits.
    const halfway = connect(directPort, '127.0.0.1');
    halfway.on('error', () => undefined);
    halfway.write('GET /app/k?protocol=7 HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n');
    await expect.poll(() => (direct as unknown as { sockets: Set<unknown> }).sockets.size, { message: 'both connections taken' }).toBe(2);
    // The server cuts both itself (after CLOSE_GRACE_MS): a close that waited for the socket
    // library's own 30-s closing handshake would outlast this test's time.
    const cut = Promise.all([once(silent, 'close'), once(halfway, 'close')]);
    // Reading (never answering) so that the cut is seen here; the server's side is the same.
    silent.resume();
    await direct.close();
    await cut;
  });

  it('runs in a thread of its own: when that thread dies the API goes on, and the socket server comes back', async () => {
    const before = await rawSocket(wsUrl());
    await before.next('pusher:connection_established');
    await (server as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    expect((await before.closed).code).toBe(1006);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(200);
    // Started again on the same port.
    await expect
      .poll(async () => {
        const after = await rawSocket(wsUrl());
        after.ws.on('error', () => undefined);
        const got = await Promise.race([after.next('pusher:connection_established').then(() => true), after.closed.then(() => false)]);
        after.ws.close();
        return got;
      })
      .toBe(true);
  });

  it('closes the sockets of a reseller whose sessions end with a password change (4009)', async () => {
    const who = await fundedReseller(t, 'socket-owner@example.com', 0);
    const raw = await rawSocket(wsUrl());
    const established = (await raw.next('pusher:connection_established')).data as { socket_id: string };
    const own = `private-reseller.${who.id}`;
    raw.send('pusher:subscribe', { channel: own, ...(await who.api.broadcastingAuth({ socket_id: established.socket_id, channel_name: own })) });
    await raw.next('pusher_internal:subscription_succeeded', own);
    await who.api.changePassword({ email: 'socket-owner@example.com', client_id: who.user.client_id, old_password: 'Funded!Password1', password: 'Brand!New1234', password_confirmation: 'Brand!New1234' });
    expect((await raw.closed).code).toBe(4009);
    expect(await server.subscriberCount(own)).toBe(0);
  });

  it('answers every malformed frame with a protocol error and stays up, the API with it', async () => {
    const raw = await rawSocket(wsUrl());
    await raw.next('pusher:connection_established');
    const frames = [
      'null',
      '42',
      '"text"',
      '[]',
      '[{"event":"pusher:ping"}]',
      '{}',
      '{"event":1}',
      '{"event":null,"data":{}}',
      '{"event":"pusher:subscribe"}',
      '{"event":"pusher:subscribe","data":null}',
      '{"event":"pusher:subscribe","data":"null"}',
      '{"event":"pusher:subscribe","data":[1,2]}',
      '{"event":"pusher:subscribe","data":{"channel":{"name":"x"}}}',
      '{"event":"pusher:subscribe","data":{"channel":"private-x","auth":{"a":1}}}',
      '{"event":"pusher:unsubscribe","data":5}',
      '{"event":"pusher:unsubscribe","data":null}',
      '{"event":"no-such-event","data":{}}',
      `{"event":"${'x'.repeat(5000)}"}`,
      '{"event":"pusher:ping","data":"{"}',
      'not json at all',
      '\u0000',
    ];
    for (const text of frames) raw.ws.send(text);
    raw.ws.send(Buffer.from([0, 1, 2, 3]), { binary: true });
    // A ping after the rest (the list holds one too): its pong proves every frame before it was handled.
    raw.send('pusher:ping', {});
    await expect.poll(() => raw.frames.filter((f) => f.event === 'pusher:pong').length).toBe(2);
    const errors = raw.frames.filter((f) => f.event === 'pusher:error');
    expect(errors.length).toBeGreaterThanOrEqual(frames.length - 3);
    for (const e of errors) expect((e.data as { message: string }).message).toMatch(/^[A-Z].{8,}/);
    expect(raw.frames.find((f) => f.event === 'pusher:error' && (f.data as { message: string }).message.startsWith('Unknown event'))).toBeTruthy();
    // The server still accepts connections and the HTTP API still answers.
    const again = await rawSocket(wsUrl());
    await again.next('pusher:connection_established');
    again.ws.close();
    raw.ws.close();
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(200);
  });

  it('closes a connection that sends a frame larger than a message may be, and nothing else', async () => {
    const raw = await rawSocket(wsUrl());
    await raw.next('pusher:connection_established');
    raw.ws.send(JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(64 * 1024) }));
    expect((await raw.closed).code).toBe(1009);
    const again = await rawSocket(wsUrl());
    await again.next('pusher:connection_established');
    again.ws.close();
  });

  it('caps the connections of one client address (4100), counting each client behind a trusted proxy apart', async () => {
    const small = new RealtimeServer({ appId: 'a', key: 'k', secret: 's', activityTimeout: 120, maxConnectionsPerAddress: 2, trustProxy: 1 });
    const smallPort = await small.listen(0, '127.0.0.1');
    const url = `ws://127.0.0.1:${smallPort}/app/k?protocol=7`;
    try {
      const first = await rawSocket(url);
      const second = await rawSocket(url);
      await first.next('pusher:connection_established');
      await second.next('pusher:connection_established');
      const third = await rawSocket(url);
      expect((await third.next('pusher:error')).data).toMatchObject({ code: 4100, message: 'Too many connections from your address' });
      expect((await third.closed).code).toBe(4100);
      // Another client behind the proxy has a cap of its own.
      const proxied = await rawSocket(url, { 'x-forwarded-for': '203.0.113.7' });
      await proxied.next('pusher:connection_established');
      // A closed connection gives its place back.
      first.ws.close();
      await first.closed;
      await expect
        .poll(async () => {
          const next = await rawSocket(url);
          const got = await Promise.race([next.next('pusher:connection_established').then(() => true), next.closed.then(() => false)]);
          next.ws.close();
          return got;
        })
        .toBe(true);
      second.ws.close();
      proxied.ws.close();
    } finally {
      await small.close();
    }
  });

  it('tells anyone it is up, and its figures only to a request signed with the app secret', async () => {
    const open = await (await fetch(`http://127.0.0.1:${port}/`)).json();
    expect(open).toEqual({ ok: true });
    const query = new URLSearchParams({ auth_key: 'partner-panel-key', auth_timestamp: String(Math.floor(Date.now() / 1000)), auth_version: '1.0' });
    query.set('auth_signature', createHmac('sha256', secret).update(apiStringToSign('GET', '/', query)).digest('hex'));
    const signed = await (await fetch(`http://127.0.0.1:${port}/?${query}`)).json();
    expect(signed).toMatchObject({ ok: true, connections: expect.any(Number), channels: expect.any(Number) });
    query.set('auth_signature', createHmac('sha256', 'wrong').update(apiStringToSign('GET', '/', query)).digest('hex'));
    expect(await (await fetch(`http://127.0.0.1:${port}/?${query}`)).json()).toEqual({ ok: true });
  });

  it('refuses connections past its capacity with 4100', async () => {
    const small = new RealtimeServer({ appId: 'a', key: 'k', secret: 's', activityTimeout: 120, maxConnections: 1 });
    const smallPort = await small.listen(0, '127.0.0.1');
    try {
      const first = await rawSocket(`ws://127.0.0.1:${smallPort}/app/k?protocol=7`);
      await first.next('pusher:connection_established');
      const second = await rawSocket(`ws://127.0.0.1:${smallPort}/app/k?protocol=7`);
      expect((await second.next('pusher:error')).data).toMatchObject({ code: 4100, message: 'Over capacity' });
      first.ws.close();
    } finally {
      await small.close();
    }
  });
});

/** A socket of one session, signed in as it and listening on the reseller's channel. */
async function sessionSocket(api: Parameters<typeof pusherClient>[1], resellerId: number, socketPort = port) {
  const client = pusherClient(socketPort, api, 'partner-panel-key', { signIn: true });
  const own = `reseller.${resellerId}`;
  const heard: string[] = [];
  const subscribed = new Promise<void>((resolve) => client.echo.private(own).subscribed(() => resolve()));
  client.echo.private(own).listen(`.${REALTIME_EVENTS.notification}`, (data: { data: string }) => heard.push((JSON.parse(data.data) as { type: string }).type));
  client.echo.private(own).listen(`.${REALTIME_EVENTS.balance}`, () => heard.push('balance'));
  await subscribed;
  await signedIn(client.pusher);
  expect(client.pusher.user.user_data).toMatchObject({ id: expect.stringMatching(/^session-\d+$/) });
  return { ...client, heard, closed: closedWith(client.pusher) };
}

/**
 * A socket of one session that never signs in, as a client of the reseller's own makes it: raw
 * frames, subscribed to the reseller's channel with what /broadcasting/auth answered that session.
 */
async function unsignedSocket(api: Parameters<typeof pusherClient>[1], resellerId: number, socketPort = port) {
  const raw = await rawSocket(`ws://127.0.0.1:${socketPort}/app/partner-panel-key?protocol=7`);
  const { socket_id } = (await raw.next('pusher:connection_established')).data as { socket_id: string };
  const own = `private-reseller.${resellerId}`;
  raw.send('pusher:subscribe', { channel: own, ...(await api.broadcastingAuth({ socket_id, channel_name: own })) });
  await raw.next('pusher_internal:subscription_succeeded', own);
  return { raw, heard: () => raw.frames.filter((f) => f.channel === own && f.event === REALTIME_EVENTS.notification).length };
}

/** A notification and a balance update for the reseller, both after the change commits. */
const nudge = (resellerId: number, cents: number) => transact(t.app.ctx, async (unit) => {
  await t.app.ctx.notifier.notify(unit, resellerId, { type: 'status_changed', message: 'Changed' as NoticeText, redirect: 'profile' });
  t.app.ctx.notifier.balanceChanged(unit, resellerId, cents);
});

describe('a session that ends closes its sockets', () => {
  it("a member's password change or reset closes only that person's sockets; the account's other members hear on", async () => {
    const shop = await fundedReseller(t, 'socket-team@example.com', 0);
    const member = await joinAs(t, shop.api, 'viewer', 'socket-member@example.com');
    const ownerSocket = await sessionSocket(shop.api, shop.id);
    const ownerUnsigned = await unsignedSocket(shop.api, shop.id);
    const memberSocket = await sessionSocket(member.api, shop.id);
    const memberUnsigned = await unsignedSocket(member.api, shop.id);
    const profile = await member.api.profile();
    await member.api.changePassword({ email: member.email, client_id: profile.client_id, old_password: MEMBER_PASSWORD, password: 'Member!Changed1', password_confirmation: 'Member!Changed1' });
    expect(await memberSocket.closed).toBe(4009);
    expect((await memberUnsigned.raw.closed).code).toBe(4009);
    await nudge(shop.id, 100);
    // The Owner's sockets hear on; the member's notification of their own change is not sent on the channel.
    await expect.poll(() => ownerSocket.heard).toEqual(['status_changed', 'balance']);
    await expect.poll(() => ownerUnsigned.heard()).toBeGreaterThanOrEqual(1);
    expect(memberSocket.heard).not.toContain('status_changed');
    expect(ownerSocket.pusher.connection.state).toBe('connected');

    // A reset from a mailed link: the same, the member's sockets only.
    const again = await t.signIn(member.email, 'Member!Changed1');
    const resetSocket = await sessionSocket(again.api, shop.id);
    await t.client().forgotPassword({ email: member.email, token: '' });
    const browser = t.client();
    const opened = await browser.verifyResetHash({ hash: await linkHash(t, member.email, 'reset-password') });
    await browser.updatePassword({ client_id: opened.client_id, password: 'Member!Reset12', password_confirmation: 'Member!Reset12' });
    expect(await resetSocket.closed).toBe(4009);
    const heard = ownerSocket.heard.length;
    await nudge(shop.id, 200);
    await expect.poll(() => ownerSocket.heard.slice(heard)).toEqual(['status_changed', 'balance']);
    expect(ownerSocket.pusher.connection.state).toBe('connected');
    expect((await shop.api.profile()).id).toBe(shop.id);
  });

  it('ending one session closes its socket (4009) and it hears nothing after; the other session hears on', async () => {
    const who = await fundedReseller(t, 'two-sockets@example.com', 0);
    const other = await t.signIn('two-sockets@example.com', 'Funded!Password1');
    const kept = await sessionSocket(who.api, who.id);
    const ended = await sessionSocket(other.api, who.id);
    await nudge(who.id, 100);
    await expect.poll(() => ended.heard.length).toBe(2);
    const target = (await other.api.listSessions()).find((s) => s.current);
    await who.api.endSession({ id: Number(target?.id) });
    expect(await ended.closed).toBe(4009);
    expect(ended.pusher.connection.state).not.toBe('connected');
    await nudge(who.id, 200);
    await expect.poll(() => kept.heard.length).toBe(4);
    expect(ended.heard).toHaveLength(2);
    expect(kept.pusher.connection.state).toBe('connected');
    expect(await server.subscriberCount(`private-reseller.${who.id}`)).toBe(1);
  });

  it('closes the sockets subscribed with an ended session\'s channel authorisation though they never signed in; another session\'s hear on', async () => {
    const who = await fundedReseller(t, 'unsigned-sockets@example.com', 0);
    const other = await t.signIn('unsigned-sockets@example.com', 'Funded!Password1');
    const kept = await unsignedSocket(who.api, who.id);
    const ended = await unsignedSocket(other.api, who.id);
    // Stock pusher-js, never calling signin(): a third party's client.
    const stock = pusherClient(port, other.api);
    const stockHeard: unknown[] = [];
    const stockSubscribed = new Promise<void>((resolve) => stock.echo.private(`reseller.${who.id}`).subscribed(() => resolve()));
    stock.echo.private(`reseller.${who.id}`).listen(`.${REALTIME_EVENTS.notification}`, (data: unknown) => stockHeard.push(data));
    await stockSubscribed;
    const stockClosed = closedWith(stock.pusher);
    await nudge(who.id, 100);
    await expect.poll(() => [kept.heard(), ended.heard(), stockHeard.length]).toEqual([1, 1, 1]);

    const target = (await other.api.listSessions()).find((s) => s.current);
    await who.api.endSession({ id: Number(target?.id) });
    expect((await ended.raw.closed).code).toBe(4009);
    expect(await stockClosed).toBe(4009);
    await nudge(who.id, 200);
    await expect.poll(() => kept.heard()).toBe(2);
    expect([ended.heard(), stockHeard.length]).toEqual([1, 1]);
    expect(await server.subscriberCount(`private-reseller.${who.id}`)).toBe(1);

    // Every other session ended at once: the same for theirs.
    const third = await t.signIn('unsigned-sockets@example.com', 'Funded!Password1');
    const another = await unsignedSocket(third.api, who.id);
    expect(await who.api.endOtherSessions()).toEqual({ ended: 1 });
    expect((await another.raw.closed).code).toBe(4009);
    expect(kept.raw.ws.readyState).toBe(kept.raw.ws.OPEN);
    kept.raw.ws.close();
  });

  it('ending every other session closes their sockets and keeps this one\'s', async () => {
    const who = await fundedReseller(t, 'many-sockets@example.com', 0);
    const second = await t.signIn('many-sockets@example.com', 'Funded!Password1');
    const third = await t.signIn('many-sockets@example.com', 'Funded!Password1');
    const kept = await sessionSocket(who.api, who.id);
    const endedA = await sessionSocket(second.api, who.id);
    const endedB = await sessionSocket(third.api, who.id);
    expect(await who.api.endOtherSessions()).toEqual({ ended: 2 });
    expect(await Promise.all([endedA.closed, endedB.closed])).toEqual([4009, 4009]);
    await nudge(who.id, 300);
    await expect.poll(() => kept.heard.length).toBe(2);
    expect([endedA.heard, endedB.heard]).toEqual([[], []]);
  });

  it('turning two-factor off, or removing a passkey, closes the sockets of the sessions it ends and keeps this one\'s', async () => {
    const email = 'second-factor-sockets@example.com';
    const who = await fundedReseller(t, email, 0);
    const setup = await who.api.setupTwoFactor({ password: 'Funded!Password1' });
    const { recovery_codes: codes } = await who.api.enableTwoFactor({ code: await generate({ secret: setup.secret }) });
    const kept = await sessionSocket(who.api, who.id);
    // A second session signs in with a recovery code at the third step.
    const challenge = async () => {
      const refusal = await t.client().login({ email, password: 'Funded!Password1' }).catch((e: { body: { challenge: string } }) => e);
      return (refusal as { body: { challenge: string } }).body.challenge;
    };
    const signInWith = async (code: string) => {
      const session = await t.client().loginTwoFactor({ challenge: await challenge(), code });
      return t.client(session.access_token);
    };
    const viaCode = await sessionSocket(await signInWith(codes[0] as string), who.id);
    await who.api.disableTwoFactor({ password: 'Funded!Password1', code: codes[1] as string });
    expect(await viaCode.closed).toBe(4009);

    // A passkey (its row as registration leaves it), added after the other session signed in:
    // removing it ends the other sessions too.
    const another = await t.signIn(email, 'Funded!Password1');
    const [key] = await query<{ id: number }>(t, sql`insert into passkeys (person_id, credential_id, public_key, name)
      values (${who.user.member.person_id}, 'socket-test-credential', 'socket-test-key', 'Test key') returning id`);
    const viaPassword = await sessionSocket(another.api, who.id);
    await who.api.removePasskey({ id: Number(key?.id), password: 'Funded!Password1' });
    expect(await viaPassword.closed).toBe(4009);
    await nudge(who.id, 400);
    await expect.poll(() => kept.heard.length).toBe(2);
    expect(kept.pusher.connection.state).toBe('connected');
  });

  it('signs a socket in only with the signature of its own socket id, and lets only that user join its own user channel', async () => {
    const raw = await rawSocket(wsUrl());
    const { socket_id } = (await raw.next('pusher:connection_established')).data as { socket_id: string };
    const signed = await reseller.api.broadcastingUserAuth({ socket_id: '1.2' });
    raw.send('pusher:signin', signed);
    expect((await raw.next('pusher:error')).data).toMatchObject({ message: 'The connection is unauthorized: invalid signature for this user and socket' });
    raw.send('pusher:subscribe', { channel: '#server-to-user-session-1' });
    expect((await raw.next('pusher:subscription_error')).data).toMatchObject({ status: 403 });
    const own = await reseller.api.broadcastingUserAuth({ socket_id });
    expect(JSON.parse(own.user_data)).toEqual({ id: expect.stringMatching(/^session-\d+$/) });
    raw.send('pusher:signin', own);
    expect((await raw.next('pusher:signin_success')).data).toEqual({ user_data: own.user_data });
    const userChannel = `#server-to-user-${(JSON.parse(own.user_data) as { id: string }).id}`;
    raw.send('pusher:subscribe', { channel: userChannel });
    await raw.next('pusher_internal:subscription_succeeded', userChannel);
    raw.ws.close();
    const anonymous = await t.app.inject({ method: 'POST', url: '/broadcasting/user-auth', payload: { socket_id: '1.2' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('closes signed-in sockets through the signed terminate_connections call of its HTTP API, and refuses it unsigned', async () => {
    const raw = await rawSocket(wsUrl());
    const { socket_id } = (await raw.next('pusher:connection_established')).data as { socket_id: string };
    raw.send('pusher:signin', await admin.api.broadcastingUserAuth({ socket_id }));
    const { user_data } = (await raw.next('pusher:signin_success')).data as { user_data: string };
    const userId = (JSON.parse(user_data) as { id: string }).id;
    const unsigned = await fetch(`http://127.0.0.1:${port}/apps/partner-panel/users/${userId}/terminate_connections`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(401);
    const api = new Pusher({ appId: 'partner-panel', key: 'partner-panel-key', secret, host: '127.0.0.1', port: String(port), useTLS: false });
    expect((await api.terminateUserConnections(userId)).status).toBe(200);
    expect((await raw.closed).code).toBe(4009);
  });
});

describe('several server processes, one socket server', () => {
  it('a second process publishes through the first one’s embedded server, and signs channels it accepts', async () => {
    const second = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: '/nonexistent',
        REALTIME_DRIVER: 'pusher',
        REALTIME_API_URL: `http://127.0.0.1:${port}`,
        REALTIME_SECRET: secret,
      }),
      { database: t.database, logger: false },
    );
    try {
      const { injectFetch } = await import('./support/app.js');
      const { createClient } = await import('@partner-panel/sdk');
      const viaSecond = createClient({ fetch: injectFetch(second), getToken: () => reseller.token, log: () => undefined });
      const { echo } = pusherClient(port, viaSecond);
      const received: unknown[] = [];
      const subscribed = new Promise<void>((resolve) => echo.private(channel).subscribed(() => resolve()));
      echo.private(channel).listen(`.${REALTIME_EVENTS.notification}`, (data: unknown) => received.push(data));
      await subscribed;
      await viaSecond.updateProfile({ update: 'name', value: 'Renamed Elsewhere' });
      await viaSecond.updateProfile({ update: 'status', value: 2 });
      await expect.poll(() => received.length).toBe(1);
      await viaSecond.updateProfile({ update: 'status', value: 1 });
    } finally {
      await second.close();
    }
  });

  it('a session ended on a process that publishes through another one’s server closes its sockets there (terminate_connections)', async () => {
    const second = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', REALTIME_DRIVER: 'pusher', REALTIME_API_URL: `http://127.0.0.1:${port}`, REALTIME_SECRET: secret }),
      { database: t.database, logger: false },
    );
    try {
      const { injectFetch } = await import('./support/app.js');
      const { createClient } = await import('@partner-panel/sdk');
      const email = 'elsewhere-sockets@example.com';
      const who = await fundedReseller(t, email, 0);
      const login = async () => {
        const signedIn = await createClient({ fetch: injectFetch(second), log: () => undefined }).login({ email, password: 'Funded!Password1' });
        return createClient({ fetch: injectFetch(second), getToken: () => signedIn.access_token, log: () => undefined });
      };
      const [mine, other, third] = [await login(), await login(), await login()];
      const kept = await sessionSocket(mine, who.id);
      const ended = await sessionSocket(other, who.id);
      // Sockets that never sign in, authorised through this process: the socket server files them
      // under the session their channel_data names, so terminate_connections reaches them too.
      const keptUnsigned = await unsignedSocket(mine, who.id);
      const endedUnsigned = await unsignedSocket(other, who.id);
      const target = (await other.listSessions()).find((s) => s.current);
      await mine.endSession({ id: Number(target?.id) });
      expect(await ended.closed).toBe(4009);
      expect((await endedUnsigned.raw.closed).code).toBe(4009);
      await nudge(who.id, 500);
      await expect.poll(() => keptUnsigned.heard()).toBe(1);
      expect(endedUnsigned.heard()).toBe(0);
      // A password change there closes every socket of the person's sessions, this one's too.
      const last = await sessionSocket(third, who.id);
      await mine.changePassword({ email, client_id: who.user.client_id, old_password: 'Funded!Password1', password: 'Brand!New1234', password_confirmation: 'Brand!New1234' });
      expect(await Promise.all([kept.closed, last.closed, keptUnsigned.raw.closed.then((c) => c.code)])).toEqual([4009, 4009, 4009]);
    } finally {
      await second.close();
    }
  });
});

describe('a socket server that checks private channels without channel_data (Soketi)', () => {
  it('is signed for without it when REALTIME_CHANNEL_DATA=false, which only the pusher driver heeds', () => {
    const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', REALTIME_SECRET: secret, REALTIME_API_URL: 'http://127.0.0.1:1' };
    expect(loadConfig({ ...base, REALTIME_DRIVER: 'pusher', REALTIME_CHANNEL_DATA: 'false' }).realtime.channelData).toBe(false);
    expect(loadConfig({ ...base, REALTIME_DRIVER: 'pusher' }).realtime.channelData).toBe(true);
    // The embedded server always reads it: turning it off would only refuse every subscription.
    expect(loadConfig({ ...base, REALTIME_DRIVER: 'embedded', REALTIME_CHANNEL_DATA: 'false' }).realtime.channelData).toBe(true);
    const soketi = createRealtime(
      { driver: 'pusher', appId: 'partner-panel', key: 'partner-panel-key', secret, apiUrl: 'http://127.0.0.1:1', activityTimeout: 120, channelData: false },
      { warn: () => undefined },
    );
    expect(soketi.authorize('123.456', 'private-reseller.1', 7)).toEqual({
      auth: `partner-panel-key:${createHmac('sha256', secret).update('123.456:private-reseller.1').digest('hex')}`,
    });
  });
});
