import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { defineConfig } from 'vite';
import dts from 'vite-plugin-dts';

// Two entries: the whole SDK, and the light one the redeem widget imports (no zod). Each is built
// twice: ES modules in dist/ for `import`, CommonJS in dist/cjs/ for `require` — a folder whose
// package.json says "commonjs", holding the same type declarations, so TypeScript reads them as
// CommonJS there (no ERR_PACKAGE_PATH_NOT_EXPORTED, no types that say ESM for a CJS file).
export default defineConfig({
  build: {
    lib: { entry: { index: 'src/index.ts', redeem: 'src/redeem.ts' }, formats: ['es', 'cjs'] },
    rollupOptions: {
      external: ['zod', /^zod\//],
      output: [
        { format: 'es', dir: 'dist', entryFileNames: '[name].js', chunkFileNames: 'shared-[hash].js' },
        { format: 'cjs', dir: 'dist/cjs', entryFileNames: '[name].js', chunkFileNames: 'shared-[hash].js', exports: 'named' },
      ],
    },
    sourcemap: true,
    target: 'es2022',
    minify: false,
  },
  plugins: [
    dts({
      include: ['src'],
      tsconfigPath: './tsconfig.json',
      entryRoot: 'src',
      afterBuild: (emitted: Map<string, string>) => {
        const dist = resolve('dist');
        for (const [file, content] of emitted) {
          if (!file.endsWith('.d.ts')) continue;
          const target = join(dist, 'cjs', relative(dist, file));
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, content);
        }
        writeFileSync(join(dist, 'cjs', 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
      },
    }),
  ],
});
