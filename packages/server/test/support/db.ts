/** A fresh database for one test file, copied from the run's migrated template. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../../src/db/index.js';
// The names the run's setup provides (postgresUrl, templateDb).
import type {} from './global-setup.js';

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
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
