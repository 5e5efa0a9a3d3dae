/**
 * The first screens (issue 25, docs/performance.md): /login and every other signed-out page show
 * with at most 100 kB of JavaScript as transferred and nothing of MUI; the signed-in app's and the dashboard's code arrive while the
 * password is typed, before Enter, in one file; the dashboard's first figure is painted with at
 * most 150 kB of JavaScript beyond what /login was ready with; the dashboard's counters are asked
 * for once, at sign-in; the public pages never load the signed-in app's file.
 * (`pnpm bench` measures the times beside a bare page; this holds the behaviour.)
 */
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@partner-panel/sdk';
import { expectNoProblems, newTab, trackRequests } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();

/** The scripts the page has fetched so far: path, when it arrived, and its body as transferred. */
const scripts = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => new URL(r.name).pathname.endsWith('.js'))
      .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd, wire: r.encodedBodySize })),
  );

/**
 * Notes, in the page, when the first input appears (what the page loads after that is not /login's)
 * and when the dashboard's first figure has been painted (the frame after it is in the document), as
 * `pnpm bench` does.
 */
const READY = `new MutationObserver((_, observer) => {
  if (window.__ready === undefined && document.querySelector('#root input')) {
    window.__ready = performance.now();
    requestAnimationFrame(() => setTimeout(() => (window.__painted = performance.now())));
  }
  if (window.__figure === undefined && /\\d/.test(document.querySelector('[data-testid="tile-coupons-24h-value"]')?.textContent ?? '')) {
    window.__figure = -1;
    requestAnimationFrame(() => setTimeout(() => (window.__figure = performance.now())));
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true, characterData: true });`;

/** What sign-in shares with the app (the contract's rules, the client), one file (vite.config.ts, the 'contract' group). */
const CONTRACT = /\/assets\/contract-[\w-]+\.js$/;
/** The signed-in app's first screen (the shell and the dashboard), one file (vite.config.ts, the 'app' group). */
const APP = /\/assets\/app-[\w-]+\.js$/;
/** A language's whole catalogue, a file of its own (src/i18n/<locale>/index.ts). */
const CATALOGUE = /\/assets\/catalogue-(?!rest-)[\w-]+\.js$/;
/**
 * What the shell fetches once the first screen's reads are done (layout/Background): the rest of the
 * language's catalogue and the contract's sentences. Not the first screen's, though one may arrive
 * before its figure is painted: it must have been asked for after the counters' answer.
 */
const AFTER_READS = /\/assets\/(catalogue-rest|sentences)-[\w-]+\.js$/;
/** What the signed-in first screen may take, as transferred, beyond /login's (issue 25). */
const FIRST_SCREEN_KB = 150;

/** Notes, in the page, when `selector` first appears (what the page loads after that is not its first screen's). */
const readyWhen = (selector: string) => `new MutationObserver((_, observer) => {
  if (document.querySelector(${JSON.stringify(selector)})) { window.__ready = performance.now(); observer.disconnect(); }
}).observe(document, { subtree: true, childList: true });`;
const KB = 1024;
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
  expect(atReady.filter((s) => APP.test(s.path)), `${path}: ${names}`).toEqual([]);
  const muiIn = (await sources(page, atReady.map((s) => s.path))).map((text, i) => (text.includes(MUI) ? atReady[i]?.path : null)).filter(Boolean);
  expect(muiIn, `${path}: MUI before its first screen`).toEqual([]);
  return { tab, bytes: atReady.reduce((sum, s) => sum + s.wire, 0), names };
}

describe('signing in, in each language', () => {
  it.each(LOCALES)('shows /login in %s with at most 100 kB of JavaScript, fetches the app and its catalogue while the password is typed, paints the dashboard with at most 150 kB more, and asks for the counters once', async (locale) => {
    // The account has no language of its own yet: the one this browser chose shows (and is saved on it).
    await server.app.ctx.db.execute(sql`update people set locale = null where lower(email) = 'reseller@demo.partner-panel.test'`);
    const tab = await newTab(server.url);
    const { page } = tab;
    await page.addInitScript(READY);
    await page.addInitScript((chosen) => localStorage.setItem('pp.locale', chosen), locale);
    await page.goto('/login');
    const email = page.locator('input[autocomplete=username]:visible');
    await email.waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe(locale);
    const ready = await page.evaluate(() => (window as unknown as { __ready: number }).__ready);
    const atReady = (await scripts(page)).filter((s) => s.end <= ready);
    const bytes = atReady.reduce((sum, s) => sum + s.wire, 0);
    expect(bytes, `/login's JavaScript as transferred (${atReady.map((s) => s.path).join(', ')})`).toBeLessThanOrEqual(100 * 1024);
    expect(atReady.some((s) => APP.test(s.path))).toBe(false);
    // The sign-in's rules and client are asked for once the form has been painted, not before.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __painted?: number }).__painted ?? -1)).toBeGreaterThan(0);
    const painted = await page.evaluate(() => (window as unknown as { __painted: number }).__painted);
    await expect.poll(async () => (await scripts(page)).filter((s) => CONTRACT.test(s.path)).length).toBe(1);
    const contract = (await scripts(page)).find((s) => CONTRACT.test(s.path));
    expect(contract?.start, "the contract's file, asked for after /login's first paint").toBeGreaterThanOrEqual(painted);

    await email.fill('reseller@demo.partner-panel.test');
    await page.locator('form button[type=submit]').click();
    const password = page.locator('input[autocomplete=current-password]');
    await password.fill('DemoPass2026!');
    // While the password is typed: the app and its first screen, and the language's catalogue.
    await expect.poll(async () => (await scripts(page)).filter((s) => APP.test(s.path)).length).toBe(1);
    await expect.poll(async () => (await scripts(page)).filter((s) => CATALOGUE.test(s.path)).length).toBe(1);

    const counters: string[] = [];
    const requests = trackRequests(page);
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/dashboard') counters.push(request.url());
    });
    await password.press('Enter');
    await page.waitForURL(/\/dashboard\/overview$/);
    await expect.poll(() => page.getByTestId('tile-coupons-24h-value').textContent()).toMatch(/\d/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __figure?: number }).__figure ?? -1)).toBeGreaterThan(0);
    const figure = await page.evaluate(() => (window as unknown as { __figure: number }).__figure);
    // Everything that arrived after /login was ready until the first figure was painted: fetched
    // while the password was typed and after Enter (the charts and the live channel come later).
    const arrived = (await scripts(page)).filter((s) => s.end > ready && s.end <= figure);
    const countersAnswered = await page.evaluate(() =>
      Math.min(...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => new URL(r.name).pathname === '/api/v1/dashboard').map((r) => r.responseEnd)),
    );
    expect(
      arrived.filter((s) => AFTER_READS.test(s.path) && s.start < countersAnswered).map((s) => s.path),
      'the rest of the words, asked for only after the first screen has read its data',
    ).toEqual([]);
    const firstScreen = arrived.filter((s) => !AFTER_READS.test(s.path));
    const firstScreenBytes = firstScreen.reduce((sum, s) => sum + s.wire, 0);
    const listed = firstScreen.map((s) => `${s.path} ${(s.wire / 1024).toFixed(1)} kB`).join(', ');
    expect(firstScreenBytes, `the signed-in first screen's JavaScript as transferred (${listed})`).toBeLessThanOrEqual(FIRST_SCREEN_KB * 1024);
    expect(firstScreen.length, `the signed-in first screen's files (${listed})`).toBeLessThanOrEqual(7);
    // One language's catalogue, the one shown: no other came.
    expect((await scripts(page)).filter((s) => CATALOGUE.test(s.path)).map((s) => s.path)).toHaveLength(1);
    expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    // Every request the mounted page made has finished and it has painted since: a second ask would have been made.
    await requests.quiet();
    expect(counters, 'the counters, asked for at sign-in and not again as the page mounts').toHaveLength(1);
    expectNoProblems(tab);
  });
});

describe('the public pages', () => {
  it('never load the signed-in app', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    const requests = trackRequests(page);
    for (const path of ['/register', '/forgot-password', '/login']) {
      await page.goto(path);
      await page.locator('#root input').first().waitFor();
      // Whatever the page loads as it mounts has arrived (a lazy import is a request like any other).
      await requests.quiet();
      const loaded = (await scripts(page)).map((s) => s.path);
      expect(loaded.filter((p) => APP.test(p)), `${path} loads ${loaded.join(', ')}`).toEqual([]);
    }
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
    expect(all.filter((s) => APP.test(s.path)).map((s) => s.path)).toEqual([]);
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
    await page.getByText('We sent a verification link to early.reseller@example.com. Open it to activate your account.').waitFor();
    expectNoProblems(register.tab);
  });
});
