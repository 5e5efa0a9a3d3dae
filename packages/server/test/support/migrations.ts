/**
 * Databases of an earlier version, for the migration tests: an empty database of the run's server
 * migrated up to a tag (drizzle's migrator over the journal cut there), then opened as the server
 * opens any database (the rest of the migrations, then db/sql) under a test app.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { migrationsFolder, openPostgres } from '../../src/db/index.js';
import { testApp } from './app.js';
import { bounded } from './teardown.js';

/** An empty database of the run's server, migrated up to the tag given with the journal cut there. */
export async function databaseAt(tag: string) {
  const serverUrl = inject('postgresUrl');
  const name = `pp_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const folder = mkdtempSync(join(tmpdir(), 'pp-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut + 1) }));
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return { url: url.toString(), name, serverUrl, client };
}

/** The database opened as the server opens any (the later migrations, then db/sql), under a test app without demo data; dropped at its end. */
export async function openedAsServer(old: Awaited<ReturnType<typeof databaseAt>>, env: Record<string, string> = {}) {
  await old.client.end();
  const database = await openPostgres(old.url, 10);
  return testApp({
    demo: false,
    env,
    database: {
      ...database,
      url: old.url,
      async drop() {
        const closing = database.close();
        await bounded('closing the migrated database', 10_000, closing);
        const cleanup = new pg.Client({ connectionString: old.serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${old.name} with (force)`);
        await cleanup.end();
      },
    },
  });
}
