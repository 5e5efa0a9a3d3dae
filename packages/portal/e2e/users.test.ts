/**
 * An admin's user profile in Chromium (002 §2): the admin verifies sub2, sets a price and sends
 * an invoice; sub2 signs in and pays it with the test gateway; the admin is told it was paid and
 * sees the money and the audit lines on the user's page. Also the edit rules, the password and
 * wallet modals, and the refused ids.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const YEAR = String(new Date().getUTCFullYear() + 2);
const SUB2 = '/demo-admin/user/edit/1003';

async function openSub2(page: Page) {
  await page.goto('/demo-admin/users/all');
  await page.getByTestId('user-row').filter({ hasText: 'sub2@demo.partner-panel.test' }).getByRole('link', { name: 'Open' }).click();
  await page.waitForURL((u) => u.pathname === SUB2);
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
}

describe("an admin's user profile", () => {
  it('verifies sub2, sets a price and sends an invoice; sub2 pays it; the admin sees it paid and the audit lines', async () => {
    const adminTab = await newTab(server.url);
    const admin = adminTab.page;
    await signIn(admin, 'admin@demo.partner-panel.test');
    await openSub2(admin);

    // Unverified: its fields are read-only, the verify action is offered.
    await admin.getByTestId('user-verified').getByText('Not verified').waitFor();
    expect(await admin.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await admin.getByRole('button', { name: 'Change Password' }).isDisabled()).toBe(true);
    await admin.getByText('Name, e-mail and password can be edited once the user is verified.').waitFor();
    await capture(admin, 'user-profile-unverified');
    await admin.getByRole('button', { name: 'Verify user' }).click();
    await admin.getByText('User verified', { exact: true }).first().waitFor();
    await admin.getByTestId('user-verified').getByText('Verified', { exact: true }).waitFor();
    expect(await admin.getByLabel('Name', { exact: true }).isDisabled()).toBe(false);
    expect(await admin.getByRole('button', { name: 'Verify user' }).count()).toBe(0);

    // A price below the admin's own is refused under its cycle; a higher one is saved.
    const monthly = admin.getByLabel('Monthly Plan (1 Month)');
    await monthly.fill('2.50');
    await admin.getByRole('button', { name: 'Save prices' }).click();
    await admin.getByText('The price may not be below your own price of $3.00').waitFor();
    await monthly.fill('4.50');
    await admin.getByRole('button', { name: 'Save prices' }).click();
    await admin.getByText('Prices saved').waitFor();
    await expect.poll(() => admin.getByLabel('Monthly Plan (1 Month)').inputValue()).toBe('4.50');
    await admin.getByRole('tab', { name: 'Non-Recursive' }).click();
    await expect.poll(() => admin.getByLabel('Monthly Plan (1 Month)').inputValue()).toBe('3.50');
    await capture(admin, 'user-profile');

    // Send Invoice: the spec's bounds, then $300.
    await admin.getByRole('button', { name: 'Send Invoice' }).click();
    const invoice = admin.getByRole('dialog', { name: 'Send Invoice' });
    await invoice.getByLabel('Amount (USD)').fill('50');
    await invoice.getByLabel('Amount (USD)').fill('');
    await invoice.getByRole('button', { name: 'Send invoice' }).click();
    await invoice.getByText('Please enter valid amount').waitFor();
    await invoice.getByLabel('Amount (USD)').fill('50');
    await invoice.getByRole('button', { name: 'Send invoice' }).click();
    await invoice.getByText('Invoice Amount must be greater than $100!').waitFor();
    await invoice.getByLabel('Amount (USD)').fill('10001');
    await invoice.getByRole('button', { name: 'Send invoice' }).click();
    await invoice.getByText('Invoice Amount must be less than $10,000!').waitFor();
    await capture(admin, 'user-send-invoice');
    await invoice.getByLabel('Amount (USD)').fill('300');
    await invoice.getByRole('button', { name: 'Send invoice' }).click();
    // The success message names the invoice and its recipient (ours).
    await admin.getByRole('alert').getByText(/^Invoice #\d+ of \$300\.00 sent to sub2@demo\.partner-panel\.test\.$/).waitFor();
    await invoice.waitFor({ state: 'detached' });

    // sub2 is told, and pays it through Pay Invoice with the test gateway.
    const subTab = await newTab(server.url);
    const sub = subTab.page;
    await signIn(sub, 'sub2@demo.partner-panel.test');
    await sub.getByTestId('bell').click();
    await sub.getByTestId('bell-item').filter({ hasText: /Demo Admin sent you invoice #\d+ of \$300\.00\./ }).click();
    await sub.waitForURL(/\/contoso\/billing\/invoice\/\d+$/);
    await sub.getByRole('link', { name: 'Pay Now' }).click();
    await sub.waitForURL(/\/contoso\/billing\/pay\/invoice\/\d+$/);
    const id = /invoice\/(\d+)$/.exec(sub.url())?.[1] as string;
    expect(await sub.getByLabel('Amount to pay').inputValue()).toBe('$300.00');
    const form = sub.getByTestId('payment-form');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry month').fill('12');
    await form.getByLabel('Expiry year').fill(YEAR);
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: 'Pay by card' }).click();
    await sub.getByText('Your payment is confirmed. Your balance is $300.00.').waitFor();
    expectNoProblems(subTab);

    // The admin hears it was paid, live, and its page shows the money and the audit lines.
    await admin.getByTestId('bell').click();
    const paid = admin.getByTestId('bell-item').filter({ hasText: `Contoso Sub-reseller paid invoice #${id} of $300.00.` });
    await paid.click();
    await admin.waitForURL((u) => u.pathname === SUB2);
    await expect.poll(() => admin.getByTestId('user-balance').textContent()).toBe('$300.00');
    expect(await admin.getByTestId('user-amount-in').textContent()).toBe('$300.00');
    const lines = admin.getByTestId('audit-row');
    await expect.poll(() => lines.count()).toBe(3);
    await lines.nth(0).getByText('Invoice sent').waitFor();
    await lines.nth(1).getByText('Price changed').waitFor();
    await lines.nth(1).getByText('price: 3 → 4.5', { exact: false }).waitFor();
    await lines.nth(2).getByText('Verified', { exact: true }).waitFor();
    await capture(admin, 'user-profile-paid');
    expectNoProblems(adminTab);
  });

  it("edits a verified user's name and status, sets its password, credits its wallet", async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'admin@demo.partner-panel.test');
    await page.goto('/demo-admin/user/edit/1002');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Northwind Sub-reseller');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await page.getByText('Nothing to update').waitFor();
    // Emptied after typing: 002 §5's sentence, not the schema library's.
    await name.fill('');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await page.getByText('Field is empty').waitFor();
    await name.fill('Northwind Traders');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await page.getByText('Name updated').waitFor();
    await page.getByTestId('user-identity').getByText(/^Northwind Traders · /).waitFor();

    // A status change is confirmed first (ours): cancelling changes nothing.
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    const confirmStatus = page.getByRole('dialog', { name: 'Deactivate this user?' });
    await confirmStatus.getByText('Northwind Traders will not be able to generate coupons or create VPN accounts until you activate the account again.').waitFor();
    await capture(page, 'user-status-confirm');
    await confirmStatus.getByRole('button', { name: 'Cancel' }).click();
    await confirmStatus.waitFor({ state: 'detached' });
    expect(await page.getByTestId('user-status').textContent()).toBe('Active');
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByRole('dialog', { name: 'Deactivate this user?' }).getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Status updated').waitFor();
    await page.getByTestId('user-status').getByText('Inactive').waitFor();

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('New Password').fill('Admin!Chosen2026');
    await dialog.getByLabel('Confirm Password').fill('Admin!Other2026');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('Password confirmation does not match').waitFor();
    await capture(page, 'user-change-password');
    await dialog.getByLabel('Confirm Password').fill('Admin!Chosen2026');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password updated').waitFor();

    await page.getByRole('button', { name: 'Credit or debit wallet' }).click();
    const adjust = page.getByRole('dialog', { name: 'Credit or debit the wallet' });
    await adjust.getByLabel('Amount (USD)').fill('25');
    await adjust.getByRole('button', { name: 'Apply' }).click();
    await adjust.getByText('Please give a reason (at most 200 characters, one line)').waitFor();
    await adjust.getByLabel('Reason').fill('Goodwill');
    await capture(page, 'user-adjust-wallet');
    await adjust.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').getByText('Wallet credited').waitFor();
    await expect.poll(() => page.getByTestId('user-balance').textContent()).toBe('$525.00');
    await page.getByTestId('audit-row').first().getByText('Wallet credited').waitFor();
    expect(await page.getByTestId('balance-tag').textContent()).toBe('$9,975.00');

    // The user's pages are linked from the profile.
    await page.getByRole('navigation', { name: 'Pages of this user' }).getByRole('link', { name: 'Coupons List' }).click();
    await page.waitForURL((u) => u.pathname === '/demo-admin/user/edit/1002/listcoupons');
    expectNoProblems(tab);
  });

  it('requires a second factor of a user from its profile: the user must set one up at the next sign-in', async () => {
    const admin = await newTab(server.url);
    await signIn(admin.page, 'admin@demo.partner-panel.test');
    // sub2, verified and signed in by the first test, keeps its password.
    await admin.page.goto(SUB2);
    await admin.page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    const require = admin.page.getByRole('switch', { name: 'Require two-factor sign-in' });
    expect(await require.isChecked()).toBe(false);
    await require.click();
    await admin.page.getByText('This user must now sign in with a second factor.').waitFor();
    await admin.page.reload();
    await expect.poll(() => admin.page.getByRole('switch', { name: 'Require two-factor sign-in' }).isChecked()).toBe(true);
    await capture(admin.page, 'user-require-two-factor');

    const user = await newTab(server.url);
    await user.page.goto('/login');
    await user.page.getByLabel('Email address').fill('sub2@demo.partner-panel.test');
    await user.page.getByRole('button', { name: 'Continue' }).click();
    await user.page.getByLabel('Password', { exact: true }).fill('DemoPass2026!');
    await user.page.getByRole('button', { name: 'Sign in' }).click();
    await user.page.getByText('Your administrator requires two-factor sign-in. Set it up to finish signing in.').waitFor();
    expectNoProblems(user);
    await user.context.close();

    await admin.page.getByRole('switch', { name: 'Require two-factor sign-in' }).click();
    await admin.page.getByText('This user may now sign in without a second factor.').waitFor();
    await expect.poll(() => admin.page.getByRole('switch', { name: 'Require two-factor sign-in' }).isChecked()).toBe(false);
    expectNoProblems(admin);
    await admin.context.close();
  });

  it("refuses a user that is not the admin's own, and a non-numeric id", async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'admin@demo.partner-panel.test');
    await page.goto('/demo-admin/user/edit/1000');
    await page.getByTestId('user-error').getByText('User undefined').waitFor();
    await page.goto('/demo-admin/user/edit/abc');
    await page.getByTestId('user-undefined').getByText('User undefined').waitFor();
  });
});
