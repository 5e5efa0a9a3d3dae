/**
 * The first screens (issue 25, docs/performance.md): /login shows with at most 100 kB of
 * JavaScript as transferred; the signed-in app's and the dashboard's code arrive while the
 * password is typed, before Enter; the dashboard's counters are asked for once, at sign-in.
 * (`pnpm bench` measures the times beside a bare page; this holds the behaviour.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoProblems, newTab } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();

/** The scripts the page has fetched so far: path, when it arrived, and its body as transferred. */
const scripts = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => new URL(r.name).pathname.endsWith('.js'))
      .map((r) => ({ path: new URL(r.name).pathname, end: r.responseEnd, wire: r.encodedBodySize })),
  );

/** Notes, in the page, when the first input appears (what the page loads after that is not /login's). */
const READY = `new MutationObserver((_, observer) => {
  if (document.querySelector('#root input')) { window.__ready = performance.now(); observer.disconnect(); }
}).observe(document, { subtree: true, childList: true });`;

describe('signing in', () => {
  it('shows /login with at most 100 kB of JavaScript, fetches the app while the password is typed, and asks for the counters once', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await page.addInitScript(READY);
    await page.goto('/login');
    await page.getByLabel('Email address').waitFor();
    const ready = await page.evaluate(() => (window as unknown as { __ready: number }).__ready);
    const atReady = (await scripts(page)).filter((s) => s.end <= ready);
    const bytes = atReady.reduce((sum, s) => sum + s.wire, 0);
    expect(bytes, `/login's JavaScript as transferred (${atReady.map((s) => s.path).join(', ')})`).toBeLessThanOrEqual(100 * 1024);
    expect(atReady.some((s) => /AdminApp|DashboardPage/.test(s.path))).toBe(false);

    await page.getByLabel('Email address').fill('reseller@demo.partner-panel.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('DemoPass2026!');
    // While the password is typed: the app and its first screen.
    await expect.poll(async () => (await scripts(page)).filter((s) => /\/(AdminApp|DashboardPage)-/.test(s.path)).length).toBe(2);

    const counters: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/dashboard') counters.push(request.url());
    });
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(/\/dashboard\/overview$/);
    await expect.poll(() => page.getByTestId('tile-coupons-24h-value').textContent()).toMatch(/\d/);
    await page.waitForTimeout(500);
    expect(counters, 'the counters, asked for at sign-in and not again as the page mounts').toHaveLength(1);
    expectNoProblems(tab);
  });
});
