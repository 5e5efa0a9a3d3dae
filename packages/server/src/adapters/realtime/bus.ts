/**
 * The PostgreSQL bus between socket processes (REALTIME_BUS=postgres): every realtime message
 * (an event for channels, sockets to close) is a NOTIFY on one channel, sent in the transaction of
 * the change it announces, so PostgreSQL delivers it to every listening process only if that
 * transaction commits. Each process that runs the embedded socket server LISTENs on one dedicated
 * connection, reconnecting when it drops, and hands what it hears to its own sockets.
 *
 * A NOTIFY payload is limited to 8 000 bytes: a larger message is written to `realtime_payloads` in
 * the same transaction and announced by its id; each process reads it once, and rows older than
 * PAYLOAD_KEEP are swept, long after every listener has read them.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { rows, type Db, type Tx } from '../../db/index.js';

/** The NOTIFY channel. */
export const BUS_CHANNEL = 'partner_panel_realtime';
/** Under PostgreSQL's 8 000 bytes, with room for the server's own framing. */
export const INLINE_LIMIT = 7_900;
/** A message announced by id starts with this, which no JSON text does. */
const BY_ID = '#';
const PAYLOAD_KEEP = "interval '10 minutes'";
const SWEEP_EVERY_MS = 60_000;
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export type BusMessage =
  | { kind: 'publish'; channels: string[]; event: string; data: string }
  | { kind: 'terminate'; userIds: string[] };

/** Hands a message heard on the bus to a socket server (in this thread, or in its own: isolated.ts). */
export function deliverTo(server: { publish(channels: string[], event: string, data: string): unknown; terminateUsers(userIds: string[]): unknown }, message: BusMessage): void {
  if (message.kind === 'publish') server.publish(message.channels, message.event, message.data);
  else server.terminateUsers(message.userIds);
}

/** Sends a message inside `tx` (a transaction, or the pool for one committed at once). */
export async function sendOnBus(tx: Tx, message: BusMessage): Promise<void> {
  const text = JSON.stringify(message);
  let payload = text;
  if (Buffer.byteLength(text) > INLINE_LIMIT) {
    const [row] = await rows<{ id: number }>(tx, sql`insert into realtime_payloads (body) values (${text}) returning id`);
    payload = `${BY_ID}${String(row?.id)}`;
  }
  await tx.execute(sql`select pg_notify(${BUS_CHANNEL}, ${payload})`);
}

interface Log {
  warn(obj: unknown, msg?: string): void;
  info?(obj: unknown, msg?: string): void;
}

/**
 * Listens on the bus for this process: `deliver` gets every message, in the order PostgreSQL
 * delivers them (commit order). Resolves once it listens.
 */
export async function listenOnBus(options: { url: string; db: Db; deliver: (message: BusMessage) => void; log: Log }) {
  const { url, db, deliver, log } = options;
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_FIRST_MS;
  // Messages are handed on in the order they arrived, a large one's read included.
  let chain = Promise.resolve();

  const receive = (payload: string) => {
    chain = chain.then(async () => {
      try {
        let text = payload;
        if (payload.startsWith(BY_ID)) {
          const [row] = await rows<{ body: string }>(db, sql`select body from realtime_payloads where id = ${Number(payload.slice(BY_ID.length))}`);
          if (!row) return log.warn({ payload }, 'realtime bus: a large message was swept before it was read');
          text = row.body;
        }
        deliver(JSON.parse(text) as BusMessage);
      } catch (error) {
        log.warn({ err: error }, 'realtime bus: a message could not be delivered');
      }
    });
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    // A dropped connection is replaced; the messages sent meanwhile are lost to this process's
    // sockets, which is what the portal's catch-up after a reconnection is for.
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      void next.end().catch(() => undefined);
      if (stopped) return;
      log.warn({ err: error }, 'realtime bus: the listening connection dropped; reconnecting');
      schedule();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === BUS_CHANNEL && message.payload !== undefined) receive(message.payload);
    });
    client = next;
    await next.connect();
    await next.query(`LISTEN ${BUS_CHANNEL}`);
    delay = RECONNECT_FIRST_MS;
  };

  const schedule = () => {
    retry = setTimeout(() => {
      connect().catch((error: unknown) => {
        client = null;
        log.warn({ err: error }, 'realtime bus: reconnecting failed; trying again');
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        if (!stopped) schedule();
      });
    }, delay);
    retry.unref();
  };

  const sweep = setInterval(() => {
    db.execute(sql.raw(`delete from realtime_payloads where created_at < now() - ${PAYLOAD_KEEP}`)).catch((error: unknown) =>
      log.warn({ err: error }, 'realtime bus: sweeping read payloads failed; the next sweep retries'),
    );
  }, SWEEP_EVERY_MS);
  sweep.unref();

  try {
    await connect();
  } catch (error) {
    // The first connection failing fails the start, which says why; no retry outlives it.
    stopped = true;
    clearInterval(sweep);
    const current = client as pg.Client | null;
    client = null;
    await current?.end().catch(() => undefined);
    throw error;
  }

  return {
    async close() {
      stopped = true;
      clearInterval(sweep);
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
      await chain;
    },
  };
}

export type BusListener = Awaited<ReturnType<typeof listenOnBus>>;
