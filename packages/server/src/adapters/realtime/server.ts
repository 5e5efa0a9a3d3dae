/**
 * The embedded realtime server: the Pusher protocol (v7) over WebSocket for pusher-js and
 * laravel-echo, and the Pusher HTTP API (signed POST /apps/{id}/events) so that other server
 * processes, or anything that speaks to Soketi or Pusher, can publish through it.
 */
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import {
  CHANNEL_NAME,
  CLOSE,
  MAX_BUFFERED_BYTES,
  MAX_CHANNELS_PER_CONNECTION,
  MAX_CHANNELS_PER_EVENT,
  MAX_CONNECTIONS,
  MAX_EVENT_BYTES,
  MIN_PROTOCOL_VERSION,
  PONG_TIMEOUT_MS,
  PROTOCOL_VERSION,
  frame,
  isPrivate,
} from './protocol.js';
import { channelAuthValid, checkApiRequest } from './signature.js';

export interface RealtimeServerOptions {
  appId: string;
  key: string;
  secret: string;
  /** Seconds of silence before the server pings a client (announced in connection_established). */
  activityTimeout: number;
  pongTimeoutMs?: number;
  /** Connections this server holds at most; more are refused with 4100. */
  maxConnections?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

interface Connection {
  id: string;
  ws: WebSocket;
  channels: Set<string>;
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

export class RealtimeServer {
  private readonly http: Server;
  private wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly connections = new Map<string, Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  private sweeper: NodeJS.Timeout | undefined;
  private listening = false;

  constructor(private readonly opts: RealtimeServerOptions) {
    // Nothing a client sends may take the process down: the API shares it.
    this.http = createServer((req, res) => {
      this.handleHttp(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Bad request' }));
      });
    });
    this.http.on('upgrade', (req, socket, head) => {
      socket.on('error', () => socket.destroy());
      if (!(req.url ?? '').startsWith('/app/')) return socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        try {
          this.accept(ws, req);
        } catch {
          this.refuse(ws, CLOSE.appNotFound, 'Malformed connection URL');
        }
      });
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
    this.wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
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
    this.channels.clear();
    if (!this.listening) return;
    this.listening = false;
    await new Promise<void>((resolve) => {
      this.wss.close();
      this.http.close(() => resolve());
      this.http.closeAllConnections();
    });
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

  /** Closes the sockets subscribed to a channel whose sessions have ended; they must authorise again. */
  disconnectChannel(channel: string) {
    for (const conn of [...(this.channels.get(channel) ?? [])]) {
      conn.ws.close(CLOSE.unauthorized, 'The session behind this connection has ended');
      this.drop(conn);
    }
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
    if (!Number.isInteger(protocol) || protocol < MIN_PROTOCOL_VERSION || protocol > PROTOCOL_VERSION) {
      return this.refuse(ws, CLOSE.unsupportedProtocol, `Unsupported protocol version ${url.searchParams.get('protocol')}`);
    }
    const conn: Connection = {
      id: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`,
      ws,
      channels: new Set(),
      lastSeen: Date.now(),
      pingedAt: null,
    };
    this.connections.set(conn.id, conn);
    ws.on('message', (raw) => this.receive(conn, raw.toString()));
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
    for (const channel of conn.channels) this.leave(conn, channel);
  }

  private leave(conn: Connection, channel: string) {
    conn.channels.delete(channel);
    const set = this.channels.get(channel);
    set?.delete(conn);
    if (set?.size === 0) this.channels.delete(channel);
  }

  private receive(conn: Connection, raw: string) {
    conn.lastSeen = Date.now();
    conn.pingedAt = null;
    let message: { event?: unknown; data?: unknown; channel?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      return conn.ws.send(frame('pusher:error', { code: null, message: 'Messages must be JSON' }));
    }
    const data = (typeof message.data === 'string' ? safeJson(message.data) : message.data) as Record<string, unknown> | undefined;
    switch (message.event) {
      case 'pusher:ping':
        return conn.ws.send(frame('pusher:pong', {}));
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return this.subscribe(conn, data ?? {});
      case 'pusher:unsubscribe':
        if (typeof data?.channel === 'string') this.leave(conn, data.channel);
        return;
      default:
        if (typeof message.event === 'string' && message.event.startsWith('client-')) {
          conn.ws.send(frame('pusher:error', { code: null, message: 'Client events are not enabled on this server' }));
        }
    }
  }

  private subscribe(conn: Connection, data: Record<string, unknown>) {
    const channel = data.channel;
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
      return conn.ws.send(frame('pusher:error', { code: null, message: 'Invalid channel name' }));
    }
    const refuse = (error: string, status: number) =>
      conn.ws.send(frame('pusher:subscription_error', { type: 'AuthError', error, status }, channel));
    if (channel.startsWith('presence-') || channel.startsWith('private-encrypted-')) {
      return refuse('This channel type is not supported by this server', 400);
    }
    if (isPrivate(channel) && !channelAuthValid(this.opts.key, this.opts.secret, conn.id, channel, data.auth)) {
      return refuse('The connection is unauthorized: invalid signature for this channel and socket', 401);
    }
    if (!conn.channels.has(channel) && conn.channels.size >= MAX_CHANNELS_PER_CONNECTION) {
      return refuse(`A connection may subscribe to at most ${MAX_CHANNELS_PER_CONNECTION} channels`, 400);
    }
    conn.channels.add(channel);
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(conn);
    conn.ws.send(frame('pusher_internal:subscription_succeeded', {}, channel));
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
    if (req.method === 'GET' && url.pathname === '/') return reply(200, { ok: true, connections: this.connectionCount });
    const route = /^\/apps\/([^/]+)\/(events|batch_events)$/.exec(url.pathname);
    if (!route || req.method !== 'POST') return reply(404, { error: 'Not found' });
    if (decodeURIComponent(route[1] as string) !== this.opts.appId) return reply(404, { error: 'Unknown app' });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_EVENT_BYTES * MAX_CHANNELS_PER_EVENT) return reply(413, { error: 'Payload too large' });
    }
    // Joined as bytes: a character split across two chunks must not break the body's checksum.
    const body = Buffer.concat(chunks).toString('utf8');
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
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
