import { defineConfig } from 'vite';
import dts from 'vite-plugin-dts';

export default defineConfig({
  build: {
    // Two entries: the whole SDK, and the light one the redeem widget imports (no zod).
    lib: { entry: { index: 'src/index.ts', redeem: 'src/redeem.ts' }, formats: ['es'] },
    rollupOptions: { external: ['zod', /^zod\//], output: { chunkFileNames: 'shared-[hash].js' } },
    sourcemap: true,
    target: 'es2022',
    minify: false,
  },
  plugins: [dts({ include: ['src'], tsconfigPath: './tsconfig.json', entryRoot: 'src' })],
});
