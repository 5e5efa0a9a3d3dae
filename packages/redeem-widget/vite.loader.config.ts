import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The script embed, /redeem.js: one IIFE under 1 kB compressed, named without a hash. */
export default defineConfig({
  plugins: [compression({ algorithms: ['brotliCompress', 'gzip'] })],
  build: {
    target: 'es2020',
    outDir: 'dist/loader',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    lib: { entry: 'src/loader.ts', formats: ['iife'], name: 'PartnerRedeemLoader', fileName: () => 'redeem.js' },
  },
});
