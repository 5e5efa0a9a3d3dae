import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Unit tests, and browser tests: the built portal served by the real server, driven in Chromium. */
export default defineConfig({
  resolve: {
    // As the build resolves them (vite.config.ts): the light entry first.
    alias: {
      '@partner-panel/sdk/redeem': fileURLToPath(new URL('../sdk/src/redeem.ts', import.meta.url)),
      '@partner-panel/sdk': fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'portal',
    include: ['test/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    globalSetup: ['../server/test/support/global-setup.ts'],
    testTimeout: 120_000,
    // Polls pass as soon as they can; the ceiling is for a machine busy with the other projects.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
