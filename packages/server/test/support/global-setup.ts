/**
 * One PostgreSQL per run and one migrated template database in it, so that each test file starts
 * from its own copy in well under a second: the embedded PostgreSQL 15 (durability off) in a
 * temporary folder, or the server of TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/db/index.js';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The migrated database each test file's database is copied from. */
    templateDb: string;
  }
}

/** The embedded server for tests: fsync off, room for every file's pool at once. */
export async function startTestPostgres() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-test-pg-'));
  // mkdtemp makes it 0700; as root, the postgres user must be able to enter it.
  chmodSync(dataDir, 0o755);
  // One cluster for every project of the run: the server's files (their apps' pools, queue and
  // fold) and the browser tests' servers run side by side, and a file's connections linger until
  // its database is dropped. 400 ran short once the browser tests in each language ran beside the
  // server's last files (too many clients, 2026-12-07); idle connections cost little memory.
  const server = await startEmbeddedPostgres({ dataDir, durable: false, maxConnections: 1000 });
  return {
    url: server.url(),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Shared {
  users: number;
  started: ReturnType<typeof startTestPostgres>;
}
// The projects of one run (server, data-provider, portal) share one embedded server.
const shared = globalThis as typeof globalThis & { ppTestPostgres?: Shared };

async function acquire(): Promise<{ url: string; release(): Promise<void> }> {
  shared.ppTestPostgres ??= { users: 0, started: startTestPostgres() };
  const entry = shared.ppTestPostgres;
  entry.users++;
  const { url, stop } = await entry.started;
  return {
    url,
    async release() {
      if (--entry.users > 0) return;
      shared.ppTestPostgres = undefined;
      await stop();
    },
  };
}

export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  const server = external ? { url: external, release: async () => undefined } : await acquire();
  const { url } = server;
  // Each project of a run (and each run on a shared external server) has its own template.
  const template = `pp_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const database = await openPostgres(templateUrl.toString(), 2);
  await database.close();
  project.provide('postgresUrl', url);
  project.provide('templateDb', template);
  return async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${template} with (force)`);
    await cleanup.end();
    await server.release();
  };
}
