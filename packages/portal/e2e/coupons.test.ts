/**
 * Coupons in Chromium: generate → list → filter → export (the downloaded CSV is read) → e-mail →
 * delete with the refund in the balance tag; the pricing modal, a type change, the Add Fund link,
 * reseller 903's variant with a 10 000-coupon lot, and an admin's views of its own user.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, capture, expectNoProblems, expectOnPhoneScreen, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';
import { createAccount } from '../../server/src/modules/vpn/service.js';
import { generateCoupons } from '../../server/src/modules/coupons/generate.js';
import { redeemCoupon } from '../../server/src/modules/redeem/service.js';
import type { SessionReseller } from '../../server/src/context.js';
import { credit } from './support/data.js';

const server = await startServer();

async function readDownload(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(file as string, 'utf8') };
}

/** The date that names an export: the server's day (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

describe('a reseller’s coupons', () => {
  it('generates, lists, filters, exports, e-mails and deletes with a refund', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/coupons/generate');
    await capture(page, 'coupons-generate');

    // The pricing modal, with its two tabs.
    await page.getByRole('button', { name: 'View pricing for products' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Biennially Plan (2 Years)').waitFor();
    // The addons' monthly prices (001 §9).
    expect(await dialog.getByTestId('addon-price-dedicated_ip').textContent()).toBe('Dedicated IP$1.00 per month');
    expect(await dialog.getByTestId('addon-price-port_forwarding').textContent()).toBe('Port Forwarding$0.25 per month');
    expect(await dialog.getByTestId('addon-price-multi_login_20_sessions').textContent()).toBe('Multi Login (20 sessions)$0.50 per month');
    await dialog.getByRole('tab', { name: 'Non-Recursive' }).click();
    await dialog.getByText('Lifetime Plan (5 Years)').waitFor();
    await capture(page, 'coupons-pricing-modal');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Default biennially; a type change reloads the cycles and selects the first.
    expect(await page.getByLabel('Billing cycle').textContent()).toContain('Biennially Plan (2 Years)');
    await page.getByRole('radio', { name: 'Non-Recursive' }).check();
    await expect.poll(() => page.getByLabel('Billing cycle').textContent()).toContain('Lifetime Plan (5 Years)');
    await page.getByRole('radio', { name: 'Recursive', exact: true }).check();
    await expect.poll(() => page.getByLabel('Billing cycle').textContent()).toContain('Monthly Plan (1 Month)');
    await page.getByLabel('Billing cycle').click();
    await page.getByRole('option', { name: /^Biennially Plan/ }).click();

    // Quantity rule, then a lot of 12 with a prefix; the total and the balance tag follow.
    await page.getByLabel('Quantity').fill('61');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByText('Quantity must be between 1 and 60').waitFor();
    await page.getByLabel('Quantity').fill('12');
    await page.getByLabel('Code prefix').fill('shop-');
    expect(await page.getByTestId('generate-total').textContent()).toBe('$540.00');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    // The server's message is the toast (001 §8); the lot's card says what it cost, without repeating it.
    await page.locator('.MuiSnackbarContent-message').getByText('12 coupons generated successfully.').waitFor();
    await page.getByTestId('generated').getByText('Your 12 new coupons — $540.00 was taken from the wallet.').waitFor();
    await page.getByTestId('balance-tag').getByText('$4,460.00').waitFor();
    await capture(page, 'coupons-generated');
    await page.getByLabel('Quantity').fill('3');
    await page.getByLabel('Code prefix').fill('MISC');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByTestId('generated').getByText('Your 3 new coupons — $135.00 was taken from the wallet.').waitFor();

    // The list: page sizes 10/20/30, the filter toggle, clear.
    await page.goto('/demo-reseller/coupons/list');
    const rows = page.getByTestId('coupon-row');
    await expect.poll(() => rows.count()).toBe(10);
    // The range reads 0–0 of 0 until the first page arrives.
    await expect.poll(() => page.getByTestId('list-range').textContent()).toBe('1–10 of 15');
    await page.getByTestId('rows-per-page').locator('..').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['10', '20', '30']);
    await page.getByRole('option', { name: '20' }).click();
    await expect.poll(() => rows.count()).toBe(15);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByTestId('coupon-filters').getByLabel('Coupon Code').fill('shop');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBe(12);
    await capture(page, 'coupons-list-filtered');
    // On a phone each row is a card: its actions stay within reach.
    await expectOnPhoneScreen(page, rows.first().getByRole('button', { name: 'Email Coupon' }));

    // Export: the filtered list, named <date>-coupons.csv, streamed by the server with the same
    // columns and dates as the biggest export (one export path).
    const exported = await readDownload(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(exported.name).toBe(`${today()}-coupons.csv`);
    const lines = exported.text.trim().split('\n');
    expect(lines[0]).toBe('Coupon_ID,Code,Billing Type,Billing Cycle,Redeemed,Generated At,Expires At,Plan,Addon,Redeemed At,Redeemed By');
    expect(lines[1]).toMatch(/^\d+,SHOP-[0-9A-Z]+,Recurring,biennially,no,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z,\d{4}-[^,]+,Biennially Plan \(2 Years\),,,$/);
    expect(lines).toHaveLength(13);
    expect(lines.slice(1).every((l) => l.split(',')[1]?.startsWith('SHOP-'))).toBe(true);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => rows.count()).toBe(15);

    // E-mail a coupon: the address is required.
    // The first cell is the selection's checkbox; the code follows.
    const firstCode = (await rows.first().locator('td').nth(1).textContent()) as string;
    await rows.first().getByRole('button', { name: 'Email Coupon' }).click();
    const email = page.getByRole('dialog');
    await email.getByRole('button', { name: 'Send' }).click();
    await email.getByText('Email address is required').waitFor();
    await email.getByLabel('Email address').fill('buyer@example.com');
    await email.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Coupon sent successfully').waitFor();
    const mails = (await (await fetch(`${server.url}/dev/mail?format=json&to=buyer@example.com`)).json()) as { mails: { text: string }[] };
    expect(mails.mails[0]?.text).toContain(firstCode);

    // Delete: the confirmation texts, the refund in the balance tag; a redeemed one cannot be deleted.
    await rows.first().getByRole('button', { name: 'Delete coupon' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Are you sure?').waitFor();
    await confirm.getByText("You won't be able to revert this!").waitFor();
    await confirm.getByText(/^Coupon [0-9A-Z-]+ will be deleted and its price returned to your wallet\.$/).waitFor();
    await capture(page, 'coupons-delete-confirm');
    await confirm.getByRole('button', { name: 'delete it!' }).click();
    await page.getByText('Coupon deleted successfully').waitFor();
    await page.getByTestId('balance-tag').getByText('$4,370.00').waitFor();
    await expect.poll(() => rows.count()).toBe(14);
    await server.app.ctx.db.execute(sql`update coupons set redeemed_at = now() where code = (select code from coupons where reseller_id = 1000 and deleted_at is null order by created_at desc, id desc limit 1)`);
    await page.reload();
    expect(await rows.first().getByRole('button', { name: 'Delete coupon' }).isDisabled()).toBe(true);
    expect(await rows.first().textContent()).toContain('Yes');
    expectNoProblems(tab);
  });

  it('shows the insufficient-balance message with an Add Fund link', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'sub1@demo.partner-panel.test'); // $500
    await page.goto('/northwind/coupons/generate');
    await page.getByLabel('Quantity').fill('60');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const insufficient = /^Insufficient Balance! your current balance is: \$500\.00 and transaction amount is: \$2,700\.00/;
    const alert = page.getByTestId('spend-failure');
    await alert.getByText(insufficient).waitFor();
    // 001 §8: the header message is also an error toast.
    await page.locator('.MuiSnackbarContent-message').getByText(insufficient).waitFor();
    // Beneath it, the answer's Request-Id to quote to support.
    await page.locator('.MuiSnackbarContent-message').getByText(/Reference for support: req_[\w-]{16}$/).waitFor();
    await capture(page, 'coupons-insufficient');
    await alert.getByRole('link', { name: 'Add Fund' }).click();
    await page.waitForURL(/\/northwind\/billing\/pay$/);
  });

  it('hides the Generate button from a deactivated account', async () => {
    const { page } = await newTab(server.url);
    await server.app.ctx.db.execute(sql`update resellers set status = 2 where id = 1002`);
    await signIn(page, 'sub1@demo.partner-panel.test');
    await page.goto('/northwind/coupons/generate');
    await page.getByTestId('deactivated-banner').waitFor();
    expect(await page.getByRole('button', { name: 'Generate', exact: true }).count()).toBe(0);
    await server.app.ctx.db.execute(sql`update resellers set status = 1 where id = 1002`);
  });
});

describe('reseller 903', () => {
  it('generates 10 000 recurring biennial coupons with progress, and exports them without Coupon_ID', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'partner@demo.partner-panel.test');
    await page.goto('/brainrocket/coupons/generate');
    expect(await page.getByRole('radio', { name: 'Non-Recursive' }).count()).toBe(0);
    expect(await page.getByLabel('Addon').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'View pricing for products' }).count()).toBe(0);
    expect(await page.getByLabel('Billing cycle').inputValue()).toBe('Biennially Plan (2 Years)');
    // Its FAQ speaks of its own plan and limit.
    await page.getByText('Which plan are my coupons?').waitFor();
    expect(await page.getByText('What do the addons add?').count()).toBe(0);
    await page.getByLabel('Quantity').fill('10000');
    // On a real network the answer takes a moment: hold it for one, to see the progress.
    await page.route('**/api/v1/coupons/create', async (route) => {
      await new Promise((r) => setTimeout(r, 1500)); // a slow network, long enough for the capture below: nothing the handler can await marks its end
      await route.continue();
    });
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByTestId('generate-progress').getByText('Generating 10,000 coupons…').waitFor();
    await capture(page, 'coupons-903-progress');
    await page.locator('.MuiSnackbarContent-message').getByText('10000 coupons generated successfully.').waitFor();
    await page.getByTestId('generated').getByText(/^Your 10,000 new coupons/).waitFor();
    // 903 has no wallet: its texts speak of its credit line (ours), here and on the keys page.
    expect(await page.getByTestId('generated').locator('.MuiAlert-message').textContent()).toMatch(/^Your 10,000 new coupons — \$[\d,.]+ was charged to your credit line\.$/);
    expect(await page.getByTestId('generated').textContent()).not.toMatch(/wallet/i);
    await page.goto('/brainrocket/integration/keys');
    await page.getByTestId('live-key').getByText('Creates real VPN accounts, charged to your credit line.', { exact: false }).waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/wallet/i);

    await page.goto('/brainrocket/coupons/list');
    // The range reads 0–0 of 0 until the first page arrives.
    await expect.poll(() => page.getByTestId('list-range').textContent()).toBe('1–10 of 10,000');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(await page.getByTestId('coupon-filters').getByLabel('Billing Type').count()).toBe(0);
    const exported = await readDownload(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(exported.name).toBe(`${today()}-coupons.csv`);
    const lines = exported.text.trim().split('\n');
    expect(lines[0]).toBe('Code,Billing Type,Billing Cycle,Redeemed,Generated At,Expires At,Plan,Addon,Redeemed At,Redeemed By');
    expect(lines).toHaveLength(10_001);

    // The e-mail modal asks 903 for the full name too.
    await page.getByTestId('coupon-row').first().getByRole('button', { name: 'Email Coupon' }).click();
    const email = page.getByRole('dialog');
    await email.getByLabel('Email address').fill('fan@example.com');
    await email.getByRole('button', { name: 'Send' }).click();
    await email.getByText('Full name is required').waitFor();
    await email.getByLabel('Full name').fill('Fan Person');
    await email.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Coupon sent successfully').waitFor();
    expectNoProblems(tab);
  });
});

describe('an admin and its users', () => {
  it('lists its users, generates for one, sees and deletes that user’s coupons', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'admin@demo.partner-panel.test');
    // On a phone, an admin reaches its users from the top navbar.
    await page.setViewportSize(MOBILE);
    await page.getByTestId('mobile-nav').getByText('Users').click();
    await page.waitForURL(/\/demo-admin\/users\/all$/);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('heading', { name: 'Resellers List' }).waitFor();
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(2);
    await page.getByLabel('Email').fill('sub1');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    await capture(page, 'users-list');
    await page.getByTestId('user-row').getByRole('link', { name: 'Open' }).click();
    await page.waitForURL(/\/demo-admin\/user\/edit\/1002$/);

    await page.getByRole('tab', { name: 'Generate Coupons' }).click();
    await page.waitForURL(/\/user\/edit\/1002\/generatecoupon$/);
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.locator('.MuiSnackbarContent-message').getByText('2 coupons generated successfully.').waitFor();

    await page.getByRole('tab', { name: 'Coupons List' }).click();
    await page.getByRole('heading', { name: 'Coupons List' }).waitFor();
    await expect.poll(() => page.getByTestId('coupon-row').count()).toBe(2);
    await capture(page, 'user-coupons');
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you wish to delete this coupon?');
      void d.accept();
    });
    await page.getByTestId('coupon-row').first().getByRole('button', { name: 'Delete coupon' }).click();
    await page.getByText('Coupon deleted successfully').waitFor();
    await expect.poll(() => page.getByTestId('coupon-row').count()).toBe(1);

    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    await page.getByRole('heading', { name: 'Admins VPN List' }).waitFor();
    await page.getByTestId('no-records').getByText('No Records Found!').waitFor();
    // 001 §2.5, the same layout as the coupon list: filters behind a toggle, and Export CSV.
    await createAccount(server.app.ctx, { id: 1002, isAdmin: false, name: 'Northwind', status: 1 }, {
      billing_cycle: 'monthly',
      product_id: 101,
      billing_type: 1,
      email: 'northwind-customer@example.com',
      addon_id: null,
    });
    await page.reload();
    const vpnRows = page.getByTestId('vpn-row');
    await expect.poll(() => vpnRows.count()).toBe(1);
    await capture(page, 'user-vpn');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByTestId('coupon-filters').getByLabel('Search').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('no-records').waitFor();
    // Hiding the filters lifts them: nothing stays filtered out of sight.
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => vpnRows.count()).toBe(1);
    const exportedVpn = await readDownload(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(exportedVpn.name).toBe(`${today()}-vpn-subscriptions.csv`);
    expect(exportedVpn.text).toContain(',northwind-customer@example.com,');

    await page.goto('/demo-admin/user/edit/abc/listcoupons');
    await page.getByTestId('user-undefined').getByText('User undefined').waitFor();
    await page.goto('/demo-admin/user/edit/1000/listcoupons');
    await page.getByText('User undefined').first().waitFor();
    expectNoProblems(tab);
  });
});

describe('finding any coupon, and a selection (ours, beside 001 §2.3)', () => {
  it('shows plan, addon, expiry, redeemed at and by; filters Redeemed, plan, date presets and a code fragment; e-mails, exports and deletes a selection with the refund stated first', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    const { ctx } = server.app;
    // Contoso (1003): $1,000, three annual coupons today, two monthly ones 10 and 40 days ago.
    await credit(server.app, 1003, 100_000);
    await ctx.db.execute(sql`update resellers set verified_at = now() where id = 1003`);
    // Since teams, the person signs in: its address is the one verified.
    await ctx.db.execute(sql`update people set verified_at = now() where id = 1003`);
    const contoso = { id: 1003, isAdmin: false, name: 'Contoso Sub-reseller', status: 1 } as SessionReseller;
    const annual = await generateCoupons(ctx, contoso, 1003, { quantity: 3, billing_cycle: 'annually', product_id: 104, addon_type: null, billing_type: 1, prefix: 'ANN' });
    const monthly = await generateCoupons(ctx, contoso, 1003, { quantity: 2, billing_cycle: 'monthly', product_id: 101, addon_type: null, billing_type: 1, prefix: 'MON' });
    const [recent, old] = monthly.codes as [string, string];
    const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600_000);
    await ctx.db.execute(sql`update coupons set created_at = ${daysAgo(10)} where code = ${recent}`);
    await ctx.db.execute(sql`update coupons set created_at = ${daysAgo(40)} where code = ${old}`);
    const [redeemed, kept, third] = annual.codes as [string, string, string];
    const pass = 'Redeem!Pass2026';
    await redeemCoupon(ctx, 'public', { name: 'Buyer', email: 'list-buyer@example.com', password: pass, coupon: redeemed, addon_id: null, token: '' }, '127.0.0.1');

    await signIn(page, 'sub2@demo.partner-panel.test');
    await page.goto('/contoso/coupons/list');
    const rows = page.getByTestId('coupon-row');
    await expect.poll(() => rows.count()).toBe(5);
    const row = (code: string) => rows.filter({ hasText: code });
    const headings = await page.locator('thead th').allTextContents();
    expect(headings.filter(Boolean)).toEqual(['Coupon Code', 'Billing Type', 'Redeemed', 'Generated At', 'Plan', 'Addon', 'Expires At', 'Redeemed At', 'Redeemed By', 'Actions']);
    expect(await row(redeemed).textContent()).toContain('Annually Plan (12 Months)');
    expect(await row(redeemed).textContent()).toContain('list-buyer@example.com');
    expect(await row(recent).textContent()).toContain('Monthly Plan (1 Month)');

    const filters = page.getByTestId('coupon-filters');
    await page.getByRole('button', { name: 'Filter' }).click();
    const choose = async (label: string, option: string) => {
      await filters.getByLabel(label).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose('Redeemed', 'Yes');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(redeemed);
    await choose('Redeemed', 'No');
    await expect.poll(() => rows.count()).toBe(4);
    await choose('Plan', 'Monthly Plan (1 Month)');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => rows.count()).toBe(5);
    // A fragment from the middle of a code, in any case, finds that code alone.
    await filters.getByLabel('Coupon Code').fill(third.slice(5, 11).toLowerCase());
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(third);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => rows.count()).toBe(5);
    // The date presets fill From and To (UTC days).
    const presets = filters.getByRole('group', { name: 'Generated in' });
    await presets.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => filters.getByLabel('To').inputValue()).toBe(today());
    await presets.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await presets.getByRole('button', { name: 'Last 30 days' }).click();
    await expect.poll(() => rows.count()).toBe(4);
    await presets.getByRole('button', { name: 'This month' }).click();
    const monthStart = `${today().slice(0, 8)}01`;
    await expect.poll(() => filters.getByLabel('From').inputValue()).toBe(monthStart);
    await expect.poll(() => rows.count()).toBe(3 + (daysAgo(10).toISOString().slice(0, 10) >= monthStart ? 1 : 0));
    await capture(page, 'coupons-find');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => rows.count()).toBe(5);

    // A redeemed row cannot be ticked; the others can.
    expect(await row(redeemed).getByRole('checkbox').isDisabled()).toBe(true);
    const tick = async (...codes: string[]) => {
      for (const code of codes) await row(code).getByRole('checkbox', { name: 'Select this row' }).check();
    };
    await tick(kept, recent);
    await page.getByText('2 rows selected').waitFor();
    // The bulk-action bar over a selection reads at WCAG AA, its red Delete included (axe, both sizes).
    await page.getByRole('button', { name: 'Delete', exact: true }).waitFor();
    await capture(page, 'coupons-bulk-selection');

    // E-mail the selection: the single coupon's mail, once per code.
    await page.getByRole('button', { name: 'Email', exact: true }).click();
    const mailDialog = page.getByRole('dialog');
    await mailDialog.getByText('Send the 2 selected coupons to your customer, one e-mail each.').waitFor();
    await mailDialog.getByLabel('Email address').fill('bulk-customer@example.com');
    await mailDialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('2 coupons sent successfully.').waitFor();
    const mails = (await (await fetch(`${server.url}/dev/mail?format=json&to=bulk-customer@example.com`)).json()) as { mails: { text: string }[] };
    expect(mails.mails.map((m) => /Your coupon code: (\S+)/.exec(m.text)?.[1]).sort()).toEqual([kept, recent].sort());

    // Export the selection: those rows alone.
    await tick(kept, recent);
    const exported = await readDownload(page, () => page.getByRole('button', { name: 'Export selection' }).click());
    const lines = exported.text.trim().split('\n');
    expect(lines.slice(1).map((l) => l.split(',')[1]).sort()).toEqual([kept, recent].sort());

    // Delete: the quote's refund first, then exactly that refunded.
    const unit = { annual: annual.amount / 3, monthly: monthly.amount / 2 };
    const refund = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(unit.annual + unit.monthly);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`The 2 selected coupons will be deleted and ${refund} returned to your wallet.`).waitFor();
    await capture(page, 'coupons-bulk-delete-confirm');
    await confirm.getByRole('button', { name: 'delete it!' }).click();
    await page.getByText(`2 coupons deleted and ${refund} refunded.`).waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    const refunds = (await ctx.db.execute(sql`select amount_cents from wallet_ledger where reseller_id = 1003 and kind = 'coupon_refund'`)) as unknown as { rows: { amount_cents: string }[] };
    expect(refunds.rows.map((r) => Number(r.amount_cents))).toEqual([Math.round((unit.annual + unit.monthly) * 100)]);

    // On a phone each row is a card that shows every column, the new ones too, each with its label.
    await page.setViewportSize(MOBILE);
    const cardLines = await row(redeemed).locator('td').evaluateAll((cells) =>
      cells.map((td) => [getComputedStyle(td, '::before').content.replace(/^"|"$/g, ''), (td as HTMLElement).innerText.trim()]),
    );
    expect(cardLines).toEqual(
      expect.arrayContaining([
        ['Plan', 'Annually Plan (12 Months)'],
        ['Addon', '—'],
        ['Redeemed At', expect.stringMatching(/\d/)],
        ['Redeemed By', 'list-buyer@example.com'],
      ]),
    );
    expect(await row(redeemed).getByText('list-buyer@example.com').isVisible()).toBe(true);
    await expectOnPhoneScreen(page, row(redeemed).getByText('list-buyer@example.com'));
    await expectOnPhoneScreen(page, row(third).getByRole('button', { name: 'Email Coupon' }));
    expectNoProblems(tab);
  });
});

describe("an admin's pages of its user, opened by their address", () => {
  it('works on each page reloaded, not only when reached through the tabs: profile, generate, coupons, subscriptions', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'admin@demo.partner-panel.test');
    const base = '/demo-admin/user/edit/1002';

    // Each page is opened as a bookmark or a pasted link is: its address, then a reload.
    const open = async (path: string) => {
      await page.goto(`${base}${path}`);
      await page.reload();
    };

    await open('');
    await page.getByLabel('Monthly Plan (1 Month)').fill('4.75');
    await page.getByRole('button', { name: 'Save prices' }).click();
    await page.getByText('Prices saved').waitFor();

    // The user's record arrives after the form: it must not reset the form's product.
    await open('/generatecoupon');
    await page.getByTestId('user-identity').getByText(/sub1@demo\.partner-panel\.test/).waitFor();
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.locator('.MuiSnackbarContent-message').getByText('2 coupons generated successfully.').waitFor();
    await page.getByTestId('generated').waitFor();

    await open('/listcoupons');
    const rows = page.getByTestId('coupon-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const listed = await rows.count();
    await rows.first().getByRole('button', { name: 'Email Coupon' }).click();
    const email = page.getByRole('dialog');
    await email.getByLabel('Email address').fill('bookmarked@example.com');
    await email.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Coupon sent successfully').waitFor();
    const exported = await readDownload(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(exported.text.trim().split('\n')).toHaveLength(listed + 1);
    await rows.first().getByRole('checkbox').check();
    const selection = await readDownload(page, () => page.getByRole('button', { name: 'Export selection' }).click());
    expect(selection.text.trim().split('\n')).toHaveLength(2);
    page.once('dialog', (d) => void d.accept());
    await rows.nth(1).getByRole('button', { name: 'Delete coupon' }).click();
    await page.getByText('Coupon deleted successfully').waitFor();
    await expect.poll(() => rows.count()).toBe(listed - 1);

    await createAccount(server.app.ctx, { id: 1002, isAdmin: false, name: 'Northwind', status: 1 }, {
      billing_cycle: 'monthly',
      product_id: 101,
      billing_type: 1,
      email: 'bookmarked-customer@example.com',
      addon_id: null,
    });
    await open('/listsusbscriptions');
    await expect.poll(() => page.getByTestId('vpn-row').filter({ hasText: 'bookmarked-customer@example.com' }).count()).toBe(1);
    const vpn = await readDownload(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(vpn.text).toContain(',bookmarked-customer@example.com,');
    expectNoProblems(tab);
  });
});
