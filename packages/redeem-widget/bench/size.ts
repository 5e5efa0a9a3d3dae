/**
 * What a browser receives for the embedded redeem page, compressed as the server sends it: Chromium
 * opens a partner's page on another origin that embeds the page with the script embed, and every
 * response body is counted as it came over the wire (Playwright's encoded body size), headers
 * apart. Goals: the loader ≤ 1 kB, the page's JS + CSS ≤ 10 kB in English, and each other language
 * one file more of at most 1.5 kB. The floor beside them is Preact itself, brotli-compressed here
 * the way the build compresses.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium, type Request } from 'playwright-core';
import { REDEEM_EMBED } from '@partner-panel/sdk/redeem';
import { startServer } from '../../server/bench/harness.js';

const dist = fileURLToPath(new URL('../dist/index.html', import.meta.url));
try {
  readFileSync(dist);
} catch {
  throw new Error('Build the widget first: pnpm build');
}

const brotli = (file: string) => brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const require = createRequire(import.meta.url);
const preactFloor = brotli(join(dirname(require.resolve('preact/package.json')), 'dist/preact.min.module.js'));

const server = await startServer();
const host = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  const lang = query.get('lang') ? ` data-lang="${query.get('lang')}"` : '';
  res.end(`<!doctype html><title>Partner</title><h1>Partner</h1><script src="${query.get('panel')}/redeem.js" data-reseller="demo-reseller"${lang} async></script>`);
});
host.listen(0, '127.0.0.1');
await once(host, 'listening');
const partner = `http://partner.test:${(host.address() as AddressInfo).port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP *.test 127.0.0.1'],
});

/** Opens the partner page embedding the panel at `panel` (in `lang`), and counts what came from the panel. */
async function measure(panel: string, lang = '') {
  // An English-speaking visitor, whatever this machine's language: the page speaks the browser's.
  const page = await browser.newPage({ locale: 'en-US' });
  const requests: Request[] = [];
  page.on('requestfinished', (r) => requests.push(r));
  const started = performance.now();
  await page.goto(`${partner}?panel=${encodeURIComponent(panel)}&lang=${lang}`);
  await page.frameLocator('iframe').locator('button[type="submit"]').waitFor();
  const ready = performance.now() - started;
  await page.waitForLoadState('networkidle');
  const rows = await Promise.all(
    requests
      .filter((r) => r.url().startsWith(panel))
      .map(async (r) => {
        const sizes = await r.sizes();
        const headers = (await r.response())?.headers() ?? {};
        return { path: new URL(r.url()).pathname, type: r.resourceType(), body: sizes.responseBodySize, headers: sizes.responseHeadersSize, encoding: headers['content-encoding'] ?? 'none' };
      }),
  );
  await page.close();
  const sum = (filter: (row: (typeof rows)[number]) => boolean) => rows.filter(filter).reduce((n, row) => n + row.body, 0);
  return {
    rows,
    ready,
    loader: sum((r) => r.path === '/redeem.js'),
    jsCss: sum((r) => r.path.startsWith('/redeem/assets/') && (r.type === 'script' || r.type === 'stylesheet')),
    html: sum((r) => r.type === 'document'),
    words: rows.filter((r) => r.path.startsWith('/redeem/assets/') && r.path.endsWith('.json')),
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
try {
  // Chromium offers brotli over HTTPS and to localhost; over plain http to another host, only gzip.
  const secure = await measure(server.url);
  const plain = await measure(server.url.replace('127.0.0.1', 'panel.test'));

  console.log('\nredeem widget: what Chromium receives for the script embed on a partner page (bodies as sent, compressed)');
  for (const row of secure.rows) console.log(`  ${row.path.padEnd(44)} ${row.type.padEnd(11)} ${row.encoding.padEnd(5)} ${String(row.body).padStart(6)} B body ${String(row.headers).padStart(5)} B headers`);
  const verdict = (bytes: number, goal: number) => `goal ≤ ${goal / 1000} kB: ${bytes <= goal ? 'met' : 'NOT MET'}`;
  console.log(`  loader /redeem.js        brotli ${kb(secure.loader).padStart(9)}   ${verdict(secure.loader, 1000)}   (gzip ${kb(plain.loader)})`);
  console.log(`  page JS + CSS            brotli ${kb(secure.jsCss).padStart(9)}   ${verdict(secure.jsCss, 10_000)}  (gzip ${kb(plain.jsCss)})`);
  console.log(`  page HTML + JS + CSS     brotli ${kb(secure.jsCss + secure.html).padStart(9)}                     (gzip ${kb(plain.jsCss + plain.html)})`);
  for (const lang of REDEEM_EMBED.languages.filter((l) => l !== 'en')) {
    const [br, gz] = [await measure(server.url, lang), await measure(server.url.replace('127.0.0.1', 'panel.test'), lang)];
    const bytes = br.words.reduce((n, row) => n + row.body, 0);
    const goal = `goal one file ≤ 1.5 kB: ${br.words.length === 1 && bytes <= 1500 && br.jsCss === secure.jsCss ? 'met' : 'NOT MET'}`;
    console.log(`  + ${lang.padEnd(22)} brotli ${kb(bytes).padStart(9)}   ${goal}  (gzip ${kb(gz.words.reduce((n, row) => n + row.body, 0))}; ${br.words.length} file)`);
  }
  console.log(`  floor: Preact alone      brotli ${kb(preactFloor).padStart(9)}   the page's JS + CSS is ${(secure.jsCss / preactFloor).toFixed(2)} × Preact`);
  console.log(`  form ready in the partner's page after ${secure.ready.toFixed(0)} ms on loopback (gzip run: ${plain.ready.toFixed(0)} ms)`);
} finally {
  await browser.close();
  host.closeAllConnections();
  host.close();
  await server.close();
}
process.exit(0);
