/**
 * Ids drawn ahead from a table's sequence, a few at a time per process: a write that must know its
 * row's id before it is made (a grouped charge, wallet/group-commit.ts) then rarely costs a trip to
 * the database for it. Sequences leave gaps anyway (a rolled-back insert, a refused charge); these
 * add the ids a process had drawn and not used when it stopped.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from './index.js';

const AHEAD = 32;
const drawn = new WeakMap<object, Map<string, { ids: number[]; next?: Promise<void> }>>();

export async function nextId(db: Db, sequence: 'coupon_batches_id_seq' | 'vpn_accounts_id_seq'): Promise<number> {
  let bySequence = drawn.get(db);
  if (!bySequence) drawn.set(db, (bySequence = new Map()));
  let pool = bySequence.get(sequence);
  if (!pool) bySequence.set(sequence, (pool = { ids: [] }));
  for (;;) {
    const id = pool.ids.shift();
    if (id !== undefined) return id;
    // One draw at a time: callers arriving meanwhile wait for it rather than drawing their own.
    pool.next ??= rows<{ id: number }>(db, sql`select nextval(${sequence}::regclass)::int as id from generate_series(1, ${AHEAD})`)
      .then((got) => void pool.ids.push(...got.map((r) => Number(r.id))))
      .finally(() => (pool.next = undefined));
    await pool.next;
  }
}
