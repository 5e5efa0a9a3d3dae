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
  },
});
