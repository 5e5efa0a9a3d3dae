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

/** PostgreSQL's code for a transaction it ended to break a deadlock. */
const DEADLOCK = '40P01';

/**
 * Applies the files in one transaction on a connection the caller holds (and has locked); answers
 * how many attempts it took. Replacing a trigger locks its table against writes until commit, so a
 * process already serving (another app process during a rolling start) may write those tables in
 * the other order; PostgreSQL then ends one of the two transactions, and if it is this one the
 * files are applied again, once the other has its locks.
 */
export async function applyDatabaseCode(client: pg.ClientBase, files = databaseCodeFiles(), attempts = 5): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      await applyOnce(client, files);
      return attempt;
    } catch (error) {
      if (attempt >= attempts || (error as { cause?: { code?: string } }).cause?.code !== DEADLOCK) throw error;
    }
  }
}

async function applyOnce(client: pg.ClientBase, files: DatabaseCodeFile[]): Promise<void> {
  await client.query('begin');
  try {
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
