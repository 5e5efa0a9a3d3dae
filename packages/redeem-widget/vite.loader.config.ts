import { defineConfig } from 'vite';
import { precompress } from './build/compress';

/** The script embed, /redeem.js: one IIFE under 1 kB compressed, named without a hash. */
export default defineConfig({
  plugins: [precompress()],
  build: {
    target: 'es2020',
    outDir: 'dist/loader',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    lib: { entry: 'src/loader.ts', formats: ['iife'], name: 'PartnerRedeemLoader', fileName: () => 'redeem.js' },
  },
});
