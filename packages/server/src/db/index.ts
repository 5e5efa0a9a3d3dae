/**
 * The database: PostgreSQL 15, embedded in DATA_DIR by default (started and stopped with the
 * server), or external when DATABASE_URL is set. Both go through node-postgres and Drizzle.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Readable } from 'node:stream';
import * as schema from './schema/index.js';
import { ensureDatabase, startEmbeddedPostgres } from './embedded.js';
import { migrateQueue } from '../jobs/queue.js';
import { applyDatabaseCode } from './code.js';

export type { Schema, Db, Tx } from './types.js';
import type { Db, Tx } from './types.js';

export interface Database {
  db: Db;
  /** The connection string, for the job queue's own connections. */
  url: string;
  /** Where the data lives, for people: the embedded cluster's folder, or "DATABASE_URL". */
  location: string;
  close(): Promise<void>;
  /** The connection pool, for its use figures (metrics). */
  pool?: pg.Pool;
  /**
   * The same database on connections that do not wait for the disk at commit
   * (`synchronous_commit = off`), for writes whose loss in a crash is harmless: the rate-limit
   * counters, written on every limited request. A crash may forget the last fraction of a second of
   * counts; it can never write a count that did not happen (PostgreSQL's own guarantee).
   */
  lazyDb?: Db;
  /** A `COPY … TO STDOUT` as a stream. */
  copyOut(statement: string): Promise<Readable>;
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
    // The queue's migration takes connections of its own while this one holds the lock.
    await migrateQueue(url);
    // Then the functions and triggers, at their current definition (db/code.ts): after the
    // queue's schema, whose add_job the event fan-out calls.
    await applyDatabaseCode(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  const lazyPool = new pg.Pool({ connectionString: url, max: Math.max(2, Math.ceil(poolSize / 4)), options: '-c synchronous_commit=off' });
  lazyPool.on('error', () => undefined);
  return {
    db: drizzlePg(pool, { schema }),
    lazyDb: drizzlePg(lazyPool, { schema }),
    url,
    location: 'DATABASE_URL',
    pool,
    close: async () => {
      await Promise.all([pool.end(), lazyPool.end()]);
    },
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

/** The embedded cluster's own database. */
export const EMBEDDED_DATABASE = 'partner_panel';

/** Starts the embedded PostgreSQL in the data folder; closing the database stops it. */
export async function openEmbedded(dataDir: string, poolSize: number, onNotice?: (message: string) => void, onPhase?: (phase: string) => void): Promise<Database> {
  // A data folder from before the embedded database was PostgreSQL: its data is not carried over.
  if (existsSync(join(dataDir, 'pglite'))) {
    onNotice?.(`${join(dataDir, 'pglite')} holds an earlier embedded database (PGlite) that is no longer read; delete it when you no longer need it.`);
  }
  const server = await startEmbeddedPostgres({ dataDir, ...(onNotice ? { onNotice } : {}) });
  onPhase?.('embedded PostgreSQL started (crash recovery included)');
  try {
    await ensureDatabase(server.url(), EMBEDDED_DATABASE);
    const database = await openPostgres(server.url(EMBEDDED_DATABASE), poolSize);
    onPhase?.('migrations checked');
    return {
      ...database,
      location: server.path === server.clusterDir ? server.path : `${server.path} (a link to ${server.clusterDir})`,
      async close() {
        await database.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export async function openDatabase(
  config: { databaseUrl?: string | undefined; dataDir: string; databasePoolSize: number },
  onNotice?: (message: string) => void,
  onPhase?: (phase: string) => void,
) {
  if (!config.databaseUrl) return openEmbedded(config.dataDir, config.databasePoolSize, onNotice, onPhase);
  const database = await openPostgres(config.databaseUrl, config.databasePoolSize);
  onPhase?.('database reached, migrations checked');
  return database;
}

/** Rows of a raw query. */
const dialect = new PgDialect();

/**
 * `rows` as a named prepared statement, for a statement whose text never changes, only its values
 * (a report read often, such as the programme dashboard's): PostgreSQL parses and plans it once per
 * connection instead of at every call. `name` must be the statement's alone.
 */
export async function preparedRows<T>(db: Db, name: string, query: ReturnType<typeof sql>): Promise<T[]> {
  // drizzle() answers the database with its node-postgres pool as `$client`; its type does not say so.
  const client = (db as Db & { $client?: pg.Pool }).$client;
  if (!client) return rows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.query({ name, text, values: params })).rows as T[];
}

export async function rows<T>(db: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  // The row type is the caller's word for what its SQL selects (no type reaches here from SQL).
  return (await db.execute(query)).rows as T[];
}

export { schema };
