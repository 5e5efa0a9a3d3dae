/**
 * Chromium through playwright-core (Debian's /usr/bin/chromium; `npx playwright install` cannot
 * work here). Every screen a test visits can be captured at 1280×800 and 390×844 into artifacts/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request, type WebSocket } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { bounded } from '../../../server/test/support/teardown.js';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
const ARTIFACTS = fileURLToPath(new URL('../../../../artifacts/screens/', import.meta.url));

let browser: Browser | undefined;

export async function launch(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return browser;
}

/**
 * Closes the browser; the server's teardown calls it first, so that no page is live while the
 * server closes. Its pages close first (each bounded); a browser that does not exit in time is
 * left to playwright, which kills the processes it launched when this one exits.
 */
export async function closeBrowser() {
  const open = browser;
  browser = undefined;
  if (!open) return;
  for (const context of open.contexts()) await bounded('closing a browser context', 5_000, context.close());
  await bounded('closing the browser', 10_000, open.close());
}

afterAll(closeBrowser);

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
}

/** A new browser profile (its own local storage and cookies). */
export async function newTab(baseURL: string, viewport = DESKTOP, options: { locale?: string } = {}): Promise<Tab> {
  // Less motion, as a person may ask their system for: the portal then opens and closes dialogs, menus
  // and toasts at once (theme.ts), so the tests wait on no animation. The browser speaks English
  // unless a test gives it another language (its Accept-Language and navigator.languages).
  const context = await (await launch()).newContext({ baseURL, viewport, acceptDownloads: true, reducedMotion: 'reduce', locale: options.locale ?? 'en-US' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // A refused call logs a 4xx in the console; that is the test's own doing, not a defect. Chromium
    // also reports pusher-js writing to a socket that has begun to close (a ping racing the close
    // on a loaded machine); pusher-js reconnects, and the realtime tests check that events still arrive.
    if (m.type() === 'error' && !/status of 4\d\d|^WebSocket is already in CLOSING or CLOSED state\.$/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return { context, page, problems };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * The page's moderate, serious and critical accessibility violations (axe-core's rules: WCAG 2.1
 * A/AA and its best practices — one main landmark, headings in order, an h1 on every page). axe is
 * evaluated through the browser's devtools protocol, not as a page script, so a strict CSP holds.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    // Label-in-name (WCAG 2.5.3) is off by default in axe; a button's name must hold its visible text.
    const result = await axe.run(document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Resolves once the page has painted twice more and run a task after: what it had queued (a
 * response's handlers, a resize, a click's re-render) has run and is on screen.
 */
export async function painted(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))));
}

/**
 * Counts the page's requests from now on. `quiet()` resolves once every one of them has finished
 * and the page has painted since, twice over: what the page asks for as it mounts has been asked.
 */
export function trackRequests(page: Page) {
  const open = new Set<Request>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return {
    async quiet() {
      for (let round = 0; round < 2; round++) {
        await painted(page);
        await expect.poll(() => [...open].map((r) => r.url()), { message: 'requests still open' }).toEqual([]);
      }
    },
  };
}

/** Waits (at most 2 s) for the CSS transitions and finite animations under way to end. */
async function settleTransitions(page: Page) {
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            // A spinner turns for ever; only what ends is waited for.
            .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        ),
        // A bound, not a wait: an animation that never ends must not hold the capture.
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]),
    )
    .catch(() => undefined);
}

/**
 * Saves the page at both sizes (artifacts/screens/<name>-desktop.png and -mobile.png), and checks
 * each with axe: no moderate, serious or critical violation at either size.
 */
export async function capture(page: Page, name: string) {
  const inaccessible: string[] = [];
  mkdirSync(ARTIFACTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  // Lazily loaded screens finish loading first; from the top, fixed bars sit where a person sees them.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // A hover tooltip left by the last click fades while axe reads it, so its contrast reads low; and
  // the focus a closed dialog gave back (the bell, after the walk opened it on the page before)
  // shows its tooltip as long as it stays: the screen is captured as it opens, with neither.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.locator('.MuiTooltip-popper').first().waitFor({ state: 'detached', timeout: 2_000 }).catch(() => undefined);
  // A toast still fading in or out reads low in contrast too: transitions under way finish first.
  await settleTransitions(page);
  for (const [label, size] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await painted(page);
    // A transition that the resize's re-render starts later than those frames (a toast growing in)
    // is not yet among the page's animations for settleTransitions to wait on, and axe would read
    // its colours half way: this pause lets it begin. Nothing in the page says a transition is
    // about to start, so there is no event to await.
    await page.waitForTimeout(150);
    await settleTransitions(page);
    await page.screenshot({ path: `${ARTIFACTS}${name}-${label}.png`, fullPage: true });
    for (const v of await accessibilityViolations(page)) inaccessible.push(`${name} @ ${label}: ${v}`);
  }
  await page.setViewportSize(original);
  expect(inaccessible, 'moderate or worse accessibility violations (axe)').toEqual([]);
}

/** On a phone, the locator is shown in full inside the screen's width (no sideways scrolling). */
export async function expectOnPhoneScreen(page: Page, locator: Locator) {
  const original = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(MOBILE);
  try {
    // Not scrolled into view: that would scroll a too-wide table sideways and hide the fault.
    await expect.poll(async () => {
      const box = await locator.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= MOBILE.width;
    }, { message: 'shown in full on a phone' }).toBe(true);
  } finally {
    await page.setViewportSize(original);
  }
}

/**
 * Goes to `address` as a link goes there, without loading the app again (a second a screen less,
 * and the screen is the same), and resolves once its code and reads have arrived (every request
 * `requests` saw has finished) and its heading is there.
 */
export async function goTo(page: Page, requests: ReturnType<typeof trackRequests>, address: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, address);
  await requests.quiet();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/**
 * Signs in through the two-step form whatever language the page speaks (its fields found by their
 * autocomplete, its buttons as the form's submit), from the sign-in page as it is.
 */
export async function signInAsIs(page: Page, email: string, landing = /\/dashboard\/overview$/, password = 'DemoPass2026!') {
  await page.locator('input[autocomplete=username]:visible').fill(email);
  await page.locator('form button[type=submit]').click();
  const field = page.locator('input[autocomplete=current-password]');
  await field.fill(password);
  await field.press('Enter');
  await page.waitForURL(landing);
}

/** Signs in through the two-step form; `landing`: the first screen's address (the operator's is its catalogue). */
export async function signIn(page: Page, email: string, password = 'DemoPass2026!', landing = /\/dashboard\/overview$/) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(landing);
}

export function expectNoProblems(tab: Tab) {
  expect(tab.problems).toEqual([]);
}

/** The page's realtime sockets (the RealtimeBridge's) and every frame they received. */
export function watchSockets(page: Page) {
  const sockets: WebSocket[] = [];
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith('/app/')) return;
    sockets.push(ws);
    ws.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  const heard = (event: string) => frames.filter((f) => f.includes(`"event":"${event}"`)).length;
  return {
    sockets,
    heard,
    /** Signed in as its session and subscribed to the reseller's channel. */
    ready: () => expect.poll(() => heard('pusher:signin_success') > 0 && heard('pusher_internal:subscription_succeeded') > 0).toBe(true),
  };
}
