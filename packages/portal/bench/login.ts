/**
 * The portal's first screens as a browser receives them, each beside a bare page measured in the
 * same run (./bare: React + ReactDOM rendering one input, served by the same server):
 *
 * - `/login` ready: the JavaScript that crossed the wire (compressed as the server sent it) until
 *   the e-mail field is on the screen, and the time from navigation to then, with a cold cache.
 *   Budgets: 100 kB and 400 ms.
 * - Enter to the painted dashboard: after the e-mail and the password are typed (and what the page
 *   fetches meanwhile has arrived), the time from the Enter key to the dashboard's first figure on
 *   the screen, and the JavaScript the signed-in app's first screen took (what arrived after /login
 *   was ready and before that figure was painted: fetched while typing and after Enter). Budgets: 500 ms and 150 kB. The bare page
 *   signs in with fetch and shows one figure of the same call.
 * - The other signed-out pages ready: /register and /forgot-password until their first field is on
 *   the screen; the verification and reset pages (a dead link each) until their card says it checks
 *   the link (they show a field only after the server's answer). Budgets: /login's.
 *
 * Each figure is the median of ROUNDS rounds, each in a fresh browser profile (cold cache).
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { startServer } from '../../server/bench/harness.js';

const ROUNDS = 5;
const BUDGET = { loginKb: 100, loginMs: 400, dashboardKb: 150, dashboardMs: 500 };
const EMAIL = 'reseller@demo.partner-panel.test';
const PASSWORD = 'DemoPass2026!';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
if (!existsSync(join(dist, 'index.html'))) throw new Error('Build the portal first: pnpm build');

/** The portal's build and the bare page's, in one folder the server serves (the bare page under /bare/). */
async function portalWithBarePage(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'pp-bench-portal-'));
  cpSync(dist, root, { recursive: true, filter: (src) => !src.endsWith('.map') });
  const outDir = join(root, 'bare');
  await build({
    configFile: false,
    logLevel: 'silent',
    root: fileURLToPath(new URL('./bare/', import.meta.url)),
    base: '/bare/',
    plugins: [react()],
    build: { outDir, target: 'es2022', emptyOutDir: true },
  });
  // Compressed as the portal's build compresses (brotli at its best level), so the wire compares.
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
  for (const file of walk(outDir)) {
    writeFileSync(`${file}.br`, brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
  return root;
}

interface Round {
  readyMs: number;
  readyBytes: number;
  readyFiles: number;
  typingBytes: number;
  enterMs: number;
  afterBytes: number;
  afterFiles: number;
}

/**
 * Marks, in the page, when the first input and the dashboard's first figure are on the screen, and
 * when Enter is pressed. A string, not a function: tsx would wrap a function's inner ones in its
 * own helper, which the page does not have.
 */
const MARKS = `
  const marks = (window.__marks = {});
  const mark = (name, found) => {
    if (marks[name] === undefined && found()) {
      marks[name] = -1;
      // The next frame: what was inserted has been laid out and painted.
      requestAnimationFrame(() => setTimeout(() => (marks[name] = performance.now())));
    }
  };
  const check = () => {
    mark('ready', () => document.querySelector('#root input') !== null);
    mark('card', () => document.querySelector('#root h1') !== null);
    mark('dashboard', () => /\\d/.test(document.querySelector('[data-testid="tile-coupons-24h-value"]')?.textContent ?? ''));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  addEventListener('keydown', (e) => e.key === 'Enter' && (marks.enter ??= performance.now()), true);
`;

const markOf = async (page: Page, name: string) => {
  await page.waitForFunction((n) => ((window as unknown as { __marks: Record<string, number> }).__marks[n] ?? -1) > 0, name, { timeout: 30_000 });
  return page.evaluate((n) => (window as unknown as { __marks: Record<string, number> }).__marks[n] as number, name);
};

/** The scripts the page has fetched: when each started and ended, and its body as transferred. */
const scriptsOf = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => new URL(r.name).pathname.endsWith('.js'))
      .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd, wire: r.encodedBodySize, raw: r.decodedBodySize })),
  );

/** Waits until the page has fetched nothing new for half a second (a person typing gives it that). */
async function settled(page: Page) {
  let count = -1;
  for (;;) {
    const now = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (now === count) return;
    count = now;
    await page.waitForTimeout(500);
  }
}

async function round(browser: Browser, url: string, bare: boolean): Promise<Round & { files: Awaited<ReturnType<typeof scriptsOf>> }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(MARKS);
    await page.goto(bare ? `${url}/bare/index.html#${encodeURIComponent(EMAIL)}` : `${url}/login`);
    const readyMs = await markOf(page, 'ready');
    const loaded = await scriptsOf(page);
    const ready = loaded.filter((s) => s.end <= readyMs);
    if (!bare) {
      await page.getByLabel('Email address').fill(EMAIL);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await settled(page);
    const typed = await scriptsOf(page);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    const enter = await markOf(page, 'enter');
    const painted = await markOf(page, 'dashboard');
    const all = await scriptsOf(page);
    // What had arrived when the first figure was painted (the charts, say, load after it).
    const after = all.filter((s) => s.end > readyMs && s.end <= painted);
    const sum = (list: { wire: number }[]) => list.reduce((n, s) => n + s.wire, 0);
    return {
      readyMs,
      readyBytes: sum(ready),
      readyFiles: ready.length,
      typingBytes: sum(typed) - sum(ready),
      enterMs: painted - enter,
      afterBytes: sum(after),
      afterFiles: after.length,
      files: all,
    };
  } finally {
    await context.close();
  }
}

/** The signed-out pages other than /login, each with the mark that says its first screen is up. */
const PUBLIC_PAGES = [
  ['/register', 'ready'],
  ['/forgot-password', 'ready'],
  [`/verification/${'x'.repeat(43)}`, 'card'],
  [`/reset-password/${'y'.repeat(43)}`, 'card'],
] as const;

interface Shown {
  ms: number;
  bytes: number;
  files: number;
}

/** One cold-cache round of a signed-out page: the time to its first screen and the JavaScript that had arrived by then. */
async function firstScreen(browser: Browser, url: string, path: string, mark: 'ready' | 'card'): Promise<Shown> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(MARKS);
    await page.goto(`${url}${path}`);
    const ms = await markOf(page, mark);
    const files = (await scriptsOf(page)).filter((s) => s.end <= ms);
    return { ms, bytes: files.reduce((n, s) => n + s.wire, 0), files: files.length };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

const root = await portalWithBarePage();
const server = await startServer({ PORTAL_DIR: root });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  // One round of each first, unrecorded: the server's files and the browser's processes warm.
  await round(browser, server.url, true);
  await round(browser, server.url, false);
  const portal: Awaited<ReturnType<typeof round>>[] = [];
  const bare: Awaited<ReturnType<typeof round>>[] = [];
  const others = new Map<string, Shown[]>(PUBLIC_PAGES.map(([path]) => [path, []]));
  for (let i = 0; i < ROUNDS; i++) {
    bare.push(await round(browser, server.url, true));
    portal.push(await round(browser, server.url, false));
    for (const [path, mark] of PUBLIC_PAGES) others.get(path)?.push(await firstScreen(browser, server.url, path, mark));
  }
  const m = (rounds: Round[], key: keyof Round) => median(rounds.map((r) => r[key]));
  const last = portal[portal.length - 1];
  console.log(`\nportal: the first screens in Chromium on loopback, cold cache, median of ${ROUNDS} rounds, each beside a bare page (React + ReactDOM, one input) in the same run`);
  console.log('  scripts of the last round (ms from navigation: start → end; as transferred):');
  for (const s of last?.files ?? []) console.log(`    ${s.path.padEnd(52)} ${s.start.toFixed(0).padStart(5)} → ${s.end.toFixed(0).padStart(5)} ms ${kb(s.wire).padStart(9)} (${kb(s.raw)} unpacked)`);
  const line = (what: string, value: number, floor: number, unit: (n: number) => string, budget: string) =>
    console.log(`  ${what.padEnd(52)} ${unit(value).padStart(9)}  bare ${unit(floor).padStart(9)}  ratio ${floor > 0 ? (value / floor).toFixed(2) : '—'}  (budget ${budget})`);
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  line(`/login ready: JavaScript (${m(portal, 'readyFiles')} files)`, m(portal, 'readyBytes'), m(bare, 'readyBytes'), kb, `${BUDGET.loginKb} kB`);
  line('/login ready: time from navigation', m(portal, 'readyMs'), m(bare, 'readyMs'), ms, `${BUDGET.loginMs} ms`);
  console.log(`  ${'fetched while the person types'.padEnd(52)} ${kb(m(portal, 'typingBytes')).padStart(9)}`);
  line('Enter to the painted dashboard', m(portal, 'enterMs'), m(bare, 'enterMs'), ms, `${BUDGET.dashboardMs} ms`);
  line(`signed-in first screen: JavaScript (${m(portal, 'afterFiles')} files)`, m(portal, 'afterBytes'), m(bare, 'afterBytes'), kb, `${BUDGET.dashboardKb} kB`);
  const overOthers: string[] = [];
  for (const [path, rounds] of others) {
    const name = path.replace(/[^/]{43}$/, '…');
    const of = (key: keyof Shown) => median(rounds.map((r) => r[key]));
    line(`${name} ready: JavaScript (${of('files')} files)`, of('bytes'), m(bare, 'readyBytes'), kb, `${BUDGET.loginKb} kB`);
    line(`${name} ready: time from navigation`, of('ms'), m(bare, 'readyMs'), ms, `${BUDGET.loginMs} ms`);
    if (of('bytes') > BUDGET.loginKb * 1024) overOthers.push(`${name} bytes`);
    if (of('ms') > BUDGET.loginMs) overOthers.push(`${name} time`);
  }
  const over = [
    m(portal, 'readyBytes') > BUDGET.loginKb * 1024 && '/login bytes',
    m(portal, 'readyMs') > BUDGET.loginMs && '/login time',
    m(portal, 'enterMs') > BUDGET.dashboardMs && 'Enter-to-dashboard time',
    m(portal, 'afterBytes') > BUDGET.dashboardKb * 1024 && 'first-screen bytes',
    ...overOthers,
  ].filter(Boolean);
  console.log(over.length ? `  over budget: ${over.join(', ')}` : '  every figure within its budget');
} finally {
  await browser.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
}
