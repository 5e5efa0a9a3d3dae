/** A fresh database for one test file, copied from the run's migrated template. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../../src/db/index.js';
// The names the run's setup provides (postgresUrl, templateDb).
import type {} from './global-setup.js';
import { bounded } from './teardown.js';

export interface TestDatabase extends Database {
  /** The connection string of this file's database. */
  url: string;
  drop(): Promise<void>;
}

export async function freshDatabase(poolSize = 10): Promise<TestDatabase> {
  const serverUrl = inject('postgresUrl');
  const name = `pp_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), poolSize);
  return {
    ...database,
    url: url.toString(),
    async drop() {
      // pool.end() waits for every client handed out; one never given back would hold it for ever.
      // The forced drop below terminates whatever is still connected, which ends those clients.
      const closing = database.close();
      await bounded('closing the database pool', 10_000, closing);
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await bounded('closing the database pool after its connections were cut', 5_000, closing);
    },
  };
}

/**
 * The books balance: after every test file that ran the app, each reseller's balance is the sum of
 * its ledger, and its ledger rows chain (each balance_after is the previous one plus its amount).
 */
export async function expectLedgerBalanced(database: Database) {
  const result = (await database.db.execute(sql`
    select r.id, r.balance_cents, coalesce(l.total, 0) as ledger_total, coalesce(l.broken, 0) as broken_links
    from resellers r
    left join (
      select reseller_id, sum(amount_cents) as total,
             count(*) filter (where balance_after_cents <> running) as broken
      from (select reseller_id, amount_cents, balance_after_cents,
                   sum(amount_cents) over (partition by reseller_id order by id) as running
            from wallet_ledger) chained
      group by reseller_id
    ) l on l.reseller_id = r.id
    where r.balance_cents <> coalesce(l.total, 0) or coalesce(l.broken, 0) > 0`)) as unknown as { rows: unknown[] };
  if (result.rows.length > 0) {
    throw new Error(`the wallet ledger does not add up to the balances: ${JSON.stringify(result.rows)}`);
  }
}
