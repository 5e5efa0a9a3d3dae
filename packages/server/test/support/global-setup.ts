/**
 * Prepares one migrated database per run, so that each test file starts from it in well under a
 * second: a PGlite snapshot file, or a PostgreSQL template database.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/index.js';
import { startThrowawayPostgres } from './postgres.js';

export const TEMPLATE_DB = 'pp_template';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    pgliteSnapshot: string;
    postgresUrl: string;
  }
}

async function preparePglite(project: TestProject) {
  const client = await PGlite.create();
  const database = await openPglite(client);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = join(tmpdir(), `pp-pglite-${process.pid}-${Date.now()}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresUrl', '');
}

async function preparePostgres(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let stop: (() => void) | undefined;
  if (!url) {
    const cluster = await startThrowawayPostgres();
    url = cluster.url;
    stop = cluster.stop;
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const database = await openPostgres(templateUrl.toString(), 2);
  await database.close();
  project.provide('postgresUrl', url);
  project.provide('pgliteSnapshot', '');
  return stop;
}

export default async function setup(project: TestProject) {
  const kind = project.name.endsWith('postgres') ? 'postgres' : 'pglite';
  project.provide('dbKind', kind);
  if (kind === 'pglite') {
    await preparePglite(project);
    return;
  }
  const stop = await preparePostgres(project);
  return () => stop?.();
}
