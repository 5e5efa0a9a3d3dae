/**
 * Many Pusher-protocol clients for the rehearsal: raw `ws` sockets over wss:// through Caddy,
 * speaking protocol 7 as pusher-js does, each subscribed to its own reseller's private channel and
 * to one shared channel with a valid signature (channel_data naming its session, as
 * /broadcasting/auth signs it). Each behaves as a portal tab does when its socket goes:
 * reconnecting at once after 4200 and a second later after any other close (pusher-js's delays),
 * subscribing again, then reading what it missed with the notifications call's `since` cursor and
 * merging it by uid (portal/src/realtime/catchUp.ts). Every receipt is kept, live or caught up, so a
 * step can count per client what was published against what arrived.
 */
import { isIP, type createConnection } from 'node:net';
import { connect as tlsConnect, createSecureContext, type ConnectionOptions, type SecureContext } from 'node:tls';
import { WebSocket } from 'ws';
import { createClient, REALTIME_EVENTS, type Client } from '@partner-panel/sdk';
import { signChannel } from '../src/adapters/realtime/signature.js';

/** pusher-js waits this long after a close that is not 42xx (its connection manager's retryIn(1000)). */
export const RECONNECT_AFTER_OTHER_CLOSE_MS = 1000;
/** The unread call's page: a catch-up as long as this may have left something out. */
const UNREAD_LIMIT = 50;
/** Clients per loopback address: under the socket server's 100 per address. */
const PER_ADDRESS = 50;
/**
 * Catch-up calls in flight at once: a thousand clients reconnecting in the same second would
 * otherwise open a thousand connections to Caddy from this one process (browsers each hold their own).
 */
const CATCH_UP_CALLS = 16;
const CHECK_EVERY_MS = 20;

export interface Identity {
  resellerId: number;
  sessionId: number;
  token: string;
}

interface Reconnection {
  closedAt: number;
  code: number;
  /** When the server of the new socket said it was connected (pusher-js's `connected`). */
  connectedAt?: number;
  /** When both channels were subscribed again. */
  subscribedAt?: number;
  /** Channels caught up on, and when the last was merged. */
  caughtUp: number;
  caughtUpAt?: number;
}

export interface FleetOptions {
  /** https://127.0.0.1:<port> (Caddy). */
  url: string;
  key: string;
  secret: string;
  /** The shared channel's reseller and the session its catch-up reads with. */
  shared: Identity;
  /** Caddy's internal root certificate, which the clients trust. */
  ca: string;
}

export const channelOf = (resellerId: number) => `private-reseller.${resellerId}`;

export class FleetClient {
  ws: WebSocket | null = null;
  /** Every close the server (or Caddy) gave this client, with what followed. */
  readonly reconnections: Reconnection[] = [];
  /** uid → how it arrived, per channel. */
  readonly received = new Map<string, Map<string, 'live' | 'caught up' | 'both'>>();
  liveDuplicates = 0;
  /** The newest notification held per channel: the catch-up's `since`. */
  readonly cursor = new Map<string, string>();
  subscribed = false;
  errors: string[] = [];
  private subscriptions = new Set<string>();
  private stopped = false;

  constructor(
    private readonly fleet: Fleet,
    readonly index: number,
    readonly identity: Identity,
  ) {
    for (const channel of this.channels) this.received.set(channel, new Map());
  }

  get channels() {
    return [channelOf(this.identity.resellerId), channelOf(this.fleet.options.shared.resellerId)];
  }

  get localAddress() {
    return `127.0.0.${2 + Math.floor(this.index / PER_ADDRESS)}`;
  }

  connect() {
    const { url, key } = this.fleet.options;
    this.subscribed = false;
    this.subscriptions.clear();
    const ws = new WebSocket(`${url.replace(/^https/, 'wss')}/app/${key}?protocol=7&client=js&version=8.6.0`, {
      localAddress: this.localAddress,
      // ws hands its TLS options to createConnection (typed for net's overloads).
      createConnection: ((options: ConnectionOptions) => this.fleet.tlsSocket(options)) as unknown as typeof createConnection,
      perMessageDeflate: false,
      // A socket Caddy cannot place is given up and tried again, as pusher-js's timeout does.
      handshakeTimeout: 10_000,
    });
    this.ws = ws;
    ws.on('message', (raw) => this.receive(raw.toString()));
    ws.on('error', () => undefined);
    ws.on('close', (code) => this.closed(ws, code));
  }

  stop() {
    this.stopped = true;
    this.ws?.close();
  }

  /** uids it holds on a channel, however they came. */
  has(channel: string, uid: string) {
    return this.received.get(channel)?.has(uid) ?? false;
  }

  private closed(ws: WebSocket, code: number) {
    if (ws !== this.ws) return;
    this.ws = null;
    this.subscribed = false;
    if (this.stopped) return;
    this.reconnections.push({ closedAt: performance.now(), code, caughtUp: 0 });
    this.fleet.changed();
    // A socket that never opened (Caddy had no process to give it) is also tried again a second later.
    const delay = code >= 4200 && code < 4300 ? 0 : RECONNECT_AFTER_OTHER_CLOSE_MS;
    setTimeout(() => {
      if (!this.stopped) this.connect();
    }, delay);
  }

  private receive(text: string) {
    const frame = JSON.parse(text) as { event: string; channel?: string; data?: string };
    const { secret, key } = this.fleet.options;
    switch (frame.event) {
      case 'pusher:connection_established': {
        const socketId = (JSON.parse(frame.data as string) as { socket_id: string }).socket_id;
        const last = this.reconnections.at(-1);
        if (last && last.connectedAt === undefined) last.connectedAt = performance.now();
        for (const channel of this.channels) {
          const session = channel === channelOf(this.identity.resellerId) ? this.identity.sessionId : this.fleet.options.shared.sessionId;
          const channelData = JSON.stringify({ user_id: `session-${session}` });
          const auth = signChannel(key, secret, socketId, channel, channelData);
          this.ws?.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } }));
        }
        return;
      }
      case 'pusher_internal:subscription_succeeded': {
        const channel = frame.channel as string;
        this.subscriptions.add(channel);
        const last = this.reconnections.at(-1);
        // Each channel is caught up on as the portal's is: from its own subscription on, events
        // arrive live, and the cursor is read now, before any of them can move it.
        if (last && last.subscribedAt === undefined) void this.catchUp(last, channel);
        if (this.subscriptions.size === this.channels.length && !this.subscribed) {
          this.subscribed = true;
          if (last && last.subscribedAt === undefined) last.subscribedAt = performance.now();
          this.fleet.changed();
        }
        return;
      }
      case 'pusher:subscription_error':
        this.errors.push(`subscription to ${frame.channel} refused: ${frame.data}`);
        this.fleet.changed();
        return;
      case 'pusher:ping':
        this.ws?.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
        return;
      case REALTIME_EVENTS.notification: {
        const { uid } = JSON.parse(frame.data as string) as { uid: string };
        const held = this.received.get(frame.channel as string);
        if (!held) return;
        const before = held.get(uid);
        if (before === 'live' || before === 'both') this.liveDuplicates++;
        held.set(uid, before === 'caught up' ? 'both' : 'live');
        this.cursor.set(frame.channel as string, uid);
        this.fleet.changed();
      }
    }
  }

  /** What the portal does once its channel is subscribed again: the unread ones after the newest it holds, merged by uid. */
  private async catchUp(reconnection: Reconnection, channel: string) {
    try {
      const api = this.fleet.api(channel === channelOf(this.identity.resellerId) ? this.identity : this.fleet.options.shared);
      const since = this.cursor.get(channel);
      const missed = await this.fleet.call(() => api.unreadNotifications(since ? { since } : {}));
      // A full page may have left older ones out: the portal would read its whole list again.
      if (missed.data.length >= UNREAD_LIMIT) this.errors.push(`a catch-up of ${channel} answered a full page`);
      const held = this.received.get(channel) as Map<string, 'live' | 'caught up' | 'both'>;
      for (const row of missed.data) {
        const before = held.get(row.uid);
        held.set(row.uid, before === undefined ? 'caught up' : before === 'live' ? 'both' : before);
      }
      if (missed.data[0]) this.cursor.set(channel, missed.data[0].uid);
      if (++reconnection.caughtUp === this.channels.length) reconnection.caughtUpAt = performance.now();
    } catch (error) {
      this.errors.push(`catch-up of ${channel} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.fleet.changed();
  }
}

export class Fleet {
  readonly clients: FleetClient[] = [];
  private waiters = new Set<() => void>();
  private pending: NodeJS.Timeout | undefined;
  private calls = 0;
  private queue: (() => void)[] = [];

  readonly tls: SecureContext;
  private session: Buffer | undefined;
  private readonly apis = new Map<number, Client>();

  constructor(readonly options: FleetOptions) {
    this.tls = createSecureContext({ ca: options.ca });
  }

  /**
   * A TLS connection as a browser makes them: one trust store for all (without it each connection
   * builds its own, which costs more than the handshake) and the session resumed from Caddy's last
   * ticket, so thousands of reconnections do not each verify the certificate chain again.
   */
  tlsSocket(options: ConnectionOptions) {
    // As ws's own connect does: its `path` is the request's, not a Unix socket's, and an address
    // gets no server name (RFC 6066 has none for one).
    const servername = options.servername ?? (options.host && isIP(options.host) ? '' : options.host);
    const socket = tlsConnect({ ...options, path: undefined, ...(servername === undefined ? {} : { servername }), secureContext: this.tls, ...(this.session ? { session: this.session } : {}) });
    socket.once('session', (session: Buffer) => (this.session = session));
    return socket;
  }

  /** The SDK's client for a session, as the portal holds one. */
  api(identity: Identity): Client {
    let api = this.apis.get(identity.sessionId);
    if (!api) this.apis.set(identity.sessionId, (api = createClient({ baseUrl: this.options.url, getToken: () => identity.token, log: () => undefined })));
    return api;
  }

  /**
   * Opens sockets for these identities, `batch` at a time, each batch subscribed before the next
   * (a refused subscription fails the wait at once, with the server's words).
   */
  async add(identities: Identity[], batch = 100, timeoutMs = 60_000): Promise<FleetClient[]> {
    const added: FleetClient[] = [];
    for (let i = 0; i < identities.length; i += batch) {
      const group: FleetClient[] = [];
      for (const identity of identities.slice(i, i + batch)) {
        const client = new FleetClient(this, this.clients.length, identity);
        this.clients.push(client);
        group.push(client);
        client.connect();
      }
      added.push(...group);
      await this.until(() => group.every((c) => c.subscribed), `${group.length} clients subscribed (from client ${group[0]?.index})`, timeoutMs);
    }
    return added;
  }

  /**
   * Resolves once `check` holds, re-checked after the clients' frames (at most every CHECK_EVERY_MS:
   * a check may walk every client); fails past `timeoutMs` saying what it waited for, or at once
   * when a client met an error.
   */
  until(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const test = () => {
        const failed = this.clients.flatMap((c) => c.errors.map((e) => `client ${c.index}: ${e}`));
        if (failed.length > 0) return finish(new Error(`${what}: ${failed.slice(0, 5).join('; ')}`));
        if (check()) finish();
      };
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.waiters.delete(test);
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(() => finish(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.add(test);
      test();
    });
  }

  /** Something changed: the waiters check again, once for a burst of frames. */
  changed() {
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      for (const waiter of [...this.waiters]) waiter();
    }, CHECK_EVERY_MS);
  }

  /** A catch-up call, at most CATCH_UP_CALLS in flight. */
  async call<T>(work: () => Promise<T>): Promise<T> {
    // A freed place goes to the next in the queue as it is: none is taken twice.
    if (this.calls >= CATCH_UP_CALLS) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.calls++;
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.calls--;
    }
  }

  stop() {
    for (const client of this.clients) client.stop();
  }
}
