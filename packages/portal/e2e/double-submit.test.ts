/**
 * One effect per intent, in Chromium against the real server: every form that creates, spends or
 * changes security is double-clicked, and pressed Enter in twice, and the database then holds one
 * effect for each: one VPN account, one charge and one mail (at 1280×800 and 390×844), one lot of
 * coupons, one webhook endpoint with the secret shown, one two-factor enrolment whose codes are the
 * ones shown and a card that says On at once, one coupon mail, one payment, one credit and one
 * invoice of an admin, an admin's Verify user and Deactivate sent once with one audit line each, a
 * session's Sign out and Sign out everywhere else sent once, one enquiry, one password change, one
 * account registered. The browser is
 * watched too: the form's call goes out once, carrying an Idempotency-Key.
 *
 * Then every submit button of the portal's route table (`routing/paths.ts`, as careless.test.ts and
 * walk.test.ts take it) is double-clicked and pressed Enter at twice as it stands: no call goes out
 * twice but under one Idempotency-Key.
 */
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createClient } from '@partner-panel/sdk';
import { hashToken } from '../../server/src/modules/auth/secrets.js';
import { injectFetch } from '../../server/test/support/app.js';
import { paths } from '../src/routing/paths.js';
import { DESKTOP, MOBILE, expectNoProblems, newTab, signIn, type Tab } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const PASSWORD = 'DemoPass2026!';
const YEAR = String(new Date().getUTCFullYear() + 2);

async function rows<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.app.ctx.db.execute(text)) as unknown as { rows: T[] }).rows;
}
const count = async (text: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(text))[0]?.n);
const idOf = async (email: string) => Number((await rows<{ id: number }>(sql`select id from resellers where lower(email) = lower(${email})`))[0]?.id);
const ledgerRows = (resellerId: number) => count(sql`select count(*)::int as n from wallet_ledger where reseller_id = ${resellerId}`);
const mailsTo = (to: string) => count(sql`select count(*)::int as n from mail_outbox where lower(to_address) = lower(${to})`);

/** A reseller of our own, registered through the API and verified, for what changes its security. */
async function freshReseller(email: string) {
  const password = 'Fresh!Password12';
  await createClient({ fetch: injectFetch(server.app), log: () => undefined }).register({ email, name: 'Fresh Reseller', password, password_confirmation: password });
  await server.app.ctx.db.execute(sql`update resellers set verified_at = now() where lower(email) = lower(${email})`);
  // Signing in is the person's: its Owner's address is verified too.
  await server.app.ctx.db.execute(sql`update people set verified_at = now() where lower(email) = lower(${email})`);
  return { email, password };
}

interface Sent {
  path: string;
  key: string | undefined;
  answered: Promise<unknown>;
}

/** The API calls a page sends other than reads, from now on, each with its Idempotency-Key. */
function watchCalls(page: Page) {
  const sent: Sent[] = [];
  const listen = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' || !url.pathname.startsWith('/api/') || url.pathname === '/api/csrf') return;
    sent.push({ path: url.pathname, key: request.headers()['idempotency-key'], answered: request.response().catch(() => null) });
  };
  page.on('request', listen);
  return {
    stop: () => page.off('request', listen),
    /** Waits for every call sent to be answered, then answers how many went to `path`, and their keys. */
    async to(path: string) {
      await Promise.all(sent.map((s) => s.answered));
      const mine = sent.filter((s) => s.path === path);
      return { times: mine.length, keys: [...new Set(mine.map((s) => s.key))] };
    },
    /** Every path called more than once, other than under one Idempotency-Key. */
    async repeated() {
      await Promise.all(sent.map((s) => s.answered));
      const byPath = new Map<string, Sent[]>();
      for (const s of sent) byPath.set(s.path, [...(byPath.get(s.path) ?? []), s]);
      return [...byPath].filter(([, all]) => all.length > 1 && (new Set(all.map((s) => s.key)).size > 1 || all.some((s) => !s.key))).map(([path, all]) => `${path} ×${all.length}`);
    },
    clear: () => sent.splice(0),
  };
}

/** The form's call went out once, with an Idempotency-Key. */
async function expectSentOnce(calls: ReturnType<typeof watchCalls>, path: string, keyed = true) {
  const { times, keys } = await calls.to(path);
  expect(times, `${path}: sent once`).toBe(1);
  if (keyed) expect(keys[0], `${path}: carries an Idempotency-Key`).toMatch(/^[\x21-\x7e]{8,255}$/);
  calls.clear();
}

type Way = 'double-click' | 'Enter twice';
const WAYS: Way[] = ['double-click', 'Enter twice'];

/** A careless submission: the button double-clicked, or Enter pressed twice in `field`. */
async function submitTwice(page: Page, way: Way, button: Locator, field: Locator) {
  if (way === 'double-click') await button.dblclick();
  else {
    await field.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
  }
}

async function signedIn(email: string, viewport = DESKTOP, password = PASSWORD): Promise<Tab> {
  const tab = await newTab(server.url, viewport);
  await signIn(tab.page, email, password);
  return tab;
}

describe('one effect per intent', () => {
  for (const [size, viewport] of [['1280×800', DESKTOP], ['390×844', MOBILE]] as const) {
    it(`Create VPN Account at ${size}: one account, one charge, one mail each way`, async () => {
      const tab = await signedIn('reseller@demo.partner-panel.test', viewport);
      const { page } = tab;
      const reseller = await idOf('reseller@demo.partner-panel.test');
      await page.goto('/demo-reseller/vpn/subscriptions');
      await page.getByRole('heading', { name: 'Create new VPN Account' }).waitFor();
      const calls = watchCalls(page);
      for (const way of WAYS) {
        const email = `vpn-${size.replace('×', 'x')}-${way.replace(' ', '-')}@example.com`;
        const before = await ledgerRows(reseller);
        await page.getByLabel("End user's email").fill(email);
        await submitTwice(page, way, page.getByRole('button', { name: 'Create VPN Account' }), page.getByLabel("End user's email"));
        await page.getByTestId('vpn-created').getByText(email).waitFor();
        await expectSentOnce(calls, '/api/v1/resellers/vpn/create');
        expect(await count(sql`select count(*)::int as n from vpn_accounts where email = ${email}`), `${way}: one account`).toBe(1);
        expect(await ledgerRows(reseller), `${way}: one charge`).toBe(before + 1);
        expect(await mailsTo(email), `${way}: one "your VPN account is ready" mail`).toBe(1);
      }
      expectNoProblems(tab);
    });
  }

  it('Generate coupons: one lot, one charge each way', async () => {
    const tab = await signedIn('reseller@demo.partner-panel.test');
    const { page } = tab;
    const reseller = await idOf('reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/coupons/generate');
    const calls = watchCalls(page);
    for (const [way, prefix] of [['double-click', 'DBLCLK'], ['Enter twice', 'ENTERX']] as const) {
      const before = await ledgerRows(reseller);
      await page.getByLabel('Quantity').fill('2');
      await page.getByLabel('Code prefix').fill(prefix);
      await submitTwice(page, way, page.getByRole('button', { name: 'Generate', exact: true }), page.getByLabel('Code prefix'));
      await expect.poll(() => page.getByTestId('generated-codes').locator('li').allTextContents()).toEqual([expect.stringMatching(`^${prefix}`), expect.stringMatching(`^${prefix}`)]);
      await expectSentOnce(calls, '/api/v1/coupons/create');
      expect(await count(sql`select count(*)::int as n from coupons where reseller_id = ${reseller} and code like ${`${prefix}%`}`), `${way}: one lot`).toBe(2);
      expect(await ledgerRows(reseller), `${way}: one charge`).toBe(before + 1);
    }
    expectNoProblems(tab);
  });

  it('Add endpoint: one webhook endpoint each way, and its signing secret shown', async () => {
    const tab = await signedIn('reseller@demo.partner-panel.test');
    const { page } = tab;
    const reseller = await idOf('reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/integration/webhooks');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    const calls = watchCalls(page);
    for (const way of WAYS) {
      const url = `https://hooks.example.com/${way.replace(' ', '-')}`;
      await page.getByLabel('Endpoint URL').fill(url);
      await submitTwice(page, way, page.getByRole('button', { name: 'Add endpoint' }), page.getByLabel('Endpoint URL'));
      const secret = page.getByTestId('webhook-secret');
      await expect.poll(async () => (await secret.textContent())?.trim()).toMatch(/^whsec_/);
      await expectSentOnce(calls, '/api/webhook-endpoints/create');
      expect(await count(sql`select count(*)::int as n from webhook_endpoints where reseller_id = ${reseller} and url = ${url}`), `${way}: one endpoint`).toBe(1);
      await page.getByRole('button', { name: 'Done' }).click();
      await secret.waitFor({ state: 'detached' });
    }
    expectNoProblems(tab);
  });

  it('two-factor Turn on: one enrolment with the codes shown, and the card says On at once, each way', async () => {
    for (const way of WAYS) {
      const who = await freshReseller(`two-factor-${way.replace(' ', '-')}@example.com`);
      const id = await idOf(who.email);
      const tab = await signedIn(who.email, DESKTOP, who.password);
      const { page } = tab;
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await page.getByTestId('two-factor-state').getByText(/^Off/).waitFor();
      const calls = watchCalls(page);
      await page.getByRole('button', { name: 'Turn on' }).click();
      const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
      await dialog.getByLabel('Your password').fill(who.password);
      await submitTwice(page, way, dialog.getByRole('button', { name: 'Next' }), dialog.getByLabel('Your password'));
      const secret = ((await dialog.getByTestId('totp-secret').textContent()) as string).trim();
      await expectSentOnce(calls, '/api/v1/profile/two-factor/setup');
      await dialog.getByLabel('6-digit code').fill(await generate({ secret }));
      await submitTwice(page, way, dialog.getByRole('button', { name: 'Turn on' }), dialog.getByLabel('6-digit code'));
      const list = dialog.getByTestId('recovery-codes').locator('li');
      await expect.poll(() => list.count()).toBe(10);
      await expectSentOnce(calls, '/api/v1/profile/two-factor/enable');
      // The card beneath says On before the dialog is closed.
      await page.getByTestId('two-factor-state').getByText(/^On/).waitFor();
      const shown = (await list.allTextContents()).map((c) => hashToken(c.trim().toUpperCase().replace(/[\s-]+/g, '')));
      const held = (await rows<{ code_hash: string }>(sql`select code_hash from recovery_codes where person_id = (select person_id from memberships where reseller_id = ${id} and role = 'owner') and used_at is null`)).map((r) => r.code_hash);
      expect(held.sort(), `${way}: the codes shown are the account's`).toEqual(shown.sort());
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.getByText('10 unused recovery codes left.').waitFor();
      expectNoProblems(tab);
    }
  });

  it('Email Coupon: one mail each way', async () => {
    const tab = await signedIn('reseller@demo.partner-panel.test');
    const { page } = tab;
    await page.goto('/demo-reseller/coupons/list');
    const row = page.locator('tbody tr').filter({ has: page.getByRole('button', { name: 'Email Coupon' }) }).first();
    const calls = watchCalls(page);
    for (const way of WAYS) {
      const to = `buyer-${way.replace(' ', '-')}@example.com`;
      await row.getByRole('button', { name: 'Email Coupon' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email address').fill(to);
      await submitTwice(page, way, dialog.getByRole('button', { name: 'Send' }), dialog.getByLabel('Email address'));
      await dialog.waitFor({ state: 'detached' });
      await expectSentOnce(calls, '/api/v1/resellers/coupon/send');
      expect(await mailsTo(to), `${way}: one mail`).toBe(1);
    }
    expectNoProblems(tab);
  });

  it('Add funds by card: one payment and one invoice each way', async () => {
    for (const way of WAYS) {
      const tab = await signedIn('reseller@demo.partner-panel.test');
      const { page } = tab;
      const reseller = await idOf('reseller@demo.partner-panel.test');
      const payments = () => count(sql`select count(*)::int as n from payments where reseller_id = ${reseller}`);
      const invoices = () => count(sql`select count(*)::int as n from invoices where reseller_id = ${reseller}`);
      const [paid, billed, moved] = [await payments(), await invoices(), await ledgerRows(reseller)];
      await page.goto('/demo-reseller/billing/pay');
      const form = page.getByTestId('payment-form');
      await form.getByLabel('Amount (USD)').fill('2000');
      await form.getByLabel('Card number').fill('4242 4242 4242 4242');
      await form.getByLabel('Expiry month').fill('12');
      await form.getByLabel('Expiry year').fill(YEAR);
      await form.getByLabel('CVC').fill('123');
      const calls = watchCalls(page);
      await submitTwice(page, way, form.getByRole('button', { name: 'Pay by card' }), form.getByLabel('CVC'));
      await page.getByText(/^Your payment is confirmed\./).waitFor();
      await expectSentOnce(calls, '/api/v1/payments/testgateway');
      expect([await payments(), await invoices(), await ledgerRows(reseller)], `${way}: one payment, one invoice, one deposit`).toEqual([paid + 1, billed + 1, moved + 1]);
      expectNoProblems(tab);
    }
  });

  it("an admin's Credit/Debit and Send Invoice: one ledger row and one invoice each way", async () => {
    const tab = await signedIn('admin@demo.partner-panel.test');
    const { page } = tab;
    const sub = await idOf('sub1@demo.partner-panel.test');
    await page.goto(paths('/demo-admin').userEdit(sub));
    const calls = watchCalls(page);
    for (const way of WAYS) {
      const moved = await ledgerRows(sub);
      await page.getByRole('button', { name: 'Credit or debit wallet' }).click();
      const adjust = page.getByRole('dialog');
      await adjust.getByLabel('Amount (USD)').fill('7');
      await adjust.getByLabel('Reason').fill(`Goodwill, ${way}`);
      await submitTwice(page, way, adjust.getByRole('button', { name: 'Apply' }), adjust.getByLabel('Amount (USD)'));
      await adjust.waitFor({ state: 'detached' });
      await expectSentOnce(calls, '/api/v1/resellers/update/user/balance');
      expect(await ledgerRows(sub), `${way}: one credit`).toBe(moved + 1);

      const billed = await count(sql`select count(*)::int as n from invoices where reseller_id = ${sub}`);
      await page.getByRole('button', { name: 'Send Invoice' }).click();
      const invoice = page.getByRole('dialog', { name: 'Send Invoice' });
      await invoice.getByLabel('Amount (USD)').fill('150');
      await submitTwice(page, way, invoice.getByRole('button', { name: 'Send invoice' }), invoice.getByLabel('Amount (USD)'));
      await invoice.waitFor({ state: 'detached' });
      await expectSentOnce(calls, '/api/v1/resellers/create/invoice');
      expect(await count(sql`select count(*)::int as n from invoices where reseller_id = ${sub}`), `${way}: one invoice`).toBe(billed + 1);
    }
    expectNoProblems(tab);
  });

  it("an admin's Verify user and Deactivate of a user: each call sent once, one audit line each", async () => {
    const tab = await signedIn('admin@demo.partner-panel.test');
    const { page } = tab;
    const sub = await idOf('sub2@demo.partner-panel.test');
    const audited = (action: string) => count(sql`select count(*)::int as n from audit_log where subject_id = ${sub} and action = ${action}`);
    await page.goto(paths('/demo-admin').userEdit(sub));
    const calls = watchCalls(page);
    await page.getByRole('button', { name: 'Verify user' }).dblclick();
    await page.getByTestId('user-verified').getByText('Verified').waitFor();
    await expectSentOnce(calls, '/api/v1/resellers/verify/user');
    expect(await audited('user.verified')).toBe(1);

    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).dblclick();
    await page.getByTestId('user-status').getByText('Inactive').waitFor();
    await expectSentOnce(calls, '/api/v1/resellers/update/user');
    expect(await audited('user.status_updated')).toBe(1);
    expectNoProblems(tab);
  });

  it("a session's Sign out and Sign out everywhere else: each call sent once", async () => {
    const who = await freshReseller('sessions-twice@example.com');
    const elsewhere = await signedIn(who.email, DESKTOP, who.password);
    await signedIn(who.email, DESKTOP, who.password);
    const tab = await signedIn(who.email, DESKTOP, who.password);
    const { page } = tab;
    const id = await idOf(who.email);
    const live = () => count(sql`select count(*)::int as n from access_tokens where reseller_id = ${id} and kind = 'session' and revoked_at is null`);
    expect(await live()).toBe(3);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const calls = watchCalls(page);
    await page.getByRole('button', { name: /^Sign out the session on / }).first().dblclick();
    await expect.poll(live).toBe(2);
    await expectSentOnce(calls, '/api/v1/profile/sessions/end');
    await page.getByRole('button', { name: 'Sign out everywhere else' }).dblclick();
    await expect.poll(live).toBe(1);
    await expectSentOnce(calls, '/api/v1/profile/sessions/end-others');
    await elsewhere.page.close();
    expectNoProblems(tab);
  });

  it('the white-label enquiry: one enquiry each way', async () => {
    const tab = await signedIn('reseller@demo.partner-panel.test');
    const { page } = tab;
    const reseller = await idOf('reseller@demo.partner-panel.test');
    const calls = watchCalls(page);
    for (const way of WAYS) {
      const before = await count(sql`select count(*)::int as n from white_label_enquiries where reseller_id = ${reseller}`);
      await page.getByTestId('white-label-promo').getByRole('button', { name: 'Ask about white label' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Brand name').fill(`Once VPN ${way}`);
      await dialog.getByLabel('Expected users').fill('250');
      await dialog.getByLabel('Message').fill('One enquiry, please.');
      await submitTwice(page, way, dialog.getByRole('button', { name: 'Send enquiry' }), dialog.getByLabel('Brand name'));
      await dialog.waitFor({ state: 'detached' });
      await expectSentOnce(calls, '/api/v1/white-label/enquiry');
      expect(await count(sql`select count(*)::int as n from white_label_enquiries where reseller_id = ${reseller}`), `${way}: one enquiry`).toBe(before + 1);
    }
    expectNoProblems(tab);
  });

  it('Change password: one change and one mail each way', async () => {
    for (const way of WAYS) {
      const who = await freshReseller(`password-${way.replace(' ', '-')}@example.com`);
      const tab = await signedIn(who.email, DESKTOP, who.password);
      const { page } = tab;
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await page.getByRole('button', { name: 'Change Password' }).click();
      const dialog = page.getByRole('dialog');
      const changed = 'Changed!Password34';
      await dialog.getByLabel('Old Password').fill(who.password);
      await dialog.getByLabel('New Password').fill(changed);
      await dialog.getByLabel('Confirm Password').fill(changed);
      const mailsBefore = await mailsTo(who.email);
      const calls = watchCalls(page);
      await submitTwice(page, way, dialog.getByRole('button', { name: 'Change password' }), dialog.getByLabel('Confirm Password'));
      await page.waitForURL(/\/login$/);
      await expectSentOnce(calls, '/api/password/change');
      expect(await mailsTo(who.email), `${way}: one "password changed" mail`).toBe(mailsBefore + 1);
      expectNoProblems(tab);
    }
  });

  it('Register: one account and one verification mail each way', async () => {
    for (const way of WAYS) {
      const email = `register-${way.replace(' ', '-')}@example.com`;
      const tab = await newTab(server.url);
      const { page } = tab;
      await page.goto('/register');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Full Name').fill('Careless Person');
      await page.getByLabel('Password', { exact: true }).fill('Careless!Password1');
      await page.getByLabel('Confirm Password').fill('Careless!Password1');
      const calls = watchCalls(page);
      await submitTwice(page, way, page.getByRole('button', { name: 'Sign up' }), page.getByLabel('Confirm Password'));
      await page.getByRole('status').getByText(email).waitFor();
      // Register is public: a session-less call takes no Idempotency-Key; it is sent once.
      await expectSentOnce(calls, '/api/register', false);
      expect(await count(sql`select count(*)::int as n from resellers where lower(email) = lower(${email})`), `${way}: one account`).toBe(1);
      expect(await mailsTo(email), `${way}: one verification mail`).toBe(1);
      expectNoProblems(tab);
    }
  });

  it('every submit button of the route table, double-clicked and pressed Enter at twice, sends its call once', async () => {
    const tab = await signedIn('admin@demo.partner-panel.test');
    const { page } = tab;
    const routes = paths('/demo-admin');
    const pages = Object.entries(routes).flatMap(([key, value]) => (typeof value === 'string' && key !== 'base' ? [value] : []));
    pages.push(routes.userEdit(await idOf('sub1@demo.partner-panel.test')));
    const repeats: string[] = [];
    let pressed = 0;
    for (const path of pages) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      for (let f = 0; f < (await page.locator('form:visible').count()); f++) {
        for (const way of WAYS) {
          const form = page.locator('form:visible').nth(f);
          const button = form.locator('button[type=submit]:visible:enabled').first();
          if (!(await button.count())) continue;
          const field = form.locator('input:is([type=text],[type=email],[type=number],[type=tel],:not([type])):visible:not([readonly]):not([disabled])').first();
          if (way === 'Enter twice' && !(await field.count())) continue;
          const calls = watchCalls(page);
          await submitTwice(page, way, button, field);
          // The button is busy from the press to the answer: done once it is enabled again, or gone.
          await expect.poll(async () => (await button.count()) === 0 || (await button.isEnabled())).toBe(true);
          for (const repeat of await calls.repeated()) repeats.push(`${path} form ${f} (${way}): ${repeat}`);
          calls.stop();
          pressed++;
        }
      }
    }
    expect(repeats).toEqual([]);
    // The generate page, the VPN forms, the payment form, the profile's and the user's forms at least.
    expect(pressed).toBeGreaterThan(12);
    expectNoProblems(tab);
  });
});
