/**
 * The embedded realtime server alone in a process, for `pnpm bench realtime`, driven over IPC. It
 * keeps the product's connection limits (100 a client address, 50 000 a process: protocol.ts), so
 * the clients spread over loopback addresses as real ones come from many. With BENCH_BUS_URL it
 * also listens on the PostgreSQL bus there, as a socket process of the deployment does
 * (`dist/cli/realtime.js` with REALTIME_BUS=postgres).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { deliverTo, listenOnBus, type BusListener, type BusMessage } from '../src/adapters/realtime/bus.js';
import { RealtimeServer } from '../src/adapters/realtime/server.js';
import * as schema from '../src/db/schema/index.js';
import { KEY, SECRET } from './realtime-shared.js';

const warn = (obj: unknown, msg?: string) => console.warn(`realtime bench server: ${msg ?? ''} ${String((obj as { err?: unknown }).err ?? '')}`);
const server = new RealtimeServer({ appId: 'bench', key: KEY, secret: SECRET, activityTimeout: 120, log: { warn } });
const now = () => performance.timeOrigin + performance.now();

/**
 * The server's own share of a round: from the event's publishing to its last frame handed to the
 * sockets (the clients' process, on the same two cores, then reads them), the longest since asked.
 */
let handedOver = 0;
const sentAtOf = (data: string) => Number(/"sentAt":([0-9.]+)/.exec(data)?.[1] ?? NaN);

let bus: { listener: BusListener; pool: pg.Pool } | null = null;
const url = process.env.BENCH_BUS_URL;
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined);
  const deliver = (message: BusMessage) => {
    deliverTo(server, message);
    if (message.kind === 'publish') handedOver = Math.max(handedOver, now() - sentAtOf(message.data));
  };
  bus = { pool, listener: await listenOnBus({ url, db: drizzle(pool, { schema }), deliver, log: { warn } }) };
}
const port = await server.listen(0, '127.0.0.1');

process.on('message', (message: { kind: string; channels?: string[] }) => {
  if (message.kind === 'stats') {
    const m = process.memoryUsage();
    process.send?.({ kind: 'stats', rss: m.rss, heapUsed: m.heapUsed, connections: server.connectionCount });
  } else if (message.kind === 'publish') {
    const sentAt = now();
    for (const channel of message.channels ?? []) server.publish([channel], 'bench.event', JSON.stringify({ sentAt }));
    handedOver = Math.max(handedOver, now() - sentAt);
    process.send?.({ kind: 'published', sentAt });
  } else if (message.kind === 'handed-over') {
    process.send?.({ kind: 'handed-over', ms: handedOver });
    handedOver = 0;
  } else if (message.kind === 'stop') {
    void server
      .close()
      .then(() => bus?.listener.close())
      .then(() => bus?.pool.end())
      .then(() => process.exit(0));
  }
});
// The parent going away (a failed bench) takes this process with it.
process.on('disconnect', () => process.exit(0));
process.send?.({ kind: 'ready', port });
