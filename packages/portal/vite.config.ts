import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { errors } from '../sdk/src/contract/messages';
import { reference } from './src/i18n/en/reference';
import { renderReference, type OpenApi } from './src/reference/render';

/**
 * The API reference (served at /api/docs): one static page written from docs/openapi.json with
 * every build, pre-compressed with the other files. It loads no script.
 */
function apiReference(): Plugin {
  return {
    name: 'partner-panel-api-reference',
    generateBundle() {
      const doc = JSON.parse(readFileSync(fileURLToPath(new URL('../../docs/openapi.json', import.meta.url)), 'utf8')) as OpenApi;
      const catalogue = [...new Map(Object.values(errors).map((e) => [e.code, e])).values()];
      this.emitFile({ type: 'asset', fileName: 'api-reference.html', source: renderReference({ doc, text: reference, catalogue, documentUrl: '/api/openapi.json' }) });
    },
  };
}

/**
 * The contract's documentation — each call's summary and spec reference, each field's description —
 * is for the OpenAPI document and docs/api-calls.md; no screen reads it. It is left out of the
 * portal's files (about 8 kB as transferred of the chunk sign-in and the first screen share).
 */
function contractWithoutDocs(): Plugin {
  const literal = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\`[^\`]*\`)`;
  const joined = `${literal}(?:\\s*\\+\\s*${literal})*`;
  const property = new RegExp(`\\b(summary|spec):\\s*${joined}`, 'g');
  const describe = new RegExp(`\\.describe\\(\\s*${joined}\\s*\\)`, 'g');
  return {
    name: 'partner-panel-contract-without-docs',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sdk[\\/]src[\\/]contract[\\/]/.test(id)) return null;
      return { code: code.replace(property, "$1: ''").replace(describe, ''), map: null };
    },
  };
}

/**
 * The portal. Public pages (sign-in, sign-up…) are a light bundle; react-admin and everything
 * behind sign-in load as separate chunks, so /login becomes interactive fast.
 */
export default defineConfig({
  // Brotli and gzip copies made at build time (best levels), served by the server by Accept-Encoding.
  plugins: [contractWithoutDocs(), react(), apiReference(), compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.map$/ })],
  resolve: {
    alias: {
      // The SDK from its modules, not its one-file build: a page that uses one part of it (the
      // Sandbox's PartnerPanel) then carries that part itself instead of the chunks /login loads.
      // The light entry first: the signed-out pages import it, and it must not resolve into the full one.
      '@partner-panel/sdk/redeem': fileURLToPath(new URL('../sdk/src/redeem.ts', import.meta.url)),
      '@partner-panel/sdk': fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url)),
      // node-polyglot (react-admin's translations) asks for an Object.entries polyfill, which brings
      // a dozen ES-shim packages (get-intrinsic, call-bind…) into the signed-in app's first chunk;
      // every browser the portal supports has Object.entries (index.html turns older ones away).
      'object.entries': fileURLToPath(new URL('./src/i18n/objectEntries.cjs', import.meta.url)),
    },
    // One copy of each, whatever nests them (react-admin's demo does the same).
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@mui/material', '@mui/system', '@emotion/react', '@emotion/styled'],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // A language's files are named for it (catalogue-de, catalogue-rest-de, public-de, sentences-de): the first-screen
        // test and docs/performance.md tell them apart.
        chunkFileNames(chunk) {
          const language = /[\\/]i18n[\\/]([\w-]+)[\\/](index|rest|public|contract)\.ts$/.exec(chunk.facadeModuleId ?? '');
          const kind = { index: 'catalogue', rest: 'catalogue-rest', public: 'public', contract: 'sentences' }[language?.[2] ?? ''];
          return language && kind ? `assets/${kind}-${language[1]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // What /login needs, in one file instead of a dozen (React, the router, the sign-in page,
            // the guards): on HTTP/1.1 a browser asks for six files at a time. The group holds what
            // the entry imports statically ('$initial') — never what a page loads later.
            { name: 'index', tags: ['$initial'] },
            // The signed-in app's first screen (the shell and the dashboard) in one file, and what the
            // sign-in and the public pages share with it (the contract, zod, the data provider) in
            // another, instead of some forty: rolldown cannot know that every page behind sign-in
            // loads after AdminApp, so on its own it cuts what they share into a chunk per set of
            // pages. Each group holds its modules and what they use (includeDependenciesRecursively,
            // as tree-shaken), minus what an earlier group holds: 'contract' comes first, so no
            // public page loads 'app'. (docs/architecture.md, the first screens.) The notifications'
            // sentences are not in it: only a language's sentences file reads them, after the first screen.
            {
              name: 'contract',
              test: /packages[\\/](sdk[\\/]src[\\/]contract[\\/](?!notices\.ts$)|data-provider[\\/])|src[\\/](providers\.ts|public[\\/]captcha\.ts)$/,
              includeDependenciesRecursively: true,
            },
            {
              name: 'app',
              test: /src[\\/](admin[\\/]AdminApp|pages[\\/]dashboard[\\/]overview[\\/]DashboardPage)\.tsx$/,
              includeDependenciesRecursively: true,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000', '/broadcasting': 'http://localhost:3000' },
  },
});
