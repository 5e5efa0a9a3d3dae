/**
 * The redeem page embedded on a partner's site (002 §2 Redeem embed code): the script embed mounts
 * it, its height follows the content, it redeems as a third-party frame, messages from a third
 * origin move nothing, the host page can change the theme, it speaks the snippet's language else
 * the visitor's, and a site the reseller did not allow cannot frame it.
 */
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { couponsOf, newPage, signedIn, site, startServer, treatAsSecure } from './support.js';

const server = await startServer();
treatAsSecure(server.origin);
const seller = await signedIn(server.url, 'reseller@demo.partner-panel.test');
const PASSWORD = 'Redeem!Pass2026';

// A stranger's page, framed beside the widget on the partner's page, that tries to drive both.
const evil = await site('evil', {
  '/meddle.html': `<!doctype html><title>meddler</title><script>
    setInterval(() => {
      const widget = Array.from({ length: parent.frames.length }, (_, i) => parent.frames[i]).find((f) => f !== window);
      if (widget) widget.postMessage({ pp: 'redeem', type: 'theme', theme: 'dark', accent: '#ff0000' }, '*');
      parent.postMessage({ pp: 'redeem', type: 'dimension-changed', height: 31 }, '*');
    }, 50);
  </script>`,
  '/frame.html': `<!doctype html><title>Evil shop</title><h1>Evil shop</h1>
    <iframe id="stolen" title="redeem" src="${server.origin}/redeem?reseller=demo-reseller"></iframe>`,
});

// A third site that frames every path and parameter of the redeem pages, and the loader too.
const FRAMED = ['/redeem', '/redeem/', '/redeem?reseller=demo-reseller', '/redeem?reseller=DEMO-RESELLER&coupon=X', '/redeem?reseller=does-not-exist', '/redeem?reseller=a&reseller=demo-reseller', '/redeem/brainrocket', '/redeem/brainrocket/'];
const third = await site('third', {
  '/frames.html': `<!doctype html><title>Third site</title>${FRAMED.map((path, i) => `<iframe id="f${i}" title="f${i}" src="${server.origin}${path}"></iframe>`).join('')}
    <iframe id="hidden" title="hidden" referrerpolicy="no-referrer" src="${server.origin}/redeem?reseller=demo-reseller"></iframe>`,
  '/loader.html': `<!doctype html><title>Third site with the loader</title><p id="log"></p>
    <script src="${server.origin}/redeem.js" data-reseller="demo-reseller" async></script>
    <script>document.addEventListener('redeem:blocked', (e) => { document.getElementById('log').textContent = 'blocked: ' + e.detail.reason; }, true);
      document.querySelector('script[data-reseller]').addEventListener('redeem:blocked', (e) => { document.getElementById('log').textContent = 'blocked: ' + e.detail.reason; });</script>`,
});
const brainrocket = await signedIn(server.url, 'partner@demo.partner-panel.test');

const partner = await site('partner', {
  '/shop.html': `<!doctype html><html lang="en"><title>Partner shop</title><body style="margin:0">
    <h1>Partner shop</h1>
    <script src="${server.origin}/redeem.js" data-reseller="demo-reseller" data-accent="#00796b" async></script>
    <p id="events"></p>
    <script>
      window.PartnerRedeem = window.PartnerRedeem || function () { (PartnerRedeem.q = PartnerRedeem.q || []).push([].slice.call(arguments)); };
      document.addEventListener('DOMContentLoaded', () => {
        document.querySelector('script[data-reseller]').addEventListener('redeem:redeemed', () => { document.getElementById('events').textContent += 'redeemed '; });
      });
    </script>
    <iframe title="meddler" src="${'EVIL'}/meddle.html" style="width:10px;height:10px"></iframe>
  </body></html>`,
  '/portuguese.html': `<!doctype html><title>Partner in Portuguese</title><h1>Parceiro</h1>
    <script src="${server.origin}/redeem.js" data-reseller="demo-reseller" data-lang="pt-BR" async></script>`,
  '/iframe.html': `<!doctype html><title>Partner with an iframe</title><h1>Partner</h1>
    <iframe id="plain" title="Redeem" src="${server.origin}/redeem?reseller=demo-reseller" style="width:100%;height:900px;border:0"></iframe>`,
});
partner.pages['/shop.html'] = (partner.pages['/shop.html'] as string).replace('EVIL', evil.origin);

const widgetFrame = async (page: Page): Promise<Frame> => {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(`${server.origin}/redeem`))).toBe(true);
  return page.frames().find((f) => f.url().startsWith(`${server.origin}/redeem`)) as Frame;
};
const frameHeight = (page: Page) => page.locator('iframe[title="Redeem your coupon"]').evaluate((el) => el.getBoundingClientRect().height);
const contentHeight = (frame: Frame) => frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));

describe('the script embed on a partner site', () => {
  it('renders, follows the height of its content, and redeems from a third-party frame', async () => {
    const [code] = await couponsOf(seller, { dedicatedIp: true });
    const { page, problems } = await newPage();
    await page.goto(`${partner.origin}/shop.html?coupon=${code}`);
    const frame = await widgetFrame(page);
    expect(new URL(frame.url()).searchParams.get('coupon')).toBe(code);
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Activate your VPN account');
    // The iframe is exactly as tall as the page inside it: no inner scroll bar, no gap.
    await expect.poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight(frame)))).toBeLessThanOrEqual(1);
    const before = await frameHeight(page);
    expect(before).toBeGreaterThan(500);

    await frame.getByLabel('Full name').fill('Linus Host');
    await frame.getByLabel('Email address').fill('framed@example.com');
    await frame.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await frame.getByLabel('Confirm password').fill(PASSWORD);
    expect(await frame.getByLabel('Coupon code').inputValue()).toBe(code);
    await frame.getByLabel(/I agree to the/).check();
    await frame.getByRole('button', { name: 'Activate Account' }).click();
    // The dedicated-IP step makes the page taller, and the iframe follows.
    await expect.poll(() => frame.getByLabel('Dedicated IP location').isVisible()).toBe(true);
    await expect.poll(() => frameHeight(page)).toBeGreaterThan(before + 40);
    await expect.poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight(frame)))).toBeLessThanOrEqual(1);

    await frame.getByLabel('Dedicated IP location').selectOption({ label: 'Singapore' });
    await frame.getByRole('button', { name: 'Activate Account' }).click();
    await expect.poll(() => frame.getByRole('dialog', { name: 'Your VPN account is ready' }).isVisible()).toBe(true);
    // Without REDEEM_APPS_URL the dialog sends the customer to the seller for the apps (ours).
    expect(await frame.getByRole('dialog').textContent()).toContain('The seller who gave you the coupon tells you where to download the VPN apps.');
    // The host page hears of it, without any credential.
    await expect.poll(() => page.locator('#events').textContent()).toBe('redeemed ');
    expect((await seller.searchVpnAccounts({ search: 'coupon', value: code as string })).account_details[0]).toMatchObject({ email: 'framed@example.com' });
    expect(problems).toEqual([]);
  });

  it('ignores messages from a third origin; the host page changes the theme through the loader', async () => {
    const { page } = await newPage();
    await page.goto(`${partner.origin}/shop.html`);
    const frame = await widgetFrame(page);
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await expect.poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight(frame)))).toBeLessThanOrEqual(1);
    // The meddler posts every 50 ms: count its messages as the widget and the host page get them
    // (after their own listeners, added earlier, have handled each), and let a good few arrive.
    const meddled = `window.__meddled = 0; addEventListener('message', (e) => { if (e.origin === ${JSON.stringify(evil.origin)}) window.__meddled++; });`;
    await frame.evaluate(meddled);
    await page.evaluate(meddled);
    const heard = () => Promise.all([frame, page].map((where) => where.evaluate(() => (window as unknown as { __meddled: number }).__meddled)));
    await expect.poll(async () => Math.min(...(await heard()))).toBeGreaterThanOrEqual(10);
    expect(await frame.evaluate(() => [document.documentElement.dataset.theme ?? 'light', document.documentElement.style.getPropertyValue('--accent')])).toEqual(['light', '#00796b']);
    expect(await frameHeight(page)).toBeGreaterThan(500);

    await page.evaluate(() => (window as unknown as { PartnerRedeem(type: string, data: object): void }).PartnerRedeem('theme', { theme: 'dark', lang: 'fr' }));
    await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Activez votre compte VPN');
    // Still the partner's accent: the meddler's red never landed.
    expect(await frame.evaluate(() => document.documentElement.style.getPropertyValue('--accent'))).toBe('#00796b');
    // A call that names only the theme keeps the language.
    await page.evaluate(() => (window as unknown as { PartnerRedeem(type: string, data: object): void }).PartnerRedeem('theme', { theme: 'light' }));
    await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBe('Activez votre compte VPN');
  });

  it("speaks the visitor's browser language when the snippet names none, and the snippet's when it does", async () => {
    const { page, problems } = await newPage(undefined, { locale: 'ru-RU' });
    await page.goto(`${partner.origin}/shop.html`);
    const frame = await widgetFrame(page);
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Активируйте учётную запись VPN');
    expect(await frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ru', 'ltr']);

    await page.goto(`${partner.origin}/portuguese.html`);
    const portuguese = await widgetFrame(page);
    expect(new URL(portuguese.url()).searchParams.get('lang')).toBe('pt-BR');
    await expect.poll(() => portuguese.getByRole('heading', { level: 1 }).textContent()).toBe('Ative sua conta VPN');
    expect(await portuguese.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    expect(problems).toEqual([]);
  });

  it('replays calls queued before the loader ran', async () => {
    const queued = await site('queued', {
      '/q.html': `<!doctype html><title>Queued</title><script>
          window.PartnerRedeem = function () { (PartnerRedeem.q = PartnerRedeem.q || []).push([].slice.call(arguments)); };
          PartnerRedeem('theme', { theme: 'dark' });
        </script><script src="${server.origin}/redeem.js" data-reseller="demo-reseller"></script>`,
    });
    const { page } = await newPage();
    await page.goto(`${queued.origin}/q.html`);
    const frame = await widgetFrame(page);
    await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });
});

describe("the reseller's allowlist (frame-ancestors)", () => {
  it('lets only the allowed origins frame the page', async () => {
    await seller.updateRedeemEmbed({ allowed_origins: [partner.origin] });
    try {
      const allowed = await newPage();
      await allowed.page.goto(`${partner.origin}/iframe.html`);
      const frame = await widgetFrame(allowed.page);
      await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Activate your VPN account');

      const refused = await newPage();
      await refused.page.goto(`${evil.origin}/frame.html`);
      const stolen = refused.page.frameLocator('#stolen');
      await expect.poll(() => stolen.getByRole('heading', { level: 1 }).textContent()).toBe('This redeem form cannot be shown on this website.');
      expect(await stolen.locator('form').count()).toBe(0);
    } finally {
      await seller.updateRedeemEmbed({ allowed_origins: [] });
    }
  });
});

describe('the allowlist on every path and parameter of the redeem pages', () => {
  it('lets a third site frame none of them: each frame shows why, with no form, and the loader tells the host page', async () => {
    await seller.updateRedeemEmbed({ allowed_origins: [partner.origin] });
    await brainrocket.updateRedeemEmbed({ allowed_origins: [partner.origin] });
    try {
      const { page } = await newPage();
      const console: string[] = [];
      page.on('console', (m) => console.push(m.text()));
      await page.goto(`${third.origin}/frames.html`);
      for (const [i, path] of FRAMED.entries()) {
        const frame = page.frameLocator(`#f${i}`);
        await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent(), { message: path }).toBe('This redeem form cannot be shown on this website.');
        expect(await frame.locator('form, input').count(), path).toBe(0);
        // A page of a reseller with a list names the site's absence from it; one naming no reseller says so.
        const listed = /reseller=demo-reseller/i.test(path) && !path.includes('reseller=a&') ? true : path.includes('brainrocket');
        const reason = listed ? 'The seller has not allowed' : 'does not name the seller';
        expect(await frame.locator('main').textContent(), path).toContain(reason);
      }
      // A frame whose site the browser does not tell gets the page itself, and its policy blocks it.
      await expect.poll(() => console.some((text) => text.includes('frame-ancestors'))).toBe(true);
      expect(await page.frameLocator('#hidden').locator('form, input').count()).toBe(0);

      const loader = await newPage();
      await loader.page.goto(`${third.origin}/loader.html`);
      await expect.poll(() => loader.page.locator('#log').textContent()).toBe('blocked: origin_not_allowed');
      const frame = loader.page.frameLocator('iframe[title="Redeem your coupon"]');
      await expect.poll(() => frame.getByRole('link', { name: 'Open the redeem page' }).getAttribute('target')).toBe('_blank');
      // The frame is sized to the message, not left at its starting height.
      await expect.poll(() => loader.page.locator('iframe[title="Redeem your coupon"]').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(500);

      // The partner on the list still gets the page.
      const allowed = await newPage();
      await allowed.page.goto(`${partner.origin}/iframe.html`);
      const ok = await widgetFrame(allowed.page);
      await expect.poll(() => ok.getByRole('heading', { level: 1 }).textContent()).toBe('Activate your VPN account');
    } finally {
      await seller.updateRedeemEmbed({ allowed_origins: [] });
      await brainrocket.updateRedeemEmbed({ allowed_origins: [] });
    }
  });
});
