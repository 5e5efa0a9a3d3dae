/**
 * The database's code: its functions and triggers, one file per area in src/db/sql/. The
 * migrations keep tables, columns, indexes and data changes; these files hold the current
 * definition of every function and trigger and are applied after the migrations at every start,
 * in one transaction, under the migrations' advisory lock (db/index.ts). Each statement is a
 * `CREATE OR REPLACE`, so applying them again changes nothing.
 *
 * The folder is read where it lies in the package (src/db/sql, beside the drizzle folder), the same
 * path from src/ (tests, tsx) and from dist/ (`node dist/main.js`, the image, which ships the
 * package's files: deploy/Dockerfile checks they are there).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const databaseCodeFolder = fileURLToPath(new URL('../../src/db/sql', import.meta.url));

export interface DatabaseCodeFile {
  name: string;
  text: string;
}

/** The files, in name order (a file's triggers follow the functions they run, in that file). */
export function databaseCodeFiles(folder = databaseCodeFolder): DatabaseCodeFile[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(folder, name), 'utf8') }));
}

/**
 * PostgreSQL's codes for a transaction it ended to break a deadlock, and for a lock not granted
 * within `lock_timeout`.
 */
const GAVE_WAY = new Set(['40P01', '55P03']);
/**
 * How long replacing a trigger waits for its table's lock at the first attempt: well under
 * PostgreSQL's deadlock_timeout (1 s), so that in a deadlock with a serving transaction this one
 * gives way first, whichever of the two began waiting first, and no request of a serving process
 * fails for a start. Each attempt waits this much longer; from the tenth on (a database too busy to
 * grant a lock within 900 ms) it waits as long as it takes, PostgreSQL ending a deadlock.
 */
export const CODE_LOCK_TIMEOUT_MS = 100;
const BOUNDED_ATTEMPTS = 9;

/**
 * Applies the files in one transaction on a connection the caller holds (and has locked); answers
 * how many attempts it took. Replacing a trigger locks its table against writes until commit, so a
 * process already serving (another app process during a rolling start) may write those tables in
 * the other order. This transaction never waits long for a lock (CODE_LOCK_TIMEOUT_MS): it gives
 * way, lets the serving transactions finish, and applies the files again.
 */
export async function applyDatabaseCode(client: pg.ClientBase, files = databaseCodeFiles(), attempts = 20): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      await applyOnce(client, files, attempt <= BOUNDED_ATTEMPTS ? CODE_LOCK_TIMEOUT_MS * attempt : 0);
      return attempt;
    } catch (error) {
      if (attempt >= attempts || !GAVE_WAY.has((error as { cause?: { code?: string } }).cause?.code ?? '')) throw error;
      // A short pause, varied: the serving transactions that waited on this one take their locks
      // and finish (milliseconds), and two starting processes do not meet again.
      await new Promise((resolve) => setTimeout(resolve, CODE_LOCK_TIMEOUT_MS * (0.2 + 0.4 * Math.random())));
    }
  }
}

/** `lockTimeoutMs` 0: no limit. */
async function applyOnce(client: pg.ClientBase, files: DatabaseCodeFile[], lockTimeoutMs: number): Promise<void> {
  await client.query('begin');
  try {
    await client.query(`set local lock_timeout = ${Number(lockTimeoutMs)}`);
    for (const file of files) {
      try {
        await client.query(file.text);
      } catch (error) {
        throw new Error(`src/db/sql/${file.name} failed to apply: ${(error as Error).message}`, { cause: error });
      }
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** One function or trigger as the database shows it: `pg_get_functiondef` / `pg_get_triggerdef`. */
export interface DatabaseCodeDefinition {
  kind: 'function' | 'trigger';
  /** `name(argument types)` for a function, `table.name` for a trigger. */
  name: string;
  definition: string;
}

/**
 * Every function of the public schema (those of extensions aside) and every trigger a person wrote
 * (not the ones PostgreSQL makes for foreign keys), as the database defines them now.
 */
export async function readDatabaseCode(client: pg.ClientBase): Promise<DatabaseCodeDefinition[]> {
  const { rows } = await client.query<DatabaseCodeDefinition>(`
    select 'function' as kind, p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    union all
    select 'trigger', c.relname || '.' || t.tgname, pg_get_triggerdef(t.oid)
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal
    order by 1, 2`);
  // pg_get_functiondef ends with a line break; trailing blanks carry no meaning.
  return rows.map((row) => ({ ...row, definition: row.definition.replace(/[ \t]+$/gm, '').trimEnd() }));
}
