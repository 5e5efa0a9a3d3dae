/**
 * Events are kept for the days the events API promises (WEBHOOKS.eventsRetentionDays) and then
 * deleted with their deliveries (the foreign key cascades). Deletes go in batches, so a first sweep
 * after a long time never holds a long lock on a busy table.
 */
import { sql } from 'drizzle-orm';
import { WEBHOOKS } from '@partner-panel/sdk';
import { rows, type Db } from '../../db/index.js';

const BATCH = 5_000;

/** Deletes the events older than the retention; answers how many went. */
export async function pruneEvents(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - WEBHOOKS.eventsRetentionDays * 86_400_000);
  let total = 0;
  for (;;) {
    const [row] = await rows<{ n: number }>(
      db,
      sql`with gone as (delete from events where id in (select id from events where created_at < ${cutoff} limit ${BATCH}) returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}
