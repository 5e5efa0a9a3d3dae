/**
 * The portal in another language, in Chromium (issue 36): a German browser and a person who picks
 * Arabic on the sign-in page each sign in, generate coupons, filter the coupon list, open Add Funds
 * and the dashboard — every word from their catalogue, money and dates in their conventions, axe
 * clean; Arabic is written right to left, and a phone never scrolls sideways. The user menu's
 * language is saved on the person, and their own language wins over the browser's next time.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CYCLES, type Locale } from '@partner-panel/sdk';
import { accessibilityViolations, capture, expectNoProblems, goTo, MOBILE, newTab, painted, signInAsIs, trackRequests } from './support/browser.js';
import { startServer } from './support/server.js';
import { pluralForm } from '../src/i18n/localise.js';
import { merge } from '../src/i18n/assemble.js';

const server = await startServer();

type Tree = { [key: string]: string | Tree };
const cores = import.meta.glob<{ messages: Tree }>('../src/i18n/*/index.ts');
const rests = import.meta.glob<{ messages: Tree }>('../src/i18n/*/rest.ts');
const sentences = import.meta.glob<{ successSentences: Tree; notices: Tree; descriptions: Tree }>('../src/i18n/*/contract.ts');

/** A sentence of `locale`'s catalogue, filled as polyglot fills it (the plural form of `smart_count`). */
async function words(locale: Locale) {
  const part = <T,>(files: Record<string, () => Promise<T>>, file: string) => (files[`../src/i18n/${locale}/${file}`] as () => Promise<T>)();
  const [{ messages: first }, { messages: rest }, { successSentences, notices, descriptions }] = await Promise.all([
    part(cores, 'index.ts'),
    part(rests, 'rest.ts'),
    part(sentences, 'contract.ts'),
  ]);
  // The whole catalogue as the app holds it, and the contract's answers, notifications and descriptions as the localiser shows them.
  const messages = merge(merge(first, rest), { pp: { successes: successSentences, notices, descriptions } });
  return (key: string, values: Record<string, string | number> = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], messages);
    if (typeof found !== 'string') throw new Error(`${locale}: no ${key}`);
    const forms = found.split('||||').map((f) => f.trim());
    const form = typeof values.smart_count === 'number' ? (forms[pluralForm(locale, values.smart_count)] ?? forms[0]) : forms[0];
    return (form as string).replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

const EMAIL = 'reseller@demo.partner-panel.test';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const personLocale = async () =>
  (
    (await server.app.ctx.db.execute(sql`select locale from people where lower(email) = ${EMAIL}`)) as unknown as { rows: { locale: string | null }[] }
  ).rows[0]?.locale;

describe('a German browser', () => {
  it('signs in, generates, filters the coupons, adds funds and reads the dashboard in German, with German money, axe clean', async () => {
    await server.app.ctx.db.execute(sql`update people set locale = null, time_zone = null where lower(email) = ${EMAIL}`);
    const t = await words('de');
    const tab = await newTab(server.url, undefined, { locale: 'de-DE' });
    const { page } = tab;
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: t('pp.login.title') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.getByTestId('public-language').inputValue()).toBe('de');
    expect(await accessibilityViolations(page)).toEqual([]);
    await signInAsIs(page, EMAIL);
    // A person with no language of their own keeps the one they saw: mails follow it.
    await expect.poll(personLocale).toBe('de');
    const requests = trackRequests(page);

    await goTo(page, requests, '/demo-reseller/coupons/generate');
    await page.getByLabel(t('pp.generate.quantity')).fill('2');
    await page.getByLabel(t('pp.generate.prefix')).fill('de-');
    // US dollars written the German way: 90,00 $.
    await expect.poll(() => page.getByTestId('generate-total').textContent()).toBe('90,00\u00a0$');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t('pp.generate.submit'), exact: true }).click();
    // The server's answer (English, with its count) shown in the catalogue's German.
    await page.locator('.MuiSnackbarContent-message').getByText(t('pp.successes.couponsGenerated', { smart_count: 2 })).waitFor();
    await page.getByTestId('generated').getByText(t('pp.generate.ready', { count: 2, amount: '90,00\u00a0$' })).waitFor();

    await goTo(page, requests, '/demo-reseller/coupons/list?filter=%7B%22redeemed%22%3A%22no%22%7D');
    await page.getByRole('heading', { level: 1, name: t('pp.coupons.title') }).waitFor();
    // The filter's own words: the Redeemed filter shows "No" in German.
    await page.getByText(t('pp.coupons.no'), { exact: true }).first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await goTo(page, requests, '/demo-reseller/billing/pay');
    await page.getByRole('heading', { level: 1, name: t('pp.billing.add_funds') }).waitFor();
    await page.getByLabel(t('pp.billing.amount')).first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await goTo(page, requests, '/demo-reseller/dashboard/overview');
    await expect.poll(() => page.getByTestId('tile-coupons-24h-value').textContent()).toMatch(/\d/);
    await capture(page, 'de-dashboard');
    expect(await page.getByTestId('balance-tag').textContent()).toMatch(/\d,\d{2}\s\$/);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The bell: the server wrote "2 coupons generated for $90.00."; the German reader reads it in
    // German, the amount written the German way — in the dropdown and on the Notifications page.
    const generated = t('pp.notices.couponsGenerated', { smart_count: 2, amount: '90,00\u00a0$' });
    await page.getByTestId('bell').click();
    await page.getByTestId('bell-item').getByText(generated, { exact: true }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    // The pointer on the bell and the focus given back to it by Escape keep its tooltip open; a person moves on.
    await page.getByRole('heading', { level: 1 }).hover();
    await page.getByTestId('bell').blur();
    await goTo(page, requests, '/demo-reseller/notifications');
    await page.getByTestId('notification').getByText(generated, { exact: true }).first().waitFor();

    // The Transactions page: the server stored "Coupons: 2 × <the plan's English name>"; the German
    // reader reads it in German, the plan by its German name.
    const [bought] = (
      (await server.app.ctx.db.execute(
        sql`select l.description from wallet_ledger l join resellers r on r.id = l.reseller_id where r.custom_url = 'demo-reseller' and l.kind = 'coupon_purchase' order by l.id desc limit 1`,
      )) as unknown as { rows: { description: string }[] }
    ).rows;
    const plan = Object.entries(CYCLES).find(([, cycle]) => bought?.description === `Coupons: 2 × ${cycle.label}`)?.[0];
    expect(plan, bought?.description).toBeDefined();
    await goTo(page, requests, '/demo-reseller/billing/transactions');
    await page
      .getByTestId('transaction-row')
      .first()
      .getByText(t('pp.descriptions.coupons', { quantity: 2, cycle: t(`pp.cycles.${plan}`) }), { exact: true })
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expectNoProblems(tab);
  });
});

describe('Arabic, chosen on the sign-in page', () => {
  it('is written right to left at 1280 and 390 px, with no sideways scroll on a phone, axe clean', async () => {
    await server.app.ctx.db.execute(sql`update people set locale = null where lower(email) = ${EMAIL}`);
    const t = await words('ar');
    const tab = await newTab(server.url, MOBILE);
    const { page } = tab;
    await page.goto('/login');
    await page.getByTestId('public-language').selectOption('ar');
    await page.getByRole('heading', { level: 1, name: t('pp.login.title') }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // The list keeps the focus the page had before it showed anew in Arabic.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('public-language');
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await signInAsIs(page, EMAIL);
    await expect.poll(personLocale).toBe('ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const requests = trackRequests(page);

    for (const [address, title] of [
      ['/demo-reseller/coupons/generate', 'pp.nav.generate'],
      ['/demo-reseller/coupons/list?filter=%7B%22redeemed%22%3A%22no%22%7D', 'pp.coupons.title'],
      ['/demo-reseller/billing/pay', 'pp.billing.add_funds'],
      ['/demo-reseller/dashboard/overview', 'pp.dashboard.title'],
    ] as const) {
      await goTo(page, requests, address);
      await page.getByRole('heading', { level: 1, name: t(title) }).first().waitFor();
      // Both sizes, axe at each (capture), and the phone's width held.
      await capture(page, `ar-${address.split('?')[0]?.replace(/^\//, '').replace(/[^\w-]+/g, '_')}`);
      await page.setViewportSize(MOBILE);
      await painted(page);
      expect(await noSidewaysScroll(page), address).toBe(true);
    }
    // MUI mirrors itself: the user menu, at the right end of the bar left to right, is at its left.
    const menu = await page.getByTestId('user-menu').boundingBox();
    expect(menu?.x).toBeLessThan(640);
    expectNoProblems(tab);
  });
});

describe("the user menu's language", () => {
  it('shows the portal in the language picked, saves it on the person, and it wins over the browser next time', async () => {
    await server.app.ctx.db.execute(sql`update people set locale = 'en' where lower(email) = ${EMAIL}`);
    const es = await words('es');
    const tab = await newTab(server.url, undefined, { locale: 'fr-FR' });
    const { page } = tab;
    await page.goto('/login');
    // A French browser: the sign-in page is French until the person is known.
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await signInAsIs(page, EMAIL);
    // Their own language (English) wins over the browser's.
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-es').click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    await page.getByRole('heading', { level: 1, name: es('pp.dashboard.title') }).waitFor();
    await expect.poll(personLocale).toBe('es');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: es('pp.dashboard.title') }).waitFor();
    expectNoProblems(tab);
  });
});

describe("the profile's language and time zone", () => {
  it('saves a time zone chosen from the list and a language, shows the page in the language at once, and keeps both after a reload', async () => {
    await server.app.ctx.db.execute(sql`update people set locale = 'en', time_zone = null where lower(email) = ${EMAIL}`);
    const de = await words('de');
    const tab = await newTab(server.url);
    const { page } = tab;
    await page.goto('/login');
    await signInAsIs(page, EMAIL);
    await page.goto('/demo-reseller/profile');
    const zone = page.getByLabel('Time zone');
    await zone.fill('Asia/Tok');
    await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
    await page.getByLabel('Language', { exact: true }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await page.getByRole('button', { name: 'Save language and time zone' }).click();
    // The page shows itself in German at once, and says so in German.
    await page.locator('.MuiSnackbarContent-message').getByText(de('pp.preferences.saved')).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    const saved = (
      (await server.app.ctx.db.execute(sql`select locale, time_zone from people where lower(email) = ${EMAIL}`)) as unknown as { rows: { locale: string; time_zone: string }[] }
    ).rows[0];
    expect(saved).toEqual({ locale: 'de', time_zone: 'Asia/Tokyo' });
    await page.reload();
    await expect.poll(() => page.getByLabel(de('pp.preferences.time_zone')).inputValue()).toBe('Asia/Tokyo');

    await server.app.ctx.db.execute(sql`update people set locale = 'en', time_zone = null where lower(email) = ${EMAIL}`);
    expectNoProblems(tab);
  });
});

describe('a coupon e-mailed by a Spanish-speaking reseller', () => {
  it('arrives in Spanish, and its link opens the redeem page in Spanish in an English browser', async () => {
    await server.app.ctx.db.execute(sql`update people set locale = 'es' where lower(email) = ${EMAIL}`);
    const es = await words('es');
    const redeemEs = JSON.parse(readFileSync(new URL('../../redeem-widget/src/i18n/es.json', import.meta.url), 'utf8')) as { title: string; coupon: string };
    const tab = await newTab(server.url);
    const { page } = tab;
    await page.goto('/login');
    await signInAsIs(page, EMAIL);
    // Their own language wins over this English browser's.
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    const requests = trackRequests(page);
    await goTo(page, requests, '/demo-reseller/coupons/generate');
    await page.getByLabel(es('pp.generate.quantity')).fill('1');
    await page.getByRole('button', { name: es('pp.generate.submit'), exact: true }).click();
    await page.getByTestId('generated').waitFor();
    await goTo(page, requests, '/demo-reseller/coupons/list?filter=%7B%22redeemed%22%3A%22no%22%7D');
    const row = page.getByTestId('coupon-row').first();
    await row.getByRole('button', { name: es('pp.coupons.email_title') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(es('pp.coupons.recipient')).fill('cliente@example.com');
    await dialog.getByRole('button', { name: es('pp.coupons.send') }).click();
    await dialog.waitFor({ state: 'hidden' });

    const { mails } = (await (await fetch(`${server.url}/dev/mail?format=json&to=cliente@example.com`)).json()) as { mails: { subject: string; text: string; html: string }[] };
    const mail = mails[0];
    expect(mail?.html).toContain('lang="es"');
    const link = /https?:\/\/\S+lang=es\S*/.exec(mail?.text ?? '')?.[0];
    expect(link, mail?.text).toBeDefined();
    const customer = await newTab(server.url);
    await customer.page.goto(new URL(link as string).pathname + new URL(link as string).search);
    // The redeem page in Spanish, the coupon filled in.
    await customer.page.getByRole('heading', { level: 1, name: redeemEs.title }).waitFor();
    expect(await customer.page.locator('html').getAttribute('lang')).toBe('es');
    expect(await customer.page.getByLabel(redeemEs.coupon).inputValue()).toMatch(/^[A-Z0-9-]+$/);
    await server.app.ctx.db.execute(sql`update people set locale = 'en' where lower(email) = ${EMAIL}`);
    expectNoProblems(tab);
    expectNoProblems(customer);
  });
});
