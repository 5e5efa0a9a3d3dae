import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The portal. Public pages (sign-in, sign-up…) are a light bundle; react-admin and everything
 * behind sign-in load as separate chunks, so /login becomes interactive fast.
 */
export default defineConfig({
  // Brotli and gzip copies made at build time (best levels), served by the server by Accept-Encoding.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.map$/ })],
  resolve: {
    // One copy of each, whatever nests them (react-admin's demo does the same).
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@mui/material', '@mui/system', '@emotion/react', '@emotion/styled'],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000', '/broadcasting': 'http://localhost:3000' },
  },
});
