import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The redeem page in Chromium: on its own, and framed by pages of other origins. */
export default defineConfig({
  resolve: {
    alias: [{ find: /^@partner-panel\/sdk$/, replacement: fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url)) }],
  },
  test: {
    name: 'redeem-widget',
    include: ['e2e/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['../server/test/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 10_000 } },
  },
});
