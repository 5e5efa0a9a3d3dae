/** A fresh database for one test file, from the run's migrated snapshot or template. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/index.js';
import { TEMPLATE_DB } from './global-setup.js';

export const dbKind = () => inject('dbKind');

export interface TestDatabase extends Database {
  /** The connection string of this file's PostgreSQL database (postgres runs only). */
  url?: string;
  drop(): Promise<void>;
}

export async function freshDatabase(poolSize = 10): Promise<TestDatabase> {
  if (inject('dbKind') === 'pglite') {
    const snapshot = readFileSync(inject('pgliteSnapshot'));
    const client = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
    const database = await openPglite(client);
    return { ...database, drop: () => database.close() };
  }
  const serverUrl = inject('postgresUrl');
  const name = `pp_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), poolSize);
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
