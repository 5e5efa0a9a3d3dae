/**
 * Every screen in the pseudo-locale (issue 36; src/i18n/pseudo.ts): each sentence of the catalogue
 * is wrapped in ⟦…⟧ and a third longer. On every route of the route table, signed out and signed in
 * (an admin's pages, and the operator's console), at 1280 and 390 px, it fails on any visible text
 * that came from no catalogue — what is left once the wrapped sentences, the server's data (every
 * string its answers carried) and Intl's dates and numbers are taken away — and on a control too
 * narrow for a longer language: a button, tab or menu item that clips its text, or a page that
 * scrolls sideways.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALE_NAMES } from '@partner-panel/sdk';
import { paths, publicPaths } from '../src/routing/paths.js';
import { DESKTOP, expectNoProblems, goTo, MOBILE, newTab, painted, signInAsIs, trackRequests, type Tab } from './support/browser.js';
import { seedActivity } from './support/data.js';
import { startServer } from './support/server.js';

const server = await startServer();
/** Where a screen with findings is kept, beside the other captures. */
const ARTIFACTS = fileURLToPath(new URL('../../../artifacts/screens/', import.meta.url));

/**
 * Every string (and number) the server's JSON answers carried: names, e-mails, codes, products.
 * `settled()` resolves once every answer seen so far has been read.
 */
function collectData(page: Page) {
  const data = new Set<string>(Object.values(LOCALE_NAMES));
  const reading = new Set<Promise<void>>();
  const visit = (value: unknown) => {
    if (typeof value === 'string' || typeof value === 'number') data.add(String(value).trim());
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    const read = response.json().then(visit, () => undefined);
    reading.add(read);
    void read.finally(() => reading.delete(read));
  });
  return { data, settled: () => Promise.all([...reading]) };
}

interface Finding {
  uncatalogued: string[];
  clipped: string[];
  sideways: boolean;
}

/** What the screen shows that no catalogue gave, and what it clips (run in the page). */
function inspect(data: string[]): Finding {
  const known = new Set(data);
  // Intl's words for dates in English (the pseudo-locale formats as English does).
  const intlWords = new Set<string>();
  for (let month = 0; month < 12; month++) {
    for (const style of ['short', 'long'] as const) intlWords.add(new Intl.DateTimeFormat('en', { month: style }).format(new Date(2026, month, 1)));
  }
  for (let day = 0; day < 7; day++) intlWords.add(new Intl.DateTimeFormat('en', { weekday: 'short' }).format(new Date(2026, 10, 1 + day)));
  ['AM', 'PM', 'USD', 'US'].forEach((w) => intlWords.add(w));

  // A sentence may be drawn in several text nodes (a link inside it): its pieces count too.
  const outside = (text: string) =>
    text
      .replace(/⟦[^⟧]*⟧/g, ' ')
      .replace(/⟦[^⟧]*$/, ' ')
      .replace(/^[^⟦]*⟧/, ' ')
      .trim();
  const fromData = (text: string) => known.has(text) || [...known].some((d) => d.length > 2 && (d.includes(text) || text.includes(d)));
  // Identifiers are no language's words: a file, a path, an event or a key's prefix (quickstart.mjs,
  // /api/v2/…, coupon.generated, sk_test_…).
  const letters = (text: string) =>
    text
      .split(/\s+/)
      .filter((token) => !/\p{L}[._/]|[._/]\p{L}/u.test(token))
      .join(' ')
      .split(/[^\p{L}]+/u)
      .filter((w) => w.length > 1)
      .filter((w) => !intlWords.has(w));
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };

  const uncatalogued = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !visible(parent)) continue;
    // Code a partner copies (snippets, samples) and what the person typed are theirs, not ours.
    if (parent.closest('code, pre, script, style, noscript, textarea, [translate=no], .notranslate, [data-data]')) continue;
    const text = outside(node.textContent ?? '');
    if (!text || fromData(text)) continue;
    const words = letters(text).filter((w) => !fromData(w));
    if (words.length) uncatalogued.add(`${text.slice(0, 80)} (in ${parent.tagName.toLowerCase()}${parent.getAttribute('data-testid') ? `[data-testid=${parent.getAttribute('data-testid')}]` : ''})`);
  }
  // Labels people read without the text: a control's name must come from the catalogue too.
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (!visible(el) || el.closest('code, pre')) continue;
    for (const attribute of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(attribute);
      if (!value?.trim()) continue;
      const text = outside(value);
      if (text && !fromData(text) && letters(text).filter((w) => !fromData(w)).length) uncatalogued.add(`${attribute}="${value.slice(0, 80)}" (on ${el.tagName.toLowerCase()})`);
    }
  }

  const clipped: string[] = [];
  for (const el of document.querySelectorAll('button, [role=tab], [role=menuitem], a.MuiButton-root')) {
    if (!visible(el)) continue;
    const style = getComputedStyle(el);
    if (style.overflow === 'visible' && style.overflowX === 'visible') continue;
    if (el.scrollWidth > el.clientWidth + 1) clipped.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 60)}"`);
  }
  return { uncatalogued: [...uncatalogued], clipped, sideways: document.documentElement.scrollWidth > window.innerWidth };
}

async function check(tab: Tab, collected: ReturnType<typeof collectData>, where: string) {
  const { page } = tab;
  const findings: Record<string, Finding> = {};
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    // After a round trip to the page, every answer it had received has reached this process.
    await painted(page);
    await collected.settled();
    const name = `${where} at ${size.width} px`;
    findings[name] = await page.evaluate(inspect, [...collected.data]);
    const found = findings[name];
    if (found && (found.uncatalogued.length || found.clipped.length || found.sideways)) {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: `${ARTIFACTS}pseudo-${where.replace(/[^\w-]+/g, '_')}-${size.width}.png`, fullPage: true });
    }
  }
  return findings;
}

const clean = (findings: Record<string, Finding>) =>
  Object.fromEntries(Object.entries(findings).filter(([, f]) => f.uncatalogued.length || f.clipped.length || f.sideways));

async function pseudoTab() {
  const tab = await newTab(server.url);
  await tab.page.addInitScript(() => localStorage.setItem('pp.pseudo', '1'));
  return tab;
}

/** Walks `addresses` as links go there, and answers what each shows at both sizes. */
async function walkIn(tab: Tab, collected: ReturnType<typeof collectData>, addresses: string[]) {
  const requests = trackRequests(tab.page);
  let findings: Record<string, Finding> = {};
  for (const address of addresses) {
    await goTo(tab.page, requests, address);
    findings = { ...findings, ...(await check(tab, collected, address)) };
    await tab.page.setViewportSize(DESKTOP);
  }
  return findings;
}

describe('the pseudo-locale', () => {
  it('shows every signed-out page with words of the catalogue only, none clipped, none scrolling sideways', async () => {
    const tab = await pseudoTab();
    const { page } = tab;
    const data = collectData(page);
    let findings: Record<string, Finding> = {};
    for (const address of Object.values(publicPaths).map((a) => a.replace(':hash', 'h'.repeat(43)))) {
      await page.goto(address);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      findings = { ...findings, ...(await check(tab, data, address)) };
    }
    expect(clean(findings)).toEqual({});
    expectNoProblems(tab);
  });

  it("shows every page of an admin's route table with words of the catalogue only, none clipped, none scrolling sideways", async () => {
    await seedActivity(server.app, 1001);
    const tab = await pseudoTab();
    const { page } = tab;
    const data = collectData(page);
    await page.goto('/login');
    await signInAsIs(page, 'admin@demo.partner-panel.test');
    const table = paths('/demo-admin');
    const operatorOnly = ['programme', 'catalogue', 'operatorResellers', 'money', 'reconciliation', 'whiteLabelEnquiries', 'operatorAudit'];
    const addresses = Object.entries(table).flatMap(([key, value]) => (typeof value === 'string' && key !== 'base' && !operatorOnly.includes(key) ? [value] : []));
    addresses.push(table.userEdit(1002));
    expect(clean(await walkIn(tab, data, addresses))).toEqual({});
    expectNoProblems(tab);
  }, 300_000);

  it("shows the operator's console with words of the catalogue only, none clipped, none scrolling sideways", async () => {
    const tab = await pseudoTab();
    const { page } = tab;
    const data = collectData(page);
    await page.goto('/login');
    await signInAsIs(page, 'operator@demo.partner-panel.test', /\/operator\/catalogue$/);
    const table = paths('/operator');
    const addresses = [table.programme, table.catalogue, table.operatorResellers, table.money, table.reconciliation, table.whiteLabelEnquiries, table.operatorAudit, table.team, table.profile];
    expect(clean(await walkIn(tab, data, addresses))).toEqual({});
    expectNoProblems(tab);
  }, 300_000);
});
