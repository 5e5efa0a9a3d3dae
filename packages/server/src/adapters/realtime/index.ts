/**
 * Realtime: how the server tells a browser that something happened. One Broadcaster interface,
 * chosen by configuration:
 * - `embedded` (default): this process runs the Pusher-protocol server and publishes to it directly;
 * - `pusher`: publishes through the signed Pusher HTTP API to Soketi, Reverb, Pusher, or the
 *   embedded server of another process (several processes can share one socket server).
 * - `bus`: runs no socket server and sends every message on the PostgreSQL bus (./bus.ts), for the
 *   socket processes (`dist/cli/realtime.js` with REALTIME_BUS=postgres) that listen on it.
 * With the embedded driver and REALTIME_BUS=postgres, every message goes through PostgreSQL too:
 * a change's events are sent in its transaction (`announce`), and every process hands them to its
 * own sockets, so several socket processes serve one product.
 * Channel authorisations are signed with the official `pusher` library in both cases.
 */
import Pusher from 'pusher';
import { metrics } from '../../ops/metrics.js';
import type { Db } from '../../db/index.js';
import type { Unit } from '../../db/unit.js';
import { deliverTo, sendOnBus, type BusMessage } from './bus.js';
import { IsolatedRealtimeServer } from './isolated.js';

export interface Broadcaster {
  publish(channel: string, event: string, data: unknown): Promise<void>;
  /** Closes the connections signed in as these users. */
  terminate(userIds: string[]): Promise<void>;
}

export interface RealtimeSettings {
  driver: 'embedded' | 'pusher' | 'bus';
  bus?: 'none' | 'postgres';
  appId: string;
  key: string;
  secret: string;
  apiUrl?: string | undefined;
  activityTimeout: number;
  maxConnectionsPerAddress?: number;
  /** Private channel authorisations name their session (channel_data); see config.ts. */
  channelData?: boolean;
  trustProxy?: false | number | string[];
}

export function createRealtime(settings: RealtimeSettings, log: { warn(obj: unknown, msg?: string): void }) {
  const signer = new Pusher({ appId: settings.appId, key: settings.key, secret: settings.secret, host: '127.0.0.1' });
  let server: IsolatedRealtimeServer | null = null;
  let broadcaster: Broadcaster;
  /** The database the bus's messages are sent through, once `useBus` has been called. */
  let bus: Db | null = null;

  if (settings.driver === 'embedded') {
    server = new IsolatedRealtimeServer({
      appId: settings.appId,
      key: settings.key,
      secret: settings.secret,
      activityTimeout: settings.activityTimeout,
      ...(settings.maxConnectionsPerAddress ? { maxConnectionsPerAddress: settings.maxConnectionsPerAddress } : {}),
      trustProxy: settings.trustProxy ?? false,
      log,
    });
    const local = server;
    broadcaster = {
      async publish(channel, event, data) {
        if (bus) await sendOnBus(bus, { kind: 'publish', channels: [channel], event, data: JSON.stringify(data) });
        else local.publish([channel], event, JSON.stringify(data));
      },
      async terminate(userIds) {
        if (bus) await sendOnBus(bus, { kind: 'terminate', userIds });
        else local.terminateUsers(userIds);
      },
    };
  } else if (settings.driver === 'bus') {
    // Nothing to hand events to here but the bus: until `useBus` names the database, a publish fails
    // (and is logged, as any failed publish).
    const through = () => {
      if (!bus) throw new Error('REALTIME_DRIVER=bus: the bus has no database yet');
      return bus;
    };
    broadcaster = {
      async publish(channel, event, data) {
        await sendOnBus(through(), { kind: 'publish', channels: [channel], event, data: JSON.stringify(data) });
      },
      async terminate(userIds) {
        await sendOnBus(through(), { kind: 'terminate', userIds });
      },
    };
  } else {
    const url = new URL(settings.apiUrl as string);
    const client = new Pusher({
      appId: settings.appId,
      key: settings.key,
      secret: settings.secret,
      host: url.hostname,
      port: url.port || (url.protocol === 'https:' ? '443' : '80'),
      useTLS: url.protocol === 'https:',
      timeout: 5000,
    });
    broadcaster = {
      async publish(channel, event, data) {
        await client.trigger(channel, event, data);
      },
      async terminate(userIds) {
        await Promise.all(userIds.map((userId) => client.terminateUserConnections(userId)));
      },
    };
  }

  const realtime = {
    driver: settings.driver,
    key: settings.key,
    /** The embedded socket server, in its own thread (null with the pusher and bus drivers). */
    server,
    /** Publishing never fails the action that caused it: a lost event is logged, the data is in the database. */
    async publish(channel: string, event: string, data: unknown) {
      try {
        await broadcaster.publish(channel, event, data);
        metrics.realtimeMessages.inc();
      } catch (error) {
        log.warn({ err: error, channel, event }, 'realtime publish failed');
      }
    },
    /**
     * Announces an event of the change `unit` is making: on the bus, inside its transaction (sent
     * only if it commits); otherwise published once it has committed. Either way a rolled-back
     * change announces nothing.
     */
    announce(unit: Unit, channel: string, event: string, data: unknown) {
      const through = bus;
      if (!through) {
        unit.afterCommit(() => realtime.publish(channel, event, data));
        return;
      }
      // Sent by the transaction itself: a failure here fails the change, as any of its statements would.
      unit.beforeCommit(async () => {
        await sendOnBus(unit.tx, { kind: 'publish', channels: [channel], event, data: JSON.stringify(data) });
        metrics.realtimeMessages.inc();
      });
    },
    /** From now on, messages travel through PostgreSQL (REALTIME_BUS=postgres with the embedded driver, or the bus driver). */
    useBus(db: Db) {
      if (settings.driver === 'pusher') throw new Error('the realtime bus feeds embedded socket servers, not a Pusher API');
      bus = db;
    },
    /** A message heard on the bus, for this process's sockets. */
    deliver(message: BusMessage) {
      if (server) deliverTo(server, message);
    },
    /**
     * Closes the sockets of these sessions (4009): those signed in as one of them and those
     * subscribed with a channel authorisation one of them asked for. With any driver: the embedded
     * server directly, another socket server through the Pusher HTTP API's terminate_connections.
     * Like publishing, a failure is logged and never fails the action that ended the sessions.
     */
    async endSessions(sessionIds: number[]) {
      if (sessionIds.length === 0) return;
      try {
        await broadcaster.terminate(sessionIds.map(sessionUser));
      } catch (error) {
        log.warn({ err: error, sessions: sessionIds.length }, 'realtime terminate failed');
      }
    },
    /** `{ auth, user_data }` signing a socket in as its session (user authentication). */
    authenticateSession(socketId: string, sessionId: number) {
      return signer.authenticateUser(socketId, { id: sessionUser(sessionId) });
    },
    /**
     * `{ auth, channel_data }` for a socket's subscription to a private channel, channel_data naming
     * the session that asked (`{"user_id":"session-{id}"}`, under the signature, as presence
     * channels do): the socket server files the socket under that session, so that ending it
     * (`endSessions`, terminate_connections) closes the socket though it never signed in.
     * `{ auth }` alone for a socket server that does not read it (REALTIME_CHANNEL_DATA=false).
     */
    authorize(socketId: string, channel: string, sessionId: number): { auth: string; channel_data?: string } {
      if (settings.channelData === false) return { auth: signer.authorizeChannel(socketId, channel).auth };
      const { auth, channel_data } = signer.authorizeChannel(socketId, channel, { user_id: sessionUser(sessionId) });
      return channel_data === undefined ? { auth } : { auth, channel_data };
    },
  };
  return realtime;
}

/**
 * The Pusher user a socket signs in as: its session, not its reseller, so that ending one session
 * closes that session's sockets and no other.
 */
export const sessionUser = (sessionId: number) => `session-${sessionId}`;

export type Realtime = ReturnType<typeof createRealtime>;
export { RealtimeServer } from './server.js';
export { IsolatedRealtimeServer } from './isolated.js';
