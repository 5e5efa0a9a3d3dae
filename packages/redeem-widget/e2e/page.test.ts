/**
 * The redeem page in Chromium (002 §2, §4, §5): every field and message, the show toggle, the
 * dedicated-IP step, the success dialog then a reload, the error dialog, the coupon of an e-mail
 * link filled in, the partner variant, its languages (the URL's, else the browser's; Arabic right
 * to left), and axe at both sizes.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REDEEM_EMBED } from '@partner-panel/sdk/redeem';
import type { Strings } from '../src/i18n/en.js';
import { capture, couponsOf, expectAccessible, MOBILE, newPage, signedIn, startServer } from './support.js';

const server = await startServer({ REDEEM_APPS_URL: 'https://apps.example.com/download' });
const seller = await signedIn(server.url, 'reseller@demo.partner-panel.test');
const partner = await signedIn(server.url, 'partner@demo.partner-panel.test');
const PASSWORD = 'Redeem!Pass2026';
const words = (lang: string) => JSON.parse(readFileSync(new URL(`../src/i18n/${lang}.json`, import.meta.url), 'utf8')) as Strings;
/** How far the page scrolls sideways (0: it fits the window's width). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function fill(page: Page, values: { name?: string; email?: string; password?: string; confirm?: string; coupon?: string; terms?: boolean }) {
  if (values.name !== undefined) await page.getByLabel('Full name').fill(values.name);
  if (values.email !== undefined) await page.getByLabel('Email address').fill(values.email);
  if (values.password !== undefined) await page.getByLabel('Password', { exact: true }).fill(values.password);
  if (values.confirm !== undefined) await page.getByLabel('Confirm password').fill(values.confirm);
  if (values.coupon !== undefined) await page.getByLabel('Coupon code').fill(values.coupon);
  if (values.terms) await page.getByLabel(/I agree to the/).check();
}

describe('the redeem page', () => {
  it('says every message of 002 §5 before it sends anything, and focuses the first field to mend', async () => {
    const { page, problems } = await newPage();
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && sent.push(r.url()));
    await page.goto(`${server.origin}/redeem`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Activate your VPN account');
    await page.getByRole('button', { name: 'Activate Account' }).click();
    for (const message of ['Name is Required!', 'Email is Required!', 'Password is Required!', 'Coupon is Required!', 'Please check Privacy Policy & Terms of Usage']) {
      await expect.poll(() => page.getByText(message, { exact: true }).isVisible(), { message }).toBe(true);
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('name');
    await expect.poll(() => page.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'errors, desktop');
    await capture(page, 'redeem-errors');

    await fill(page, { name: 'Ada', email: 'not-an-address', password: 'abc', confirm: 'abd' });
    await page.getByRole('button', { name: 'Activate Account' }).click();
    await expect.poll(() => page.getByText('Please enter a valid email address').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Password must contain minimum 12 characters with atleast 1 number, 1 lowercase, 1 uppercase & 1 special character: !@#$%&^_+{}.,').isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Passwords don't match!").isVisible()).toBe(true);
    expect(await page.getByText('Name is Required!').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('email');

    // The show toggle shows both passwords.
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    await page.getByLabel('Show passwords').check();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    expect(await page.getByLabel('Confirm password').getAttribute('type')).toBe('text');
    expect(sent).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('redeems: the success dialog, then the page again, empty; the account exists', async () => {
    const [code] = await couponsOf(seller);
    const { page, problems } = await newPage();
    await page.goto(`${server.origin}/redeem`);
    await fill(page, { name: 'Grace Hopper', email: 'grace@example.com', password: PASSWORD, confirm: PASSWORD, coupon: code?.toLowerCase(), terms: true });
    await page.getByRole('button', { name: 'Activate Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your VPN account is ready' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('We sent the login details to grace@example.com.');
    const username = await dialog.locator('strong').textContent();
    expect(username).toMatch(/^vpn[0-9a-z]{10}$/);
    // What next (ours): sign in with the username, and the apps from the page the settings name.
    expect(await dialog.textContent()).toContain('Sign in to the VPN app with this username and the password you chose.');
    expect(await dialog.getByRole('link', { name: 'Download the VPN apps for your devices' }).getAttribute('href')).toBe('https://apps.example.com/download');
    await expectAccessible(page, 'success dialog');
    await capture(page, 'redeem-success');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('');
    expect((await seller.searchVpnAccounts({ search: 'coupon', value: code as string })).account_details[0]).toMatchObject({ vpn_username: username, email: 'grace@example.com' });
    expect(problems).toEqual([]);
  });

  it('asks for a dedicated IP location, says it is required, then redeems with it', async () => {
    const [code] = await couponsOf(seller, { dedicatedIp: true });
    const { page } = await newPage(MOBILE);
    await page.goto(`${server.origin}/redeem`);
    await fill(page, { name: 'Alan Turing', email: 'alan@example.com', password: PASSWORD, confirm: PASSWORD, coupon: code, terms: true });
    await page.getByRole('button', { name: 'Activate Account' }).click();
    const select = page.getByLabel('Dedicated IP location');
    await expect.poll(() => select.isVisible()).toBe(true);
    expect(await page.getByText('This coupon includes a dedicated IP. Please select its location.').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('addon_id');
    await page.getByRole('button', { name: 'Activate Account' }).click();
    await expect.poll(() => page.getByText('Please select Dedicated IP', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, 'dedicated IP, phone');
    await capture(page, 'redeem-dedicated-ip');
    await select.selectOption({ label: 'Germany — Frankfurt' });
    await page.getByRole('button', { name: 'Activate Account' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Your VPN account is ready' }).isVisible()).toBe(true);
    const [account] = (await seller.searchVpnAccounts({ search: 'coupon', value: code as string })).account_details;
    expect(account?.addons).toEqual(['Dedicated + Portforwarding (Free)']);
  });

  it('shows the error dialog with the message for a code that cannot be redeemed', async () => {
    const { page } = await newPage();
    await page.goto(`${server.origin}/redeem`);
    await fill(page, { name: 'Eve', email: 'eve@example.com', password: PASSWORD, confirm: PASSWORD, coupon: 'E2ENOSUCHCODE123', terms: true });
    await page.getByRole('button', { name: 'Activate Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your coupon was not redeemed' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('This coupon cannot be redeemed. Check the code, or ask the seller who gave it to you.');
    await expectAccessible(page, 'error dialog');
    await capture(page, 'redeem-failure');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // The form keeps what was typed, so the code can be corrected.
    expect(await page.getByLabel('Coupon code').inputValue()).toBe('E2ENOSUCHCODE123');
  });

  it("opens a coupon e-mail's link with the code filled in", async () => {
    const [code] = await couponsOf(seller);
    const [coupon] = (await seller.listCoupons({ code: code as string })).data;
    await seller.sendCoupon({ coupon_id: coupon?.Coupon_ID as number, email: 'linked@example.com' });
    const mails = (await (await fetch(`${server.url}/dev/mail?format=json&to=linked@example.com`)).json()) as { mails: { links: string[] }[] };
    const link = new URL(mails.mails[0]?.links[0] as string);
    expect(link.pathname + link.search).toBe(`/redeem?coupon=${code}`);
    const { page } = await newPage();
    await page.goto(`${server.origin}${link.pathname}${link.search}`);
    await expect.poll(() => page.getByLabel('Coupon code').inputValue()).toBe(code);
  });

  it('is the partner page at /redeem/brainrocket, and redeems only 903’s coupons there', async () => {
    const [code] = await couponsOf(partner, { partner: true });
    const { page } = await newPage();
    await page.goto(`${server.origin}/redeem/brainrocket?coupon=${code}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Activate your BrainRocket VPN');
    expect(await page.title()).toBe('Activate your BrainRocket VPN');
    await expectAccessible(page, 'partner page');
    await capture(page, 'redeem-partner');
    await fill(page, { name: 'Fan', email: 'fan@example.com', password: PASSWORD, confirm: PASSWORD, terms: true });
    await page.getByRole('button', { name: 'Activate Account' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Your VPN account is ready' }).isVisible()).toBe(true);
    expect((await partner.searchVpnAccounts({ search: 'coupon', value: code as string })).account_details).toHaveLength(1);
  });

  it('speaks the language an embed asks for, in the dark, and passes axe there too', async () => {
    const { page, problems } = await newPage(MOBILE);
    await page.goto(`${server.origin}/redeem?lang=de&theme=dark&accent=%23ff9800`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('VPN-Konto aktivieren');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['de', 'dark']);
    await page.getByRole('button', { name: 'Konto aktivieren' }).click();
    await expect.poll(() => page.getByText('Der Name ist erforderlich!').isVisible()).toBe(true);
    await expectAccessible(page, 'German, dark, phone');
    await capture(page, 'redeem-dark-de');
    expect(problems).toEqual([]);
  });

  it("speaks the visitor's browser language when the URL names none, and the URL's when it does", async () => {
    const russian = await newPage(undefined, { locale: 'ru-RU' });
    await russian.page.goto(`${server.origin}/redeem`);
    await expect.poll(() => russian.page.getByRole('heading', { level: 1 }).textContent()).toBe('Активируйте учётную запись VPN');
    expect(await russian.page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, document.title])).toEqual(['ru', 'ltr', 'Активируйте учётную запись VPN']);
    await russian.page.getByRole('button', { name: 'Активировать учётную запись' }).click();
    await expect.poll(() => russian.page.getByText('Необходимо указать имя!').isVisible()).toBe(true);
    expect(russian.problems).toEqual([]);

    const french = await newPage(undefined, { locale: 'fr-FR' });
    await french.page.goto(`${server.origin}/redeem?lang=de`);
    await expect.poll(() => french.page.getByRole('heading', { level: 1 }).textContent()).toBe('VPN-Konto aktivieren');
    expect(await french.page.evaluate(() => document.documentElement.lang)).toBe('de');
    await french.page.goto(`${server.origin}/redeem`);
    await expect.poll(() => french.page.getByRole('heading', { level: 1 }).textContent()).toBe('Activez votre compte VPN');
    // A language we do not speak is English.
    const japanese = await newPage(undefined, { locale: 'ja-JP' });
    await japanese.page.goto(`${server.origin}/redeem`);
    await expect.poll(() => japanese.page.getByRole('heading', { level: 1 }).textContent()).toBe('Activate your VPN account');
    expect(await japanese.page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('sets the root’s lang (and dir) to every language it speaks, pt-BR with its region', async () => {
    const { page, problems } = await newPage();
    for (const lang of REDEEM_EMBED.languages) {
      await page.goto(`${server.origin}/redeem?lang=${lang}`);
      const title = lang === 'en' ? 'Activate your VPN account' : words(lang).title;
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { message: lang }).toBe(title);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), lang).toEqual([lang, lang === 'ar' ? 'rtl' : 'ltr']);
    }
    expect(problems).toEqual([]);
  });

  it('is right to left in Arabic: mirrored, no sideways scroll on a phone, and passes axe', async () => {
    const ar = words('ar');
    const { page, problems } = await newPage(MOBILE);
    await page.goto(`${server.origin}/redeem?lang=ar`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ar.title);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    // Mirrored: a label's words start at its field's right edge, and the checkbox sits right of its words.
    const edges = await page.evaluate(() => {
      const words = document.createRange();
      words.selectNodeContents(document.querySelector('label[for="name"]') as Element);
      const [text, field] = [words.getBoundingClientRect(), (document.getElementById('name') as Element).getBoundingClientRect()];
      return { right: field.right - text.right, left: text.left - field.left };
    });
    expect(Math.abs(edges.right)).toBeLessThanOrEqual(1);
    expect(edges.left).toBeGreaterThan(100);
    const [checkbox, agreement] = await Promise.all([page.locator('#terms').boundingBox(), page.locator('label[for="terms"]').boundingBox()]);
    expect(checkbox?.x ?? 0).toBeGreaterThan(agreement?.x ?? 0);
    // An address, a password and a code are typed left to right.
    expect(await page.getByLabel(ar.email).getAttribute('dir')).toBe('ltr');
    expect(await page.getByLabel(ar.coupon).getAttribute('dir')).toBe('ltr');

    await page.getByRole('button', { name: ar.activate }).click();
    for (const message of [ar.nameRequired, ar.emailRequired, ar.passwordRequired, ar.couponRequired, ar.termsRequired]) {
      await expect.poll(() => page.getByText(message, { exact: true }).isVisible(), { message }).toBe(true);
    }
    expect(await sideways(page)).toBe(0);
    await expectAccessible(page, 'Arabic, errors, phone');
    await capture(page, 'redeem-ar-errors');

    await page.getByLabel(ar.name).fill('ليلى أحمد');
    await page.getByLabel(ar.email).fill('layla@example.com');
    await page.getByLabel(ar.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(ar.confirm).fill(PASSWORD);
    await page.getByLabel(ar.coupon).fill('E2ENOSUCHCODE123');
    await page.getByLabel(new RegExp(ar.agree)).check();
    await page.getByRole('button', { name: ar.activate }).click();
    const dialog = page.getByRole('dialog', { name: ar.failTitle });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(ar.badCoupon);
    expect(await sideways(page)).toBe(0);
    await expectAccessible(page, 'Arabic, error dialog, phone');
    expect(problems).toEqual([]);
  });

  it('sends a signed-in reseller who opens it directly to the dashboard (000 §2)', async () => {
    const { page } = await newPage();
    await page.goto(`${server.origin}/redeem`);
    await page.evaluate(() => localStorage.setItem('pp.user', btoa('{"id":1000}')));
    await page.goto(`${server.origin}/redeem`);
    await page.waitForURL(/\/dashboard/);
  });
});

describe('what the page weighs', () => {
  /** The page's script and style at most, in English, as transferred (vite.config.ts; docs/performance.md). */
  const PAGE_BYTES = 10_000;
  /** Another language's file at most, as transferred. */
  const LANGUAGE_BYTES = 1_500;

  /**
   * The page's own files a fresh browser receives, bodies as sent (compressed). From 127.0.0.1, as
   * from an https address, Chromium asks for brotli: what a visitor's browser gets.
   */
  async function received(query = '') {
    const { page } = await newPage();
    const files: Promise<{ path: string; type: string; bytes: number; encoding: string }>[] = [];
    page.on('requestfinished', (r) => {
      files.push(
        (async () => ({ path: new URL(r.url()).pathname, type: r.resourceType(), bytes: (await r.sizes()).responseBodySize, encoding: (await r.response())?.headers()['content-encoding'] ?? 'none' }))(),
      );
    });
    await page.goto(`${server.url}/redeem${query}`);
    await page.locator('button[type="submit"]').waitFor();
    await page.waitForLoadState('networkidle');
    return (await Promise.all(files)).filter((f) => f.path.startsWith('/redeem/assets/'));
  }
  const total = (files: { bytes: number }[]) => files.reduce((sum, f) => sum + f.bytes, 0);

  it('is at most 10 kB in English, and one small file more in each other language', async () => {
    const english = await received();
    expect(english.map((f) => f.type).sort()).toEqual(['script', 'stylesheet']);
    expect(english.map((f) => f.encoding)).toEqual(['br', 'br']);
    expect(total(english), JSON.stringify(english)).toBeLessThanOrEqual(PAGE_BYTES);
    for (const lang of REDEEM_EMBED.languages.filter((l) => l !== 'en')) {
      const files = await received(`?lang=${lang}`);
      const extra = files.filter((f) => !english.some((e) => e.path === f.path));
      expect(files.length, lang).toBe(english.length + 1);
      expect(extra.map((f) => f.path), lang).toEqual([expect.stringMatching(new RegExp(`^/redeem/assets/${lang}-[\\w-]+\\.json$`))]);
      expect(extra[0]?.bytes, lang).toBeLessThanOrEqual(LANGUAGE_BYTES);
    }
  });
});

