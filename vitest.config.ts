/**
 * Every test of the workspace. The server suite and the browser tests run on PostgreSQL 15: the
 * embedded one in a temporary folder, or the server of TEST_DATABASE_URL.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/sdk', 'packages/data-provider', 'packages/portal', 'packages/redeem-widget', 'packages/server'],
  },
});
