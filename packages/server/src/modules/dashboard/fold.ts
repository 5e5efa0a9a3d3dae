/**
 * The dashboard's rollups are appended by triggers (`reseller_daily_delta`, migration 0015) and
 * folded into their days here, every few seconds in every process (a fold is safe to run
 * concurrently: each appended row is moved once). Readers see folded and unfolded rows alike
 * through the `reseller_days` view, so the fold changes no figure, only how many rows a read sums.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/index.js';

export const FOLD_EVERY_MS = 5_000;

/** Moves every appended row into its day; answers how many rows moved. */
export async function foldDaily(db: Db): Promise<number> {
  const [row] = await rows<{ moved: number }>(db, sql`select fold_daily() as moved`);
  return Number(row?.moved ?? 0);
}
