/**
 * The JavaScript a browser loads to make /login interactive, as transferred: Chromium opens /login
 * on the real server, and every script response until the e-mail field is ready is counted in the
 * bytes that crossed the wire (compressed as the server sent it), beside its size unpacked.
 * Budget: 350 kB (react-admin's own demo loads about 600 kB).
 */
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
  const scripts: { url: string; raw: number; wire: number; encoding: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await res.body();
        await res.finished();
        const sizes = await res.request().sizes();
        const encoding = (await res.headerValue('content-encoding')) ?? 'none';
        scripts.push({ url: new URL(res.url()).pathname, raw: body.length, wire: sizes.responseBodySize, encoding });
      })(),
    );
  });
  const started = performance.now();
  await page.goto(`${url}/login`);
  await page.getByLabel('Email address').waitFor();
  const interactive = performance.now() - started;
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const total = scripts.reduce((sum, s) => sum + s.wire, 0);
  const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
  const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} kB`;
  console.log('\nportal: JavaScript loaded to make /login interactive, as transferred');
  for (const s of scripts.sort((a, b) => b.wire - a.wire)) {
    console.log(`  ${s.url.padEnd(52)} ${kb(s.raw)} unpacked ${kb(s.wire)} on the wire (${s.encoding})`);
  }
  console.log(`  ${'total'.padEnd(52)} ${kb(raw)} unpacked ${kb(total)} on the wire (${encodings}; ${scripts.length} files; budget 350 kB)`);
  console.log(`  /login interactive after ${interactive.toFixed(0)} ms on loopback`);
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
