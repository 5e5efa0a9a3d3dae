/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a build, which the server
 * sends as they are (@fastify/static `preCompressed`), and prints what a browser will receive.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(?:html|js|css|svg|json)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : TEXT.test(name) ? [path] : [];
  });
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const rows: string[] = [];
      for (const path of files(outDir)) {
        const raw = readFileSync(path);
        const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        const gz = gzipSync(raw, { level: 9 });
        writeFileSync(`${path}.br`, br);
        writeFileSync(`${path}.gz`, gz);
        rows.push(`  ${relative(outDir, path).padEnd(36)} ${String(raw.length).padStart(7)} B  br ${String(br.length).padStart(6)} B  gzip ${String(gz.length).padStart(6)} B`);
      }
      console.log(`\nprecompressed (${outDir}):\n${rows.join('\n')}`);
    },
  };
}
