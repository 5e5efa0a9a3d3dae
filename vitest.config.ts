/**
 * Every test of the workspace. The server suite and the browser tests run on PostgreSQL 15: the
 * embedded one in a temporary folder, or the server of TEST_DATABASE_URL.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/sdk', 'packages/data-provider', 'packages/portal', 'packages/redeem-widget', 'packages/server'],
    // Each file has its own database, server and browser, so files run side by side. Vitest's
    // default is one worker fewer than the cores (one, here); a browser test spends much of its
    // time waiting on Chromium and the database, so as many workers as cores keep both busy.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
  },
});
