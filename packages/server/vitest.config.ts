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
    // The files share their worker's modules (each still has its own database and app): loading the
    // server's modules once a worker, not once a file, took the suite from 347 to 255 s of CPU.
    isolate: false,
    // Polls pass as soon as they can; the ceiling is for a machine busy with the other projects.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
  },
});
