/**
 * Group commit on a busy wallet: the charges that reach one wallet while another batch of its
 * charges is running wait in a queue of this process, and go together as one statement
 * (`wallet_charge_batch`, db/sql/wallet.sql) — one transaction, one WAL flush, and the wallet's row
 * locked only for PostgreSQL's own time, never for a trip through this process.
 *
 * Each charge keeps its own answer: its conditional debit decides, in the order the charges came,
 * whether it is paid (by `wallet_move`, the rule every movement of a wallet goes through,
 * movement.ts); a paid one gets its ledger row and its own rows (given here as values, and inserted
 * with those of the batch's other paid charges, one insert per table); a refused one writes
 * nothing. When an insert fails (a code or username already taken), nothing of the batch is
 * written and each of its charges runs again alone, so that only the one at fault answers the error.
 * A charge priced from a price book whose versions have moved since it was read is refused as stale
 * and writes nothing (products/price-cache.ts prices it again).
 * Exactness does not depend on the queue: the debit is conditional in PostgreSQL, and its row lock
 * orders the batches of several processes.
 */
import type { AppContext } from '../../context.js';
import type pg from 'pg';
import type { TableRows } from './batch-rows.js';
import type { ChargeQueues, ChargeSpec, Paid, Pending, WalletQueue } from './charge-queue.js';
import { moveSpec, type MoveAnswer, type Movement } from './movement.js';
import type { PriceVersions } from '../products/pricing.js';

export interface Charge {
  movement: Movement;
  /** The versions of the price book the charge was priced from: it is refused as stale once they have moved. */
  pricedAt: PriceVersions;
  /** Coupons added to the reseller's counter with the debit (a generation). */
  couponsAdded?: number;
  /** The call's own rows, each table's made by `batchRows` (batch-rows.ts), in the order they may be inserted. */
  rows: TableRows[];
}

export type { Paid } from './charge-queue.js';

/** The wallet could not pay: nothing of the charge was written. Its wallet as it stood, for the refusal's words. */
export class ChargeRefused extends Error {
  constructor(
    readonly wallet: { balance: number; limit: number } | undefined,
    /** Refused for the spending member's daily limit rather than the wallet: that limit and the day's spending. */
    readonly dailyLimit: [limitCents: number, spentCents: number] | null = null,
  ) {
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

type Ctx = Pick<AppContext, 'clock' | 'database' | 'chargeQueues'>;

/** Charges a wallet together with the other charges waiting for it; answers when its batch has committed. */
export function chargeTogether(ctx: Ctx, charge: Charge): Promise<Paid> {
  const m = charge.movement;
  if (!Number.isSafeInteger(m.amountCents) || m.amountCents < 0) throw new Error(`invalid debit ${m.amountCents}`);
  const spec: ChargeSpec = {
    ...moveSpec(m, -m.amountCents, ctx.clock.now(), { couponsAdded: charge.couponsAdded, pricedAt: charge.pricedAt }),
    rows: charge.rows,
  };
  const queues = ctx.chargeQueues;
  let queue = queues.get(m.resellerId);
  if (!queue) queues.set(m.resellerId, (queue = { items: [], running: 0 }));
  const promise = new Promise<Paid>((resolve, reject) => queue.items.push({ spec, resolve, reject }));
  if (queue.running < PARALLEL) void drain(ctx, queues, m.resellerId, queue);
  return promise;
}

/** One statement for the batch; each charge answered. */
async function run(client: pg.PoolClient, resellerId: number, batch: Pending[]) {
  // wallet_move's answers, and the time the batch's transaction began (its rows' now()).
  const { rows } = await client.query<{ answers: MoveAnswer[]; at: Date }>('select answers, at from wallet_charge_batch($1::int, $2::jsonb)', [
    resellerId,
    JSON.stringify(batch.map((p) => p.spec)),
  ]);
  const outcome = rows[0];
  if (!outcome) throw new Error('wallet_charge_batch answered nothing');
  for (const [item, paid, balance, limit, threshold, stale, day] of outcome.answers) {
    const p = batch[item];
    if (!p) continue;
    if (stale) p.reject(new StalePrices());
    else if (!paid) p.reject(new ChargeRefused(balance === null ? undefined : { balance, limit: limit ?? 0 }, day ?? null));
    else p.resolve({ out_balance: balance ?? 0, out_credit_limit: limit ?? 0, out_threshold: threshold, at: new Date(outcome.at) });
  }
}

/**
 * Runs the wallet's batches one after another, on one connection held while charges wait (so a
 * batch never queues for the pool behind the requests it answers); the queue goes when empty.
 */
async function drain(ctx: Ctx, queues: ChargeQueues, resellerId: number, queue: WalletQueue) {
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
