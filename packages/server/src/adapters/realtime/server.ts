/**
 * The embedded realtime server: the Pusher protocol (v7) over WebSocket for pusher-js and
 * laravel-echo, and the Pusher HTTP API (signed POST /apps/{id}/events) so that other server
 * processes, or anything that speaks to Soketi or Pusher, can publish through it.
 */
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  CHANNEL_NAME,
  CLOSE,
  MAX_BUFFERED_BYTES,
  MAX_CHANNELS_PER_CONNECTION,
  MAX_CHANNELS_PER_EVENT,
  MAX_CONNECTIONS,
  MAX_CONNECTIONS_PER_ADDRESS,
  MAX_EVENT_BYTES,
  MAX_MESSAGE_BYTES,
  MIN_PROTOCOL_VERSION,
  PONG_TIMEOUT_MS,
  PROTOCOL_VERSION,
  SERVER_TO_USER,
  USER_ID,
  frame,
  isPrivate,
} from './protocol.js';
import { channelAuthValid, checkApiRequest, userAuthValid } from './signature.js';

export interface RealtimeServerOptions {
  appId: string;
  key: string;
  secret: string;
  /** Seconds of silence before the server pings a client (announced in connection_established). */
  activityTimeout: number;
  pongTimeoutMs?: number;
  /** Connections this server holds at most; more are refused with 4100. */
  maxConnections?: number;
  /** Connections one client address may hold; more are refused with 4100. */
  maxConnectionsPerAddress?: number;
  /**
   * Which proxies in front of the socket server to believe about the client's address (the
   * server's TRUST_PROXY): false, a hop count, or their addresses. Without it, every client behind
   * a proxy would share the proxy's address and its connection cap.
   */
  trustProxy?: false | number | string[];
  log?: { warn(obj: unknown, msg?: string): void };
}

interface Connection {
  id: string;
  address: string;
  ws: WebSocket;
  channels: Set<string>;
  /** The user it signed in as (`pusher:signin`), if it did. */
  userId: string | null;
  /**
   * The users (sessions) whose channel authorisations it subscribed with (channel_data's user_id):
   * terminating one of them closes it, signed in or not.
   */
  grants: Set<string>;
  lastSeen: number;
  pingedAt: number | null;
}

interface ApiEvent {
  name?: unknown;
  data?: unknown;
  channel?: unknown;
  channels?: unknown;
  socket_id?: unknown;
}

/** How long a closing server waits for its clients to finish the closing handshake. */
export const CLOSE_GRACE_MS = 1_000;

export class RealtimeServer {
  private readonly http: Server;
  private wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly connections = new Map<string, Connection>();
  private readonly perAddress = new Map<string, number>();
  private readonly trust: (address: string, hop: number) => boolean;
  private readonly channels = new Map<string, Set<Connection>>();
  private readonly users = new Map<string, Set<Connection>>();
  private sweeper: NodeJS.Timeout | undefined;
  private listening = false;
  /** Every socket of the server, upgraded ones included (the HTTP server stops counting those). */
  private readonly sockets = new Set<Socket>();

  constructor(private readonly opts: RealtimeServerOptions) {
    const trust = opts.trustProxy ?? false;
    this.trust =
      trust === false ? () => false : typeof trust === 'number' ? (_address, hop) => hop < trust : proxyAddr.compile(trust);
    // Nothing a client sends may take the server down. Every entry point from the network runs
    // inside a guard; a fault closes that one request or socket. (The product also runs this server
    // in a thread of its own, isolated.ts, for the faults no guard foresees.)
    this.http = createServer((req, res) => {
      res.on('error', () => undefined);
      this.handleHttp(req, res).catch((error: unknown) => {
        this.opts.log?.warn({ err: error }, 'realtime HTTP request failed');
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Bad request' }));
      });
    });
    this.http.on('clientError', (_error, socket) => socket.destroy());
    this.http.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    this.http.on('upgrade', (req, socket, head) => {
      socket.on('error', () => socket.destroy());
      try {
        if (!(req.url ?? '').startsWith('/app/')) return socket.destroy();
        this.wss.handleUpgrade(req, socket, head, (ws) => {
          ws.on('error', () => ws.terminate());
          try {
            this.accept(ws, req);
          } catch {
            this.refuse(ws, CLOSE.appNotFound, 'Malformed connection URL');
          }
        });
      } catch (error) {
        this.opts.log?.warn({ err: error }, 'realtime upgrade failed');
        socket.destroy();
      }
    });
  }

  /** The port it listens on (the one the system chose, when asked for port 0); null until it listens. */
  get port(): number | null {
    const address = this.http.address();
    return address && typeof address === 'object' ? address.port : null;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  subscriberCount(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }

  async listen(port: number, host = '0.0.0.0'): Promise<number> {
    // A server can be closed and listen again (a restart in the same process).
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
    this.wss.on('error', (error) => this.opts.log?.warn({ err: error }, 'realtime socket server error'));
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(port, host, () => resolve());
    });
    this.listening = true;
    const sweepEvery = Math.max(200, Math.min(this.opts.activityTimeout * 1000, this.pongTimeout) / 4);
    this.sweeper = setInterval(() => this.sweep(), sweepEvery);
    this.sweeper.unref();
    return (this.http.address() as AddressInfo).port;
  }

  /** Closes every connection with 4200, so clients reconnect at once to the next server. */
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    for (const conn of this.connections.values()) conn.ws.close(CLOSE.reconnect, 'Server is restarting');
    this.connections.clear();
    this.perAddress.clear();
    this.channels.clear();
    this.users.clear();
    if (!this.listening) return;
    this.listening = false;
    let cut: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.wss.close();
      this.http.close(() => resolve());
      this.http.closeAllConnections();
      // A client that does not answer the closing handshake would hold the close for the socket
      // library's 30 s, and a socket left half way through its upgrade for ever (seen under load):
      // what is still open after a moment is cut.
      cut = setTimeout(() => {
        for (const ws of this.wss.clients) ws.terminate();
        for (const socket of this.sockets) socket.destroy();
      }, CLOSE_GRACE_MS);
      cut.unref();
    });
    clearTimeout(cut);
  }

  /** Sends an event to every subscriber of the channels; answers how many sockets got it. */
  publish(channels: string[], event: string, data: string, exceptSocketId?: string): number {
    let delivered = 0;
    for (const channel of channels) {
      const subscribers = this.channels.get(channel);
      if (!subscribers) continue;
      const message = frame(event, data, channel);
      for (const conn of subscribers) {
        if (conn.id === exceptSocketId || conn.ws.readyState !== WebSocket.OPEN) continue;
        // A client that stops reading would make the server queue its events without end.
        if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          conn.ws.close(CLOSE.overCapacity, 'Client is not reading its events');
          this.drop(conn);
          continue;
        }
        conn.ws.send(message);
        delivered++;
      }
    }
    return delivered;
  }

  /**
   * Closes every connection signed in as one of these users, or subscribed with a channel
   * authorisation one of them was given (the Pusher API's terminate_connections): the sessions
   * behind them have ended. Answers how many closed.
   */
  terminateUsers(userIds: string[]): number {
    let closed = 0;
    for (const userId of userIds) {
      for (const conn of [...(this.users.get(userId) ?? [])]) {
        conn.ws.close(CLOSE.unauthorized, 'The session behind this connection has ended');
        this.drop(conn);
        closed++;
      }
    }
    return closed;
  }

  private get pongTimeout() {
    return this.opts.pongTimeoutMs ?? PONG_TIMEOUT_MS;
  }

  private accept(ws: WebSocket, req: IncomingMessage) {
    const url = new URL(req.url ?? '/', 'http://realtime');
    const key = decodeURIComponent(url.pathname.slice('/app/'.length));
    const protocol = Number(url.searchParams.get('protocol') ?? PROTOCOL_VERSION);
    if (key !== this.opts.key) return this.refuse(ws, CLOSE.appNotFound, `App key ${key} does not exist`);
    if (this.connections.size >= (this.opts.maxConnections ?? MAX_CONNECTIONS)) {
      return this.refuse(ws, CLOSE.overCapacity, 'Over capacity');
    }
    const address = proxyAddr(req, this.trust);
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (fromAddress >= (this.opts.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS)) {
      return this.refuse(ws, CLOSE.overCapacity, 'Too many connections from your address');
    }
    if (!Number.isInteger(protocol) || protocol < MIN_PROTOCOL_VERSION || protocol > PROTOCOL_VERSION) {
      return this.refuse(ws, CLOSE.unsupportedProtocol, `Unsupported protocol version ${url.searchParams.get('protocol')}`);
    }
    const conn: Connection = {
      id: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`,
      address,
      ws,
      channels: new Set(),
      userId: null,
      grants: new Set(),
      lastSeen: Date.now(),
      pingedAt: null,
    };
    this.connections.set(conn.id, conn);
    this.perAddress.set(address, fromAddress + 1);
    ws.on('message', (raw, isBinary) => this.receive(conn, raw, isBinary));
    ws.on('close', () => this.drop(conn));
    ws.on('error', () => this.drop(conn));
    ws.send(frame('pusher:connection_established', { socket_id: conn.id, activity_timeout: this.opts.activityTimeout }));
  }

  private refuse(ws: WebSocket, code: number, message: string) {
    ws.send(frame('pusher:error', { code, message }));
    ws.close(code, message);
  }

  private drop(conn: Connection) {
    if (!this.connections.delete(conn.id)) return;
    const left = (this.perAddress.get(conn.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(conn.address, left);
    else this.perAddress.delete(conn.address);
    for (const channel of conn.channels) this.leave(conn, channel);
    const userId = conn.userId;
    conn.userId = null;
    const grants = [...conn.grants];
    conn.grants.clear();
    for (const user of userId === null ? grants : [userId, ...grants]) this.unlink(conn, user);
  }

  /** Files the connection under a user it answers to: its sign-in or a channel authorisation. */
  private link(conn: Connection, userId: string) {
    let set = this.users.get(userId);
    if (!set) this.users.set(userId, (set = new Set()));
    set.add(conn);
  }

  /** Takes it from under the user once it answers to that user neither way. */
  private unlink(conn: Connection, userId: string) {
    if (conn.userId === userId || conn.grants.has(userId)) return;
    const set = this.users.get(userId);
    set?.delete(conn);
    if (set?.size === 0) this.users.delete(userId);
  }

  private leave(conn: Connection, channel: string) {
    conn.channels.delete(channel);
    const set = this.channels.get(channel);
    set?.delete(conn);
    if (set?.size === 0) this.channels.delete(channel);
  }

  /** Every frame a client sends is parsed and checked here, inside one guard. */
  private receive(conn: Connection, raw: RawData, isBinary: boolean) {
    conn.lastSeen = Date.now();
    conn.pingedAt = null;
    try {
      const problem = isBinary ? 'Messages must be text frames holding JSON' : this.handle(conn, raw.toString());
      if (problem) conn.ws.send(frame('pusher:error', { code: null, message: problem }));
    } catch (error) {
      // A frame we failed to foresee costs its sender the connection, never the server.
      this.opts.log?.warn({ err: error }, 'realtime frame failed');
      conn.ws.close(CLOSE.reconnect, 'The server could not handle a message');
      this.drop(conn);
    }
  }

  /** Acts on one text frame; answers what is wrong with it, if anything. */
  private handle(conn: Connection, text: string): string | undefined {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return 'Messages must be JSON';
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      return 'A message must be a JSON object with an event';
    }
    const { event, data: rawData } = message as { event?: unknown; data?: unknown };
    if (typeof event !== 'string') return 'A message must name its event as a string';
    const parsed = typeof rawData === 'string' ? safeJson(rawData) : rawData;
    const data = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    switch (event) {
      case 'pusher:ping':
        conn.ws.send(frame('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return this.subscribe(conn, data);
      case 'pusher:signin':
        return this.signIn(conn, data);
      case 'pusher:unsubscribe':
        if (typeof data.channel === 'string') this.leave(conn, data.channel);
        return;
      default:
        if (event.startsWith('client-')) return 'Client events are not enabled on this server';
        return `Unknown event ${JSON.stringify(event.slice(0, 64))}`;
    }
  }

  /** User authentication: the connection says who it is, with the app's signature of that. */
  private signIn(conn: Connection, data: Record<string, unknown>): string | undefined {
    const userData = data.user_data;
    if (typeof userData !== 'string' || !userAuthValid(this.opts.key, this.opts.secret, conn.id, userData, data.auth)) {
      return 'The connection is unauthorized: invalid signature for this user and socket';
    }
    const user = safeJson(userData) as { id?: unknown } | undefined;
    const id = typeof user === 'object' && user !== null ? user.id : undefined;
    if (typeof id !== 'string' || !USER_ID.test(id)) return 'user_data must be a JSON object with a valid id';
    const previous = conn.userId;
    conn.userId = id;
    if (previous !== null) this.unlink(conn, previous);
    this.link(conn, id);
    conn.ws.send(frame('pusher:signin_success', { user_data: userData }));
    return undefined;
  }

  private subscribe(conn: Connection, data: Record<string, unknown>): string | undefined {
    const channel = data.channel;
    if (typeof channel !== 'string') return 'Invalid channel name';
    const refuse = (error: string, status: number) => {
      conn.ws.send(frame('pusher:subscription_error', { type: 'AuthError', error, status }, channel));
      return undefined;
    };
    // The channel pusher-js joins after a sign-in: the user's own only (nothing is sent on it here).
    if (channel.startsWith(SERVER_TO_USER)) {
      if (conn.userId === null || channel !== `${SERVER_TO_USER}${conn.userId}`) return refuse('This channel is for its signed-in user only', 403);
      conn.ws.send(frame('pusher_internal:subscription_succeeded', {}, channel));
      return undefined;
    }
    if (!CHANNEL_NAME.test(channel)) return 'Invalid channel name';
    if (channel.startsWith('presence-') || channel.startsWith('private-encrypted-')) {
      return refuse('This channel type is not supported by this server', 400);
    }
    let grantee: string | null = null;
    if (isPrivate(channel)) {
      // A private channel is authorised for the session that asked (channel_data, under the
      // signature): without it a socket that never signs in would outlive that session.
      const channelData = data.channel_data;
      if (typeof channelData !== 'string') {
        return refuse('The connection is unauthorized: send the channel_data that came with the channel authorisation', 401);
      }
      if (!channelAuthValid(this.opts.key, this.opts.secret, conn.id, channel, data.auth, channelData)) {
        return refuse('The connection is unauthorized: invalid signature for this channel and socket', 401);
      }
      const granted = safeJson(channelData) as { user_id?: unknown } | undefined;
      const userId = typeof granted === 'object' && granted !== null ? granted.user_id : undefined;
      if (typeof userId !== 'string' || !USER_ID.test(userId)) return refuse('channel_data must be a JSON object with a valid user_id', 400);
      grantee = userId;
    }
    if (!conn.channels.has(channel) && conn.channels.size >= MAX_CHANNELS_PER_CONNECTION) {
      return refuse(`A connection may subscribe to at most ${MAX_CHANNELS_PER_CONNECTION} channels`, 400);
    }
    if (grantee !== null) {
      conn.grants.add(grantee);
      this.link(conn, grantee);
    }
    conn.channels.add(channel);
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(conn);
    conn.ws.send(frame('pusher_internal:subscription_succeeded', {}, channel));
    return undefined;
  }

  /** Pings quiet clients; closes those that do not answer (4201). */
  private sweep() {
    const now = Date.now();
    for (const conn of this.connections.values()) {
      if (conn.pingedAt !== null && now - conn.pingedAt > this.pongTimeout) {
        conn.ws.close(CLOSE.pongNotReceived, 'Pong reply not received');
        this.drop(conn);
      } else if (conn.pingedAt === null && now - conn.lastSeen > this.opts.activityTimeout * 1000) {
        conn.pingedAt = now;
        conn.ws.send(frame('pusher:ping', {}));
      }
    }
  }

  private async handleHttp(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://realtime');
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if ((req.method === 'GET' || req.method === 'HEAD') && url.pathname === '/') {
      // Anyone may ask whether the server is up; its figures are for holders of the app secret.
      const signed = !checkApiRequest({ key: this.opts.key, secret: this.opts.secret, now: Date.now() }, 'GET', '/', url.searchParams, '');
      return reply(200, signed ? { ok: true, connections: this.connectionCount, channels: this.channels.size } : { ok: true });
    }
    const terminate = /^\/apps\/([^/]+)\/users\/([^/]+)\/terminate_connections$/.exec(url.pathname);
    if (terminate && req.method === 'POST') return this.handleTerminate(req, url, terminate[1] as string, terminate[2] as string, reply);
    const route = /^\/apps\/([^/]+)\/(events|batch_events)$/.exec(url.pathname);
    if (!route || req.method !== 'POST') return reply(404, { error: 'Not found' });
    if (decodeURIComponent(route[1] as string) !== this.opts.appId) return reply(404, { error: 'Unknown app' });
    const body = await readBody(req, MAX_EVENT_BYTES * MAX_CHANNELS_PER_EVENT);
    if (body === null) return reply(413, { error: 'Payload too large' });
    const failure = checkApiRequest({ key: this.opts.key, secret: this.opts.secret, now: Date.now() }, 'POST', url.pathname, url.searchParams, body);
    if (failure) return reply(401, { error: `Unauthorized: bad ${failure}` });
    const parsed = safeJson(body) as (ApiEvent & { batch?: ApiEvent[] }) | undefined;
    const events = route[2] === 'batch_events' ? parsed?.batch : parsed ? [parsed] : undefined;
    if (!Array.isArray(events)) return reply(400, { error: 'Expected a JSON event' });
    for (const event of events) {
      const channels = Array.isArray(event.channels) ? event.channels : typeof event.channel === 'string' ? [event.channel] : [];
      if (typeof event.name !== 'string' || typeof event.data !== 'string' || channels.length === 0) {
        return reply(400, { error: 'An event needs name, data (a string) and channels' });
      }
      if (channels.length > MAX_CHANNELS_PER_EVENT || Buffer.byteLength(event.data) > MAX_EVENT_BYTES) {
        return reply(413, { error: 'Too many channels or data too large' });
      }
    }
    for (const event of events) {
      const channels = (Array.isArray(event.channels) ? event.channels : [event.channel]) as string[];
      this.publish(channels, event.name as string, event.data as string, typeof event.socket_id === 'string' ? event.socket_id : undefined);
    }
    return reply(200, {});
  }

  /** POST /apps/{id}/users/{user}/terminate_connections, signed: closes that user's connections (4009). */
  private async handleTerminate(req: IncomingMessage, url: URL, appId: string, rawUser: string, reply: (status: number, body: unknown) => void) {
    if (decodeURIComponent(appId) !== this.opts.appId) return reply(404, { error: 'Unknown app' });
    const body = await readBody(req, MAX_MESSAGE_BYTES);
    if (body === null) return reply(413, { error: 'Payload too large' });
    const failure = checkApiRequest({ key: this.opts.key, secret: this.opts.secret, now: Date.now() }, 'POST', url.pathname, url.searchParams, body);
    if (failure) return reply(401, { error: `Unauthorized: bad ${failure}` });
    const userId = decodeURIComponent(rawUser);
    if (!USER_ID.test(userId)) return reply(400, { error: 'Invalid user id' });
    this.terminateUsers([userId]);
    return reply(200, {});
  }
}

async function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > limit) return null;
  }
  // Joined as bytes: a character split across two chunks must not break the body's checksum.
  return Buffer.concat(chunks).toString('utf8');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
