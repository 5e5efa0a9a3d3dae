import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The redeem page, served by the server at /redeem and /redeem/brainrocket; its assets live under
 * /redeem/assets/. It must stay tiny (10 kB compressed with its style): Preact, no preload
 * polyfill, one script and one style.
 */
export default defineConfig({
  base: '/redeem/',
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: false }), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  build: {
    target: 'es2020',
    outDir: 'dist',
    modulePreload: false,
    // Language files stay files (fetched when asked for), never inlined into the script.
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
