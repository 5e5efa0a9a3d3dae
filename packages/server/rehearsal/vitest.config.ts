import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The production rehearsal (`node scripts/test.mjs rehearsal`): run on its own after the
 * build, on the Node LTS the image ships.
 */
export default defineConfig({
  resolve: {
    alias: { '@partner-panel/sdk': fileURLToPath(new URL('../../sdk/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'rehearsal',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    // One file at a time: each measures times that a second file's processes would distort.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 10_000 } },
  },
});
