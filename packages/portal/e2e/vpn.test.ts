/**
 * VPN accounts in Chromium: create one, find it by e-mail, coupon and username, change its e-mail
 * and password, disable, enable and delete it, and export the subscription list.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, expectOnPhoneScreen, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();

async function search(page: Page, by: 'Email' | 'Coupon Code' | 'Username', value: string) {
  const form = page.getByTestId('vpn-search');
  await form.getByLabel('Search by').click();
  await page.getByRole('option', { name: by, exact: true }).click();
  await form.getByLabel('Search for').fill(value);
  await form.getByRole('button', { name: 'Fetch VPN Details' }).click();
}

describe('VPN accounts', () => {
  it('creates, finds, updates, disables, enables, deletes and exports', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');

    // /vpn/subscriptions opens the Create tab.
    await page.goto('/vpn');
    await page.waitForURL(/\/demo-reseller\/vpn\/subscriptions$/);
    await page.getByRole('tab', { name: 'Create', selected: true }).waitFor();
    await page.getByRole('heading', { name: 'Create new VPN Account' }).waitFor();
    await capture(page, 'vpn-create');
    await page.getByRole('button', { name: 'Create VPN Account' }).click();
    await page.getByText('Please enter email').waitFor();
    await page.getByLabel('Billing cycle').click();
    await page.getByRole('option', { name: /^Annually Plan/ }).click();
    await page.getByLabel("End user's email").fill('vpn.user@example.com');
    await page.getByRole('button', { name: 'Create VPN Account' }).click();
    const created = page.getByTestId('vpn-created');
    await created.waitFor();
    const username = /Account (vpn[0-9a-z]{10}) was created/.exec((await created.textContent()) ?? '')?.[1] as string;
    expect(username).toBeTruthy();
    await page.getByText(/^VPN account created successfully\./).waitFor();
    await page.getByTestId('balance-tag').getByText('$4,973.00').waitFor();
    const mails = (await (await fetch(`${server.url}/dev/mail?format=json&to=vpn.user@example.com`)).json()) as { mails: { text: string }[] };
    expect(mails.mails[0]?.text).toContain(`Username: ${username}`);

    // Find it by e-mail, by username, and by the coupon it holds.
    await page.getByRole('tab', { name: 'Update' }).click();
    await page.waitForURL(/\/vpn\/subscriptions\/update$/);
    await page.getByTestId('vpn-search').getByRole('button', { name: 'Fetch VPN Details' }).click();
    await page.getByText('Please select search type or insert details').waitFor();
    await search(page, 'Email', 'VPN.User@example.com');
    await page.getByTestId('update-vpn').getByLabel('VPN Username').click();
    await page.getByRole('option', { name: new RegExp(`^${username}`) }).click();
    await search(page, 'Username', username);
    await server.app.ctx.db.execute(sql`insert into coupon_batches (reseller_id, product_id, quantity, unit_price_cents, total_cents) values (1000, 104, 1, 2700, 2700)`);
    await server.app.ctx.db.execute(sql`insert into coupons (reseller_id, batch_id, code, product_id, billing_type, cycle, price_cents, expires_at, redeemed_at)
      values (1000, (select max(id) from coupon_batches), 'E2EVPNCOUPON1', 104, 1, 'annually', 2700, now() + interval '1 year', now())`);
    await server.app.ctx.db.execute(sql`update vpn_accounts set coupon_id = (select id from coupons where code = 'E2EVPNCOUPON1') where username = ${username}`);
    await search(page, 'Coupon Code', 'e2evpncoupon1');
    await page.getByTestId('update-vpn').getByLabel('VPN Username').click();
    await page.getByRole('option', { name: new RegExp(`^${username}`) }).click();
    expect(await page.getByTestId('update-vpn').getByLabel('Coupon').inputValue()).toBe('E2EVPNCOUPON1');
    await page.getByRole('heading', { name: 'Update VPN Account' }).waitFor();
    await capture(page, 'vpn-update');

    // E-mail mode, then Password mode.
    await page.getByTestId('update-vpn').getByLabel('New email').fill('moved@example.com');
    await page.getByTestId('update-vpn').getByRole('button', { name: 'Update' }).click();
    await page.getByText('Email updated successfully.').waitFor();
    await page.getByRole('button', { name: 'Password', exact: true }).click();
    await page.getByTestId('update-vpn').getByLabel('New Password').fill('weak');
    await page.getByTestId('update-vpn').getByLabel('Confirm Password').fill('weak');
    await page.getByTestId('update-vpn').getByRole('button', { name: 'Update' }).click();
    await page.getByText(/^Password must contain minimum 12 characters/).waitFor();
    await page.getByTestId('update-vpn').getByLabel('New Password').fill('Vpn!Password123');
    await page.getByTestId('update-vpn').getByLabel('Confirm Password').fill('Vpn!Password123');
    await page.getByTestId('update-vpn').getByRole('button', { name: 'Update' }).click();
    await page.getByText('Password updated successfully.').waitFor();

    // Enable/Disable: the action follows hosting_status; the toast comes after 600 ms.
    await page.getByRole('tab', { name: 'Enable/Disable' }).click();
    await page.waitForURL(/\/vpn\/subscriptions\/enable$/);
    await search(page, 'Username', username);
    const row = page.getByTestId('vpn-action-row');
    const clicked = Date.now();
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('VPN account disabled successfully.').waitFor();
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(600);
    await row.getByText('Suspended').waitFor();
    await capture(page, 'vpn-enable-disable');
    await expectOnPhoneScreen(page, row.getByRole('button', { name: 'Enable' }));
    await row.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('VPN account enabled successfully.').waitFor();
    await row.getByText('Active').waitFor();

    // Delete: suspended for good, no action left.
    await page.getByRole('tab', { name: 'Delete' }).click();
    await search(page, 'Username', username);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'delete it!' }).click();
    await page.getByText('VPN account deleted successfully.').waitFor();
    await row.getByText('Deleted').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await page.getByTestId('balance-tag').getByText('$4,973.00').waitFor();

    // The list: the nine columns, 5/20/25 rows, search, export.
    for (let i = 0; i < 6; i++) {
      await page.evaluate(async (n) => {
        const csrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
        const token = atob(localStorage.getItem('pp.token') ?? '');
        await fetch('/api/v1/resellers/vpn/create', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'csrf-token': decodeURIComponent(csrf), authorization: `Bearer ${token}` },
          body: JSON.stringify({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: `bulk${n}@example.com`, addon_id: '' }),
        });
      }, i);
    }
    await page.goto('/demo-reseller/vpn/list');
    const rows = page.getByTestId('vpn-row');
    await expect.poll(() => rows.count()).toBe(5);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Coupon', 'Email', 'VPN Username', 'Billing Cycle', 'Billing Type', 'Addon(s)', 'Status', 'Start Date', 'End Date']);
    await page.getByTestId('rows-per-page').locator('..').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['5', '20', '25']);
    await page.keyboard.press('Escape');
    await capture(page, 'vpn-list');
    await expectOnPhoneScreen(page, page.getByTestId('vpn-row').first().getByText('Active'));
    await page.getByLabel('Email, username or coupon').fill('moved@');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Deleted');
    await page.getByLabel('Email, username or coupon').fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(5);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2}-vpn-subscriptions\.csv$/);
    const lines = readFileSync((await download.path()) as string, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('Coupon,Email,VPN Username,Billing Cycle,Billing Type,Addon(s),Status,Start Date,End Date');
    expect(lines).toHaveLength(8);
    expect(lines.some((l) => l.startsWith(`E2EVPNCOUPON1,moved@example.com,${username},Annually Plan (12 Months),Recursive,,Deleted`))).toBe(true);
    expectNoProblems(tab);
  });

  it('gives reseller 903 no Create tab, starting on Update', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'partner@demo.partner-panel.test');
    await page.goto('/brainrocket/vpn/subscriptions');
    await page.getByRole('tab', { name: 'Update', selected: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Create' }).count()).toBe(0);
    await capture(page, 'vpn-903');
    await page.goto('/brainrocket/vpn/subscriptions/delete');
    await page.getByRole('tab', { name: 'Delete', selected: true }).waitFor();
  });
});
