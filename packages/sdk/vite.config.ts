import { defineConfig } from 'vite';
import dts from 'vite-plugin-dts';

export default defineConfig({
  build: {
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: 'index' },
    rollupOptions: { external: ['zod', /^zod\//] },
    sourcemap: true,
    target: 'es2022',
    minify: false,
  },
  plugins: [dts({ include: ['src'], tsconfigPath: './tsconfig.json', entryRoot: 'src' })],
});
