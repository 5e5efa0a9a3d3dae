import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The server suite; the workspace runs it once on PGlite and once on PostgreSQL (PP_TEST_DB). */
export default defineConfig({
  resolve: {
    alias: { '@partner-panel/sdk': fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    // Polls pass as soon as they can; the ceiling is for a machine busy with the other projects.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
  },
});
