/**
 * Group commit on a busy wallet: the charges that reach one wallet while another batch of its
 * charges is running wait in a queue of this process, and go together as one statement
 * (`wallet_charge_batch`, migrations 0017 and 0019) — one transaction, one WAL flush, and the wallet's row
 * locked only for PostgreSQL's own time, never for a trip through this process.
 *
 * Each charge keeps its own answer: its conditional debit decides, in the order the charges came,
 * whether it is paid; a paid one gets its ledger row and its own rows (given here as values, and
 * inserted with those of the batch's other paid charges, one insert per table); a refused one
 * writes nothing. When an insert fails (a code or username already taken), nothing of the batch is
 * written and each of its charges runs again alone, so that only the one at fault answers the error.
 * A charge priced from a price book whose versions have moved since it was read is refused as stale
 * and writes nothing (products/price-cache.ts prices it again).
 * Exactness does not depend on the queue: the debit is conditional in PostgreSQL, and its row lock
 * orders the batches of several processes.
 */
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import type pg from 'pg';
import type { Movement } from './movement.js';
import type { PriceVersions } from '../products/pricing.js';

export interface Charge {
  movement: Movement;
  /** The versions of the price book the charge was priced from: it is refused as stale once they have moved. */
  pricedAt: PriceVersions;
  /** Coupons added to the reseller's counter with the debit (a generation). */
  couponsAdded?: number;
  /** The call's own rows, each table's as its Drizzle values, in the order they may be inserted. */
  rows: [PgTable, Record<string, unknown>[]][];
}

/** What a paid charge answers: the wallet after it, and when its transaction began (its rows' `now()`). */
export interface Paid {
  out_balance: number;
  out_credit_limit: number;
  out_threshold: number | null;
  at: Date;
}

/** The wallet could not pay: nothing of the charge was written. */
export class ChargeRefused extends Error {
  constructor() {
    super('the wallet cannot pay');
  }
}

/**
 * The prices the charge was computed from have changed since they were read (products/price-cache.ts):
 * nothing of it was written, and it is priced again.
 */
export class StalePrices extends Error {
  constructor() {
    super('the prices have changed since they were read');
  }
}

/** At most this many charges in one statement. */
const BATCH = 64;
/**
 * Batches of one wallet under way at once in a process: while one holds the wallet's row (its
 * debits and commit), the next writes its rows, then waits for the row.
 */
const PARALLEL = 2;

const columnNames = new WeakMap<PgTable, Map<string, string>>();

/** Drizzle values ({ resellerId: 1 }) as the table's columns ({ reseller_id: 1 }), for jsonb_populate_recordset. */
function asColumns(table: PgTable, values: Record<string, unknown>[]): Record<string, unknown>[] {
  let names = columnNames.get(table);
  if (!names) columnNames.set(table, (names = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name]))));
  const keys = Object.keys(values[0] ?? {});
  const columns = keys.map((key) => {
    const name = names.get(key);
    if (!name) throw new Error(`no column ${key}`);
    return name;
  });
  // Every row of a table has the first row's fields (one insert names its columns once).
  return values.map((v) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) out[columns[i] as string] = v[keys[i] as string] ?? null;
    return out;
  });
}

interface Pending {
  spec: Record<string, unknown>;
  resolve(paid: Paid): void;
  reject(error: unknown): void;
}

interface Queue {
  items: Pending[];
  /** Batches of this wallet under way in this process. */
  running: number;
}

type Ctx = Pick<AppContext, 'db' | 'clock' | 'database'>;
/** The queues of one database (two apps in one process on one database share them). */
const queuesOf = new WeakMap<object, Map<number, Queue>>();

/** Charges a wallet together with the other charges waiting for it; answers when its batch has committed. */
export function chargeTogether(ctx: Ctx, charge: Charge): Promise<Paid> {
  const m = charge.movement;
  if (!Number.isSafeInteger(m.amountCents) || m.amountCents < 0) throw new Error(`invalid debit ${m.amountCents}`);
  const spec = {
    amount: m.amountCents,
    coupons: charge.couponsAdded ?? 0,
    kind: m.kind,
    reference: m.reference,
    description: m.description,
    actor: m.actorId ?? null,
    prices: [charge.pricedAt.catalogue, charge.pricedAt.reseller],
    at: ctx.clock.now().toISOString(),
    rows: charge.rows.map(([table, values]) => [getTableName(table), asColumns(table, values)]),
  };
  let queues = queuesOf.get(ctx.db);
  if (!queues) queuesOf.set(ctx.db, (queues = new Map()));
  let queue = queues.get(m.resellerId);
  if (!queue) queues.set(m.resellerId, (queue = { items: [], running: 0 }));
  const promise = new Promise<Paid>((resolve, reject) => queue.items.push({ spec, resolve, reject }));
  if (queue.running < PARALLEL) void drain(ctx, queues, m.resellerId, queue);
  return promise;
}

interface Outcome {
  item: number;
  paid: boolean;
  stale: boolean;
  out_balance: string | number | null;
  out_credit_limit: string | number | null;
  out_threshold: string | number | null;
  out_at: Date | string;
}

/** One statement for the batch; each charge answered. */
async function run(client: pg.PoolClient, resellerId: number, batch: Pending[]) {
  const { rows: outcomes } = await client.query<Outcome>('select * from wallet_charge_batch($1::int, $2::jsonb)', [resellerId, JSON.stringify(batch.map((p) => p.spec))]);
  for (const o of outcomes) {
    const p = batch[o.item];
    if (!p) continue;
    if (!o.paid) p.reject(o.stale ? new StalePrices() : new ChargeRefused());
    else {
      p.resolve({
        out_balance: Number(o.out_balance),
        out_credit_limit: Number(o.out_credit_limit),
        out_threshold: o.out_threshold === null ? null : Number(o.out_threshold),
        at: new Date(o.out_at),
      });
    }
  }
}

/**
 * Runs the wallet's batches one after another, on one connection held while charges wait (so a
 * batch never queues for the pool behind the requests it answers); the queue goes when empty.
 */
async function drain(ctx: Ctx, queues: Map<number, Queue>, resellerId: number, queue: Queue) {
  queue.running++;
  let client: pg.PoolClient | undefined;
  let broken: Error | undefined;
  try {
    if (!ctx.database.pool) throw new Error('a grouped charge needs the connection pool');
    client = await ctx.database.pool.connect();
    while (queue.items.length) {
      const batch = queue.items.splice(0, BATCH);
      try {
        await run(client, resellerId, batch);
      } catch (error) {
        // Not PostgreSQL's refusal of a statement but a broken connection: answered below.
        if (!(error as { severity?: string }).severity) {
          queue.items.unshift(...batch);
          throw error;
        }
        // Nothing of the batch was written: each charge alone, so that only the one at fault fails.
        if (batch.length === 1) batch[0]?.reject(error);
        else for (const p of batch) await run(client, resellerId, [p]).catch((e: unknown) => p.reject(e));
      }
    }
  } catch (error) {
    // No connection, or one that broke: what waits is answered with its error, as any statement on
    // a lost connection is (the batch under way may or may not have committed; the ledger tells).
    broken = error as Error;
    for (const p of queue.items.splice(0)) p.reject(error);
  } finally {
    client?.release(broken);
    queue.running--;
    if (queue.items.length) void drain(ctx, queues, resellerId, queue);
    else if (!queue.running) queues.delete(resellerId);
  }
}
