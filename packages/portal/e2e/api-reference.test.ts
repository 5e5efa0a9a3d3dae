/**
 * The API reference page (/api/docs), as the portal's build writes it from docs/openapi.json: in a
 * fresh profile it shows its first operation with at most 300 kB of JavaScript as transferred (it
 * has none), every call of the document is on it with no internal note, its anchors lead somewhere,
 * it fits a 390-px phone with every section open, and axe finds nothing at either size.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_REFERENCE_PATH } from '@partner-panel/sdk';
import { fileURLToPath } from 'node:url';
import { DESKTOP, MOBILE, accessibilityViolations, expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();

interface Doc {
  tags: { name: string }[];
  paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
}
const doc = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8')) as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, ...op })));
/** The first call of the first group: what a developer sees first. */
const first = operations.find((op) => op.tags[0] === doc.tags[0]?.name);
const KB = 1024;
const ARTIFACTS = fileURLToPath(new URL('../../../artifacts/screens/', import.meta.url));

describe('the API reference page', () => {
  it('shows its first operation with at most 300 kB of JavaScript as transferred, cold', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    // What arrived over the wire, by resource type, as the browser's devtools count it (headers included).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, string>();
    const wire = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      const type = types.get(e.requestId) ?? 'Other';
      wire.set(type, (wire.get(type) ?? 0) + e.encodedDataLength);
    });

    // The main thread's blocked time: each long task's time beyond 50 ms, as Lighthouse counts it.
    await page.addInitScript(() => {
      const w = window as unknown as { __blocked: number };
      w.__blocked = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.__blocked += Math.max(0, e.duration - 50)))).observe({ type: 'longtask', buffered: true });
    });
    const response = await page.goto(API_REFERENCE_PATH);
    expect(response?.headers()['content-encoding']).toBe('br');
    const heading = page.getByRole('heading', { level: 3, name: `${first?.method.toUpperCase()} ${first?.path}` });
    await heading.waitFor();
    // On the first screen, painted with it: no script builds the page.
    const box = await heading.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    await page.waitForLoadState('load');
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const blocked = (window as unknown as { __blocked: number }).__blocked;
      return { contentful: paint?.startTime ?? -1, load: nav.loadEventEnd, scripts: document.scripts.length, blocked, height: document.documentElement.scrollHeight };
    });
    await expect.poll(() => wire.get('Document') ?? 0).toBeGreaterThan(0);
    const script = wire.get('Script') ?? 0;
    // The figures of docs/performance.md, kept beside the screenshots.
    const figures = { javascriptKB: script / KB, pageKB: (wire.get('Document') ?? 0) / KB, firstContentfulPaintMs: timing.contentful, loadMs: timing.load, blockedMs: timing.blocked, heightPx: timing.height };
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(`${ARTIFACTS}api-reference-figures.json`, `${JSON.stringify(figures, null, 2)}\n`);
    expect(script, 'JavaScript as transferred').toBeLessThanOrEqual(300 * KB);
    expect(timing.scripts).toBe(0);
    expectNoProblems(tab);
  });

  it('holds every call of the document and no internal note; its anchors lead somewhere; it fits a phone with every section open; axe finds nothing at either size', { timeout: 240_000 }, async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await page.goto(API_REFERENCE_PATH);
    await page.getByRole('heading', { level: 1, name: 'Partner Panel API reference' }).waitFor();

    const ids = await page.locator('.op h3').evaluateAll((hs) => hs.map((h) => h.id));
    expect(ids.sort()).toEqual(operations.map((op) => op.operationId).sort());
    expect(await page.getByRole('main').count()).toBe(1);
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toMatch(/Spec:|§|path ours|clone of the Partner Panel/);
    // The error catalogue, by code.
    await page.getByRole('cell', { name: 'rspf-csrf-1001' }).waitFor();
    const dangling = await page.locator('a[href^="#"]').evaluateAll((links) =>
      links.map((a) => a.getAttribute('href')?.slice(1) ?? '').filter((id) => !document.getElementById(id)),
    );
    expect(dangling).toEqual([]);

    // A schema deep in a call, opened, reads as fields.
    const create = page.locator('.op', { has: page.locator('#clientCreateUser') });
    await create.getByText('Request body').click();
    await create.locator('code.f', { hasText: 'billing_cycle' }).first().waitFor();

    mkdirSync(ARTIFACTS, { recursive: true });
    // axe at both sizes, with the sections of the first call of each group open (the rest are built alike).
    await page.evaluate(() => document.querySelectorAll('main section .op:first-of-type details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
    // The sections off screen are laid out at their estimated size (content-visibility: auto); axe
    // scrolls to each element and reads what lies under it, which in a section still being laid out
    // is another element's (a method badge under a link). Rendered in full, axe reads the real page.
    await page.addStyleTag({ content: 'main>section{content-visibility:visible!important}' });
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `${ARTIFACTS}api-reference-${size === MOBILE ? 'mobile' : 'desktop'}.png` });
      expect(await accessibilityViolations(page), `axe at ${size.width} px`).toEqual([]);
    }
    // Every section open, the page still fits a phone's width.
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${size.width} px`).toBeLessThanOrEqual(size.width);
    }
    expectNoProblems(tab);
  });

  it('is linked from Explore Docs beside the OpenAPI document', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/dashboard/exploredocs');
    await page.getByRole('link', { name: 'The OpenAPI document (JSON), to generate a client in any language' }).waitFor();
    await page.getByRole('link', { name: 'Open the API reference' }).click();
    await page.waitForURL((url) => url.pathname === API_REFERENCE_PATH);
    await page.getByRole('heading', { level: 1, name: 'Partner Panel API reference' }).waitFor();
    expectNoProblems(tab);
  });
});
