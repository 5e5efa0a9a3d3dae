import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The server suite, on a fresh PostgreSQL database per test file. */
export default defineConfig({
  resolve: {
    alias: { '@partner-panel/sdk': fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    // Polls pass as soon as they can; the ceiling is for a machine busy with the other projects.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    // Each file builds its own app on its own database (testApp), and nothing of ours keeps state
    // between files at module level, so a worker's files share their imported modules instead of
    // importing the server again for each: a whole server run spent 152 s importing beside about
    // twice that isolated, and six files took 41 s instead of 66 s (docs/performance.md).
    isolate: false,
  },
});
