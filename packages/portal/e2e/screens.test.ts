/**
 * What every screen owes a person, in Chromium: something to look at between sign-in and the
 * dashboard (never a blank page), section tabs that fit a 390-px phone with whole words, and one
 * `<main>` with headings in order on Explore Docs (axe checks it at both sizes in walk.test.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoProblems, MOBILE, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a person sees right now: any visible text, or a visible progress indicator. */
const showsSomething = (page: Page) =>
  page.evaluate(() => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.opacity !== '0';
    };
    if ([...document.querySelectorAll('[role=progressbar]')].some(visible)) return 'progress';
    return (document.body.innerText ?? '').trim() ? 'text' : '';
  });

describe('between sign-in and the dashboard', () => {
  it('shows a loading indicator, never a blank screen, while the app and its data load slowly', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await page.goto('/login');
    await page.getByLabel('Email address').fill('reseller@demo.partner-panel.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('DemoPass2026!');
    // A slow machine: every script and every call after sign-in takes 700 ms more (the slowness
    // itself, not a wait of the test's).
    await page.route(
      (url) => url.pathname.startsWith('/assets/') || (url.pathname.startsWith('/api/') && !url.pathname.includes('login')),
      async (route) => {
        await sleep(700);
        await route.continue().catch(() => undefined);
      },
    );
    await page.getByRole('button', { name: 'Sign in' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'Control Panel' });
    const blanks: number[] = [];
    const started = Date.now();
    // A blank is two samples in a row (40 ms apart) with nothing visible: one sample alone can fall
    // between the app's spinner being inserted and its styles applying, a moment no one can see.
    let blankBefore = false;
    while (!(await heading.isVisible())) {
      const blank = (await showsSomething(page)) === '';
      if (blank && blankBefore) blanks.push(Date.now() - started);
      blankBefore = blank;
      // A sampling interval, not a wait: what is checked is every moment until the heading shows.
      await sleep(40);
    }
    expect(blanks, 'moments (ms after Sign in) with a blank screen').toEqual([]);
    expectNoProblems(tab);
  });
});

describe('section tabs on a phone', () => {
  it('fit 390 px and never break a word, in every section', async () => {
    const tab = await newTab(server.url, MOBILE);
    const { page } = tab;
    await signIn(page, 'admin@demo.partner-panel.test');
    for (const route of ['/demo-admin/dashboard/overview', '/demo-admin/coupons/generate', '/demo-admin/vpn/subscriptions', '/demo-admin/billing/transactions', '/demo-admin/integration/keys', '/demo-admin/user/edit/1002']) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const tablist = page.getByRole('tablist').first();
      await tablist.waitFor();
      // The strip (its scroller and arrows), not the row of tabs it scrolls.
      const box = await page.locator('.MuiTabs-root', { has: tablist }).first().boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width, `${route}: the tab strip within the screen`).toBe(true);
      // Every word of every tab label on one line: a label may wrap between words, never inside one.
      const broken = await tablist.evaluate((list) => {
        const found: string[] = [];
        for (const t of list.querySelectorAll('[role=tab]')) {
          const walker = document.createTreeWalker(t, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const m of text.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, m.index);
              range.setEnd(node, m.index + m[0].length);
              const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
              if (lines.size > 1) found.push(m[0]);
            }
          }
        }
        return found;
      });
      expect(broken, `${route}: words broken across lines`).toEqual([]);
    }
    expectNoProblems(tab);
  });
});

describe('Explore Docs', () => {
  it('has one main landmark and headings in order', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/dashboard/exploredocs');
    await page.getByRole('heading', { level: 1, name: 'Explore Docs' }).waitFor();
    await page.getByRole('link', { name: 'Open the API reference' }).waitFor();
    expect(await page.getByRole('main').count()).toBe(1);
    const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((hs) => hs.filter((h) => (h as HTMLElement).offsetParent !== null).map((h) => Number(h.tagName[1])));
    const skips = levels.filter((level, i) => i > 0 && level > (levels[i - 1] as number) + 1);
    expect(skips, `heading levels ${levels.join(',')}`).toEqual([]);
    expectNoProblems(tab);
  });
});

describe("reseller 903's screens", () => {
  it('never speak of a wallet or of adding funds: 903 is postpaid, its charges run up a credit line', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'partner@demo.partner-panel.test');
    const prefix = new URL(page.url()).pathname.split('/')[1] as string;
    // Every screen 903 has but Explore Docs, the reference of the whole API, whose calls name the
    // wallet of the resellers who have one. An event type's identifier (`wallet.credited`) is code.
    const screens = [
      'dashboard/overview',
      'coupons/generate',
      'coupons/list',
      'vpn/subscriptions/update',
      'vpn/subscriptions/enable',
      'vpn/subscriptions/delete',
      'vpn/list',
      'integration/keys',
      'integration/sandbox',
      'integration/webhooks',
      'integration/form',
      'dashboard/redeem',
      'profile',
      'notifications',
    ];
    const said: Record<string, string[]> = {};
    for (const screen of screens) {
      await page.goto(`/${prefix}/${screen}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // textContent, not innerText: the FAQ's folded answers count too.
      const text = await page.evaluate(() => document.body.textContent ?? '');
      said[screen] = [...text.matchAll(/.{0,40}(\bwallet\b(?!\.)|add funds).{0,40}/gi)].map((m) => m[0]);
    }
    expect(said).toEqual(Object.fromEntries(screens.map((s) => [s, []])));

    // Its own wording, from the catalogue, where the others read of a wallet.
    await page.goto(`/${prefix}/coupons/generate`);
    await page.getByRole('button', { name: 'Can I cancel a coupon I no longer need?' }).click();
    await page.getByText('Delete an unredeemed coupon in the Coupons List and its full price is taken off what you owe', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'How are renewals charged?' }).click();
    await page.getByText('each renewal is charged to your credit line', { exact: false }).waitFor();
    await page.goto(`/${prefix}/vpn/subscriptions/update`);
    await page.getByRole('button', { name: 'How do renewals work?' }).click();
    await page.getByText('until you settle your account with us and enable it again', { exact: false }).waitFor();
    await page.goto(`/${prefix}/integration/webhooks`);
    await page.getByText('a user created, renewed or suspended, a coupon redeemed — as signed POSTs', { exact: false }).waitFor();
    expectNoProblems(tab);
  });
});
