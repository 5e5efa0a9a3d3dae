/**
 * The Redeem embed code screen (002 §2: the snippets, copy labels back after 1.5 s, 903's partner
 * page) and the embed builder at integration/form (allowed origins, theme, live preview, snippets),
 * in Chromium against the real server, with axe at both sizes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations, capture, expectNoProblems, MOBILE, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
// Snippets name the configured public address; the test server answers on a port of its own.
const PUBLIC = server.app.ctx.config.publicUrl;
const expectAccessible = async (page: Page, label: string) => expect(await accessibilityViolations(page), label).toEqual([]);
const framing = async (url: string) => /frame-ancestors ([^;]+)/.exec((await fetch(`${server.url}${url}`)).headers.get('content-security-policy') ?? '')?.[1];

describe('Redeem Embed Code (dashboard/redeem)', () => {
  it('gives the iframe and the script snippet of the reseller’s page, each with a copy button that reverts after 1.5 s', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/dashboard/redeem');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Redeem Embed Code');
    const iframe = page.getByTestId('iframe-code');
    await expect.poll(() => iframe.textContent()).toBe(
      `<iframe src="${PUBLIC}/redeem?reseller=demo-reseller" title="Redeem your coupon" style="width:100%;height:760px;border:0" loading="lazy"></iframe>`,
    );
    expect(await page.getByTestId('script-code').textContent()).toBe(`<script src="${PUBLIC}/redeem.js" data-reseller="demo-reseller" async></script>`);

    const copy = page.getByRole('button', { name: 'Copy' }).first();
    await copy.click();
    await expect.poll(() => page.getByRole('button', { name: 'Copied!' }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await iframe.textContent());
    const copiedAt = Date.now();
    await expect.poll(() => page.getByRole('button', { name: 'Copied!' }).count(), { timeout: 5_000, interval: 100 }).toBe(0);
    expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(1_300);
    await expectAccessible(page, 'embed code, desktop');
    await capture(page, 'redeem-embed-code');
    await page.setViewportSize(MOBILE);
    await expectAccessible(page, 'embed code, phone');
    expectNoProblems(tab);
  });

  it("points 903's snippets to /redeem/brainrocket", async () => {
    const tab = await newTab(server.url);
    await signIn(tab.page, 'partner@demo.partner-panel.test');
    await tab.page.goto('/brainrocket/dashboard/redeem');
    await expect.poll(() => tab.page.getByTestId('iframe-code').textContent()).toContain(`src="${PUBLIC}/redeem/brainrocket"`);
    expect(await tab.page.getByTestId('script-code').textContent()).toBe(`<script src="${PUBLIC}/redeem.js" data-page="brainrocket" async></script>`);
    expect(await tab.page.getByText('Your customers redeem their coupons on the BrainRocket partner page.', { exact: false }).isVisible()).toBe(true);
    await capture(tab.page, 'redeem-embed-code-903');
    expectNoProblems(tab);
  });
});

describe('the embed builder (integration/form)', () => {
  it('sets the allowed origins and the theme: the preview and the snippets follow, and saving sets frame-ancestors', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/integration/form');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Redeem Form');
    const preview = page.frameLocator('[data-testid="embed-preview"]');
    await expect.poll(() => preview.getByRole('heading', { level: 1 }).textContent()).toBe('Activate your VPN account');
    // The preview is as tall as the page inside it.
    await expect.poll(async () => (await page.getByTestId('embed-preview').boundingBox())?.height ?? 0).not.toBe(760);
    await expectAccessible(page, 'builder, desktop');

    // An origin the browser could not take is refused with the contract's words; nothing is saved.
    const origins = page.getByLabel('Websites allowed to show the page');
    await origins.fill('https://shop.example.com/checkout');
    await origins.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Enter an origin such as https://www.example.com: scheme, host and port only.').isVisible()).toBe(true);
    expect(await framing('/redeem?reseller=demo-reseller')).toBe('*');

    await origins.press('Backspace');
    await origins.fill('https://Shop.Example.com');
    await origins.press('Enter');
    await page.getByLabel('Accent colour').fill('#00796b');
    await page.getByLabel('Theme').click();
    await page.getByRole('option', { name: 'Dark' }).click();
    const language = page.getByRole('combobox', { name: 'Language' });
    // By default the snippets name no language, so the page speaks the visitor's (English forced: test/snippets.test.ts).
    await expect.poll(() => language.textContent()).toBe("The visitor's browser language");
    expect(await page.getByTestId('script-code').textContent()).not.toContain('data-lang');
    await language.click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    // The snippets and the preview follow before anything is saved.
    await expect.poll(() => page.getByTestId('script-code').textContent()).toBe(
      `<script src="${PUBLIC}/redeem.js" data-reseller="demo-reseller" data-accent="#00796b" data-theme="dark" data-lang="de" async></script>`,
    );
    expect(await page.getByTestId('iframe-code').textContent()).toContain('/redeem?reseller=demo-reseller&amp;accent=%2300796b&amp;theme=dark&amp;lang=de');
    await expect.poll(() => preview.getByRole('heading', { level: 1 }).textContent()).toBe('VPN-Konto aktivieren');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Your redeem page settings are saved.').isVisible()).toBe(true);
    expect(await framing('/redeem?reseller=demo-reseller')).toBe("'self' https://shop.example.com");
    // The portal's own preview is still allowed to frame it ('self').
    await page.reload();
    await expect.poll(() => preview.getByRole('heading', { level: 1 }).textContent()).toBe('VPN-Konto aktivieren');
    await capture(page, 'redeem-embed-builder');
    await page.setViewportSize(MOBILE);
    await expectAccessible(page, 'builder, phone');
    expectNoProblems(tab);
  });
});
