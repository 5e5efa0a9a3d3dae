/**
 * The socket server as its own process, in Soketi's place: `node dist/cli/realtime.js`. It speaks
 * the Pusher protocol to browsers and the signed Pusher HTTP API to the app processes (which run
 * with REALTIME_DRIVER=pusher and REALTIME_API_URL pointing here). Its settings are the server's:
 * REALTIME_PORT, REALTIME_HOST, REALTIME_APP_ID, REALTIME_KEY, REALTIME_SECRET (required: every app
 * process signs with it), REALTIME_ACTIVITY_TIMEOUT, REALTIME_MAX_CONNECTIONS_PER_ADDRESS and
 * TRUST_PROXY. On SIGTERM it closes every socket with 4200, so clients reconnect at once.
 */
import { loadRealtimeConfig } from '../config.js';
import { RealtimeServer } from '../adapters/realtime/server.js';
import { StartupError, explainStartupFailure, listenFailure } from '../ops/startup.js';

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
    log: { warn: (obj, msg) => console.warn(JSON.stringify({ level: 40, time: Date.now(), msg, err: String((obj as { err?: unknown }).err ?? '') })) },
  });
  const port = await server.listen(realtime.port, realtime.host).catch((error: unknown) => {
    throw listenFailure(error, 'the realtime socket server', 'REALTIME_PORT', realtime.port, realtime.host);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void server.close().then(() => process.exit(0));
    });
  }
  console.log(`\n  Realtime (Pusher protocol): ws://${realtime.host}:${port}, app ${realtime.appId}\n`);
} catch (error) {
  console.error(`\n  ${explainStartupFailure(error)}\n`);
  process.exit(1);
}
