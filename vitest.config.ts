/**
 * Every test of the workspace. The server suite runs twice: on PGlite and on PostgreSQL 15 (a
 * throwaway cluster when DATABASE_URL/TEST_DATABASE_URL is not set).
 */
import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const havePostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || existsSync(`${pgBin}/initdb`));
if (!havePostgres && !process.env.CI) {
  console.warn(
    `\n${'!'.repeat(78)}\n!! PostgreSQL is not available (no DATABASE_URL, no ${pgBin}/initdb):\n!! the server suite runs on PGlite ONLY. Install postgresql-15 to run it on both.\n${'!'.repeat(78)}\n`,
  );
}

const server = (db: 'pglite' | 'postgres') => ({
  extends: './packages/server/vitest.config.ts',
  test: { name: `server:${db}`, root: './packages/server', env: { PP_TEST_DB: db } },
});

export default defineConfig({
  test: {
    projects: ['packages/sdk', 'packages/data-provider', 'packages/portal', server('pglite'), ...(havePostgres || process.env.CI ? [server('postgres')] : [])],
  },
});
