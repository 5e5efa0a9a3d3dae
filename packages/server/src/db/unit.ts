/**
 * A unit of work: one transaction, and what must happen only once it has committed (a realtime
 * event, a mail delivery). A rolled-back action announces nothing.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, Tx } from './index.js';
import * as schema from './schema/index.js';

export interface Unit {
  tx: Tx;
  afterCommit(effect: () => unknown): void;
}

/** What must happen once a unit has committed; one failing effect does not stop the others. */
async function runEffects(ctx: { log: { warn(obj: unknown, msg?: string): void } }, effects: (() => unknown)[]) {
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      ctx.log.warn({ err: error }, 'an after-commit effect failed');
    }
  }
}

export async function transact<T>(
  ctx: { db: Db; log: { warn(obj: unknown, msg?: string): void } },
  work: (unit: Unit) => Promise<T>,
): Promise<T> {
  const effects: (() => unknown)[] = [];
  const result = await ctx.db.transaction((tx) => work({ tx, afterCommit: (effect) => effects.push(effect) }));
  await runEffects(ctx, effects);
  return result;
}

/** The last statement of a unit that ends with a charge (see `transactClosing`). */
export interface Closing<R, T> {
  statement: SQL;
  /** The answer, from the statement's first row (undefined when it answered none). */
  answer(row: R | undefined): T;
}

const dialect = new PgDialect();
const bound = new WeakMap<pg.PoolClient, Db>();
/** Drizzle over one checked-out connection, made once per connection of the pool. */
function drizzleOn(client: pg.PoolClient): Db {
  let db = bound.get(client);
  if (!db) {
    db = drizzle(client, { schema }) as unknown as Db;
    bound.set(client, db);
  }
  return db;
}

/** A statement's text with its parameters written in as literals (numbers, dates, escaped text). */
function inlined(client: pg.PoolClient, statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Error(`cannot write ${value} into a statement`);
      return String(value);
    }
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (value instanceof Date) return client.escapeLiteral(value.toISOString());
    if (typeof value === 'string') return client.escapeLiteral(value);
    throw new Error(`cannot write a ${typeof value} into a statement`);
  });
}

/**
 * A unit of work that ends with a charge on a busy row (a wallet): `work` does everything else and
 * answers the closing statement, which goes out with the COMMIT in the same message, so the row it
 * locks stays locked for PostgreSQL's own time, never for a trip through a busy event loop (on a
 * wallet charged 50 times at once, waiting for this process to read the answer and send COMMIT was
 * most of each charge's hold). The statement refuses by raising an error: the COMMIT is skipped,
 * the transaction rolled back, and the error thrown here. `unit.tx` must not open nested
 * transactions (drizzle would send a second BEGIN on this connection).
 */
export async function transactClosing<R, T>(
  ctx: { database: { pool?: pg.Pool | undefined }; log: { warn(obj: unknown, msg?: string): void } },
  work: (unit: Unit) => Promise<Closing<R, T>>,
): Promise<T> {
  const pool = ctx.database.pool;
  if (!pool) throw new Error('a closing transaction needs the connection pool');
  const effects: (() => unknown)[] = [];
  const client = await pool.connect();
  let open = false;
  let broken: Error | undefined;
  try {
    // BEGIN is queued, not awaited: the work's first statement follows it on the connection (and
    // fails with it, should it fail).
    open = true;
    void client.query('begin').catch(() => undefined);
    const closing = await work({ tx: drizzleOn(client), afterCommit: (effect) => effects.push(effect) });
    // One message, two statements: PostgreSQL runs the COMMIT as soon as the charge is done,
    // without waiting for this process to read the answer (the simple query protocol; the values
    // are written into the text as escaped literals, since that protocol takes no parameters).
    // When the charge raises, the COMMIT after it is skipped: the transaction is left aborted and
    // rolled back below.
    const answered = (await client.query(`${inlined(client, closing.statement)};\ncommit`)) as unknown as pg.QueryResult[];
    open = false;
    const result = closing.answer((answered[0]?.rows as R[] | undefined)?.[0]);
    await runEffects(ctx, effects);
    return result;
  } catch (error) {
    if (open) await client.query('rollback').catch((e: Error) => (broken = e));
    throw error;
  } finally {
    client.release(broken);
  }
}
