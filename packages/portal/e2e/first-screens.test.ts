/**
 * The first screens (issue 25, docs/performance.md): every signed-out page shows with at most
 * 100 kB of JavaScript as transferred and nothing of MUI or the signed-in app; the signed-in app's
 * and the dashboard's code arrive while the password is typed, before Enter; the dashboard's
 * counters are asked for once, at sign-in. (`pnpm bench` measures the times beside a bare page;
 * this holds the behaviour.)
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

/** Notes, in the page, when `selector` first appears (what the page loads after that is not its first screen's). */
const readyWhen = (selector: string) => `new MutationObserver((_, observer) => {
  if (document.querySelector(${JSON.stringify(selector)})) { window.__ready = performance.now(); observer.disconnect(); }
}).observe(document, { subtree: true, childList: true });`;
const READY = readyWhen('#root input');

const KB = 1024;
const SIGNED_IN_APP = /\/(AdminApp|DashboardPage)-/;
/** Emotion's style cache names its tags so; every MUI component needs it. */
const MUI = 'data-emotion';

/** The scripts' sources as the page received them (from its cache), to look into. */
const sources = (page: Page, paths: string[]) => page.evaluate((list) => Promise.all(list.map((p) => fetch(p).then((r) => r.text()))), paths);

/**
 * Opens `path` in a fresh profile and answers the JavaScript that had arrived when its first screen
 * (`selector`) was on it; checks that none of it is the signed-in app's or MUI's.
 */
async function firstScreen(path: string, selector: string) {
  const tab = await newTab(server.url);
  const { page } = tab;
  await page.addInitScript(readyWhen(selector));
  await page.goto(path);
  await page.locator(selector).first().waitFor();
  const ready = await page.evaluate(() => (window as unknown as { __ready: number }).__ready);
  const atReady = (await scripts(page)).filter((s) => s.end <= ready);
  const names = atReady.map((s) => s.path).join(', ');
  expect(atReady.filter((s) => SIGNED_IN_APP.test(s.path)), `${path}: ${names}`).toEqual([]);
  const muiIn = (await sources(page, atReady.map((s) => s.path))).map((text, i) => (text.includes(MUI) ? atReady[i]?.path : null)).filter(Boolean);
  expect(muiIn, `${path}: MUI before its first screen`).toEqual([]);
  return { tab, bytes: atReady.reduce((sum, s) => sum + s.wire, 0), names };
}

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

describe('the other signed-out pages', () => {
  it.each([
    ['/register', '#root input'],
    ['/forgot-password', '#root input'],
    // These two ask the server about their link before they show a field: the first screen is the
    // card saying so, and the field that follows (a new link's e-mail here) still comes without MUI.
    [`/verification/${'x'.repeat(43)}`, '#root h1'],
    [`/reset-password/${'y'.repeat(43)}`, '#root h1'],
  ])('shows %s with at most 100 kB of JavaScript and no MUI', async (path, selector) => {
    const { tab, bytes, names } = await firstScreen(path, selector);
    expect(bytes, `${path}'s JavaScript as transferred (${names})`).toBeLessThanOrEqual(100 * KB);
    // Whatever the server answered is shown in the same light frame.
    await tab.page.getByRole('main').getByRole('alert').or(tab.page.getByRole('main').locator('input')).first().waitFor();
    const all = await scripts(tab.page);
    expect(all.filter((s) => SIGNED_IN_APP.test(s.path)).map((s) => s.path)).toEqual([]);
    expect((await sources(tab.page, all.map((s) => s.path))).some((text) => text.includes(MUI)), `${path}: MUI loaded`).toBe(false);
    expectNoProblems(tab);
  });

  it('checks and sends a form submitted before its rules and client have arrived, once they have', async () => {
    /** A fresh profile whose ./account (the rules, client and captcha) arrives only when released. */
    async function held(path: string) {
      const tab = await newTab(server.url);
      let release = () => undefined as void;
      const waiting = new Promise<void>((resolve) => (release = resolve));
      await tab.page.route('**/assets/account-*.js', async (route) => {
        await waiting;
        await route.continue();
      });
      await tab.page.goto(path);
      return { tab, page: tab.page, release };
    }

    const forgot = await held('/forgot-password');
    await forgot.page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => forgot.page.getByRole('button', { name: 'Send reset link' }).isDisabled()).toBe(true);
    forgot.release();
    await forgot.page.getByText('Email address is required').waitFor();
    expectNoProblems(forgot.tab);

    const register = await held('/register');
    const { page } = register;
    await page.getByLabel('Email address').fill('early.reseller@example.com');
    await page.getByLabel('Full Name').fill('Early Reseller');
    await page.getByLabel('Password', { exact: true }).fill('Early!Password1');
    await page.getByLabel('Confirm Password').fill('Early!Password1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign up' }).isDisabled()).toBe(true);
    register.release();
    await page.getByText('Check your inbox').waitFor();
    await page.getByTestId('toast').getByText(/^Registration successful!/).waitFor();
    expectNoProblems(register.tab);
  });
});
