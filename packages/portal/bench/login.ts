/**
 * The JavaScript a browser loads to make /login interactive, gzip-compressed: Chromium opens /login
 * on the real server, and every script response until the e-mail field is ready is counted.
 * Budget: 350 kB (react-admin's own demo loads about 600 kB).
 */
import { gzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { PRODUCTION } from '../../server/bench/harness.js';

const dist = fileURLToPath(new URL('../dist/index.html', import.meta.url));
if (!existsSync(dist)) throw new Error('Build the portal first: pnpm build');

const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-login-'));
const app = await buildApp(loadConfig({ ...PRODUCTION, DATA_DIR: dataDir }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body();
    scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  const started = performance.now();
  await page.goto(`${url}/login`);
  await page.getByLabel('Email address').waitFor();
  const interactive = performance.now() - started;
  await page.waitForLoadState('networkidle');
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log('\nportal: JavaScript loaded to make /login interactive');
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${s.url.padEnd(52)} ${(s.raw / 1024).toFixed(1).padStart(7)} kB raw ${(s.gzip / 1024).toFixed(1).padStart(7)} kB gzip`);
  }
  console.log(`  ${'total'.padEnd(52)} ${(total / 1024).toFixed(1).padStart(24)} kB gzip (${scripts.length} files; budget 350 kB)`);
  console.log(`  /login interactive after ${interactive.toFixed(0)} ms on loopback`);
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
