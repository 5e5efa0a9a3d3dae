/**
 * The real server with the built widget, host pages served from other origins, and Chromium,
 * which resolves every `*.test` name to this machine: the panel is http://panel.test:<port>, a
 * partner's site http://partner.test:<port>, a stranger's http://evil.test:<port> — three sites,
 * so the browser treats the framed page as third-party, cookies and all.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { startServer as startPanel } from '../../portal/e2e/support/server.js';
import type { Env } from '../../server/src/config.js';

import { accessibilityViolations } from '../../portal/e2e/support/browser.js';

export { capture, DESKTOP, MOBILE } from '../../portal/e2e/support/browser.js';

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page, label: string) {
  expect(await accessibilityViolations(page), label).toEqual([]);
}

export async function startServer(env: Env = {}) {
  const server = await startPanel({ RATE_LIMIT_REDEEM_PER_IP: '10000', ...env });
  // Hooks run last-registered first: the browser goes before the server, or the sockets Chromium
  // opened ahead of need (never used, so never idle) hold the server's close for a minute.
  afterAll(closeBrowser);
  const port = new URL(server.url).port;
  return { ...server, port, origin: `http://panel.test:${port}` };
}

/** A site of our own on another origin: path → HTML. */
export async function site(name: string, pages: Record<string, string>) {
  const server = createServer((req, res) => {
    const html = pages[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { origin: `http://${name}.test:${(server.address() as AddressInfo).port}`, pages };
}

let browser: Browser | undefined;
const secureOrigins: string[] = [];
/**
 * Makes Chromium treat an http origin as secure, as a real deployment's https one is: browsers
 * send Sec-Fetch-Dest, by which the server tells a frame from a visit, only to secure origins.
 * Call it before the first page.
 */
export function treatAsSecure(origin: string) {
  secureOrigins.push(origin);
}
async function closeBrowser() {
  await browser?.close();
  browser = undefined;
}

/**
 * A page in a fresh profile. `locale` is the visitor's browser language (navigator.languages and
 * Accept-Language): English unless a test says otherwise, so the machine's own never leaks in.
 */
export async function newPage(viewport = { width: 1280, height: 800 }, { locale = 'en-US' }: { locale?: string } = {}): Promise<{ page: Page; problems: string[] }> {
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP *.test 127.0.0.1', ...(secureOrigins.length ? [`--unsafely-treat-insecure-origin-as-secure=${secureOrigins.join(',')}`] : [])],
  });
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { page, problems };
}

/** A reseller's API client on the running server (the SDK, as a partner's developer would use it). */
export async function signedIn(serverUrl: string, email: string) {
  const { createClient } = await import('@partner-panel/sdk');
  const user = await createClient({ baseUrl: serverUrl, log: () => undefined }).login({ email, password: 'DemoPass2026!' });
  return createClient({ baseUrl: serverUrl, getToken: () => user.access_token, log: () => undefined });
}

/** Fresh coupon codes of a reseller. */
export async function couponsOf(api: Awaited<ReturnType<typeof signedIn>>, input: { partner?: boolean; dedicatedIp?: boolean; quantity?: number } = {}) {
  const { codes } = await api.generateCoupons({
    quantity: input.quantity ?? 1,
    billing_cycle: input.partner ? 'biennially' : 'annually',
    product_id: input.partner ? 105 : 104,
    addon_type: input.dedicatedIp ? 1 : '',
    billing_type: 1,
    prefix: 'E2E',
  });
  return codes;
}
