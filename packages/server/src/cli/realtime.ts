/**
 * The socket server as its own process, in Soketi's place: `node dist/cli/realtime.js`. It speaks
 * the Pusher protocol to browsers and the signed Pusher HTTP API to whatever publishes through it.
 * With REALTIME_BUS=postgres (and DATABASE_URL) it listens on the PostgreSQL bus the app processes
 * send their events on (REALTIME_DRIVER=bus), so any number of these processes serve one product,
 * each to its own sockets; without it, the app processes publish to it over the HTTP API
 * (REALTIME_DRIVER=pusher, REALTIME_API_URL pointing here). Its settings are the server's:
 * REALTIME_PORT, REALTIME_HOST, REALTIME_APP_ID, REALTIME_KEY, REALTIME_SECRET (required: every app
 * process signs with it), REALTIME_ACTIVITY_TIMEOUT, REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
 * TRUST_PROXY, REALTIME_BUS and DATABASE_URL. On SIGTERM it closes every socket with 4200, so
 * clients reconnect at once — to another socket process, behind the proxy.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadRealtimeConfig } from '../config.js';
import { deliverTo, listenOnBus, type BusListener } from '../adapters/realtime/bus.js';
import { RealtimeServer } from '../adapters/realtime/server.js';
import * as schema from '../db/schema/index.js';
import { StartupError, explainStartupFailure, listenFailure } from '../ops/startup.js';

const warn = (obj: unknown, msg?: string) => console.warn(JSON.stringify({ level: 40, time: Date.now(), msg, err: String((obj as { err?: unknown }).err ?? '') }));

try {
  const config = loadRealtimeConfig();
  const { realtime } = config;
  if (!realtime.secret) throw new StartupError('Set REALTIME_SECRET (the app processes sign channels and events with the same secret).');
  const server = new RealtimeServer({
    appId: realtime.appId,
    key: realtime.key,
    secret: realtime.secret,
    activityTimeout: realtime.activityTimeout,
    maxConnectionsPerAddress: realtime.maxConnectionsPerAddress,
    trustProxy: config.trustProxy,
    log: { warn },
  });
  // The bus is listened on before the port opens: a client that has subscribed here then hears
  // every event committed afterwards (what came before, the portal reads with its `since` cursor).
  // Two connections: the listening one, and one to read a large message's row and sweep old ones.
  let bus: { listener: BusListener; pool: pg.Pool } | null = null;
  if (realtime.bus === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
    pool.on('error', () => undefined);
    const listener = await listenOnBus({ url: config.databaseUrl as string, db: drizzle(pool, { schema }), deliver: (message) => deliverTo(server, message), log: { warn } }).catch(
      async (error: unknown) => {
        await pool.end().catch(() => undefined);
        throw new StartupError(`The realtime bus could not listen in DATABASE_URL's database: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    bus = { listener, pool };
  }
  const port = await server.listen(realtime.port, realtime.host).catch((error: unknown) => {
    throw listenFailure(error, 'the realtime socket server', 'REALTIME_PORT', realtime.port, realtime.host);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      // The sockets first (4200: reconnect at once, elsewhere), then the bus they were fed by.
      void server
        .close()
        .then(() => bus?.listener.close())
        .then(() => bus?.pool.end())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            warn({ err: error }, 'realtime: stopping failed');
            process.exit(1);
          },
        );
    });
  }
  console.log(`\n  Realtime (Pusher protocol): ws://${realtime.host}:${port}, app ${realtime.appId}${bus ? ', fed by the PostgreSQL bus' : ''}\n`);
} catch (error) {
  console.error(`\n  ${explainStartupFailure(error)}\n`);
  process.exit(1);
}
