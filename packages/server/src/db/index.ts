/**
 * The database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Both are driven
 * through the same Drizzle API; SQL stays within what PostgreSQL 15 runs.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Readable } from 'node:stream';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself where a function works in either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL only: a `COPY … TO STDOUT` as a stream (PGlite has no streaming COPY). */
  copyOut?: (statement: string) => Promise<Readable>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Bigint counts come back as strings from node-postgres; amounts are kept well inside 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const MIGRATION_LOCK = 7_300_001;

export async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    /* a dropped idle connection is replaced on the next query */
  });
  // Several processes may start at once: one migrates while the others wait on the lock.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    close: () => pool.end(),
    async copyOut(statement) {
      const conn = await pool.connect();
      const stream = conn.query(copyTo(statement));
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        // An error discards the connection: one left mid-COPY must not go back to the pool.
        conn.release(error);
      };
      let ended = false;
      stream.on('end', () => {
        ended = true;
        release();
      });
      stream.on('error', (error: Error) => release(error));
      stream.on('close', () => release(ended ? undefined : new Error('COPY stream closed before its end')));
      return stream;
    },
  };
}

/** Opens PGlite in a folder (created if missing), or wraps an instance a test made. */
export async function openPglite(source: string | PGlite): Promise<Database> {
  let client: PGlite;
  if (typeof source === 'string') {
    const dir = resolve(source, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create({ dataDir: dir });
  } else client = source;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

export async function openDatabase(config: { databaseUrl?: string | undefined; dataDir: string; databasePoolSize: number }) {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize)
    : openPglite(config.dataDir);
}

/** Rows of a raw query, on either driver. */
export async function rows<T>(db: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export { schema };
