/**
 * The operator's Resellers page (issue 35), in browsers against the real server: the demo operator
 * opens a new admin reseller, whose Owner sets a password from the mailed link; puts it on postpaid
 * terms with a $500 limit; the admin's generation past the limit is refused with the spec's message;
 * suspended, its next generation is refused naming the reason; reactivated, and settled from the
 * button, it owes nothing. A search finds it; careless input is answered beside its field.
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const OPERATOR = 'operator@demo.partner-panel.test';
const EMAIL = 'north-star@example.com';
const PASSWORD = 'Opened!Password1';

/** Generates `quantity` recurring coupons of a cycle on the Generate page (open, Recursive chosen). */
async function generate(page: Page, cycle: RegExp, quantity: number) {
  await page.getByLabel('Billing cycle').click();
  await page.getByRole('option', { name: cycle }).click();
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
}

/** The operator's row of the new account, once a search has found it. */
async function rowOf(op: Page) {
  const search = op.getByLabel('Name, e-mail or id');
  await search.fill(EMAIL);
  const row = op.getByTestId('reseller-row').filter({ hasText: EMAIL });
  await expect.poll(() => op.getByTestId('reseller-row').count()).toBe(1);
  return row;
}

/** Opens the row's Manage menu and picks an entry. */
async function manage(op: Page, row: ReturnType<Page['getByTestId']>, entry: string) {
  await row.getByRole('button', { name: 'Manage North Star Networks' }).click();
  await op.getByRole('menuitem', { name: entry }).click();
  return op.getByRole('dialog');
}

describe("the operator's resellers", () => {
  it('opens an admin reseller, sets postpaid terms with a $500 limit, suspends and reactivates it, and records its settlement', async () => {
    const operator = await newTab(server.url);
    const op = operator.page;
    await signIn(op, OPERATOR, undefined, /\/operator\/catalogue$/);
    await op.goto('/operator/resellers');
    await op.getByRole('heading', { name: 'Resellers', level: 1 }).waitFor();
    await expect.poll(() => op.getByTestId('reseller-row').count()).toBeGreaterThan(3);

    // Open an account: an empty name is refused beside its field, then the account opens.
    await op.getByRole('button', { name: 'Open an account' }).click();
    let dialog = op.getByRole('dialog');
    await dialog.getByLabel('Owner e-mail').fill(EMAIL);
    await dialog.getByLabel('Business name').fill('   ');
    await dialog.getByRole('button', { name: 'Open an account' }).click();
    await dialog.getByText('Full name is required').waitFor();
    await dialog.getByLabel('Business name').fill('North Star Networks');
    await dialog.getByLabel('Admin reseller (manages resellers of its own)').check();
    await capture(op, 'operator-reseller-open');
    await dialog.getByRole('button', { name: 'Open an account' }).click();
    await op.getByText(`The account is open: ${EMAIL} was sent a link to set a password.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = await rowOf(op);
    for (const part of ['Admin', 'Unverified', 'Active', 'Prepaid']) expect(await row.textContent()).toContain(part);

    // Its Owner sets a password from the mailed link and signs in.
    const owner = await newTab(server.url);
    const page = owner.page;
    await page.goto(`/dev/mail`);
    const link = await page.locator('a', { hasText: '/reset-password/' }).first().getAttribute('href');
    await page.goto(new URL(link as string).pathname);
    await page.getByLabel('New Password').fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.waitForURL(/\/login$/);
    await signIn(page, EMAIL, PASSWORD, /\/dashboard\/overview$/);
    const { rows } = await server.app.ctx.db.execute(sql`select custom_url from resellers where lower(email) = ${EMAIL}`);
    const prefix = (rows[0] as { custom_url: string }).custom_url;

    // Postpaid, $500, settled by the 15th.
    dialog = await manage(op, row, 'Terms');
    await dialog.getByLabel('Postpaid').check();
    await dialog.getByLabel('Credit limit (USD)').fill('500');
    await dialog.getByLabel('Settlement day of the month (1–28)').fill('31');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The settlement day must be a day of the month from 1 to 28.').waitFor();
    await dialog.getByLabel('Settlement day of the month (1–28)').fill('15');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await op.getByText('The terms were saved.').waitFor();
    await expect.poll(() => row.textContent()).toContain('Postpaid, limit $500.00');

    // $3.00 owed; nine triennial coupons ($540) would pass the limit: the spec's message.
    await page.goto(`/${prefix}/coupons/generate`);
    await page.getByRole('radio', { name: 'Recursive', exact: true }).check();
    await generate(page, /^Monthly Plan/, 1);
    await page.getByTestId('generated').getByText('Your 1 new coupons — $3.00 was taken from the wallet.').waitFor();
    await generate(page, /^Triennially Plan/, 9);
    await page
      .getByTestId('spend-failure')
      .getByText('Credit limit reached: your account owes $3.00 and this charge of $540.00 would pass its limit of $500.00. Please contact us to settle your account.')
      .waitFor();

    // Suspended: its next generation is refused, naming the reason.
    dialog = await manage(op, row, 'Suspend');
    await dialog.getByLabel('Reason').fill('   ');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.getByText('Please give a reason (at most 200 characters, one line).').waitFor();
    await dialog.getByLabel('Reason').fill('Bank details missing');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await op.getByText('The reseller is suspended.').waitFor();
    await expect.poll(() => row.textContent()).toContain('Suspended');
    await generate(page, /^Monthly Plan/, 1);
    await page.getByText('Your account is suspended by the provider (Bank details missing). Please contact the partner team to continue.').first().waitFor();

    dialog = await manage(op, row, 'Reactivate');
    await dialog.getByLabel('Reason').fill('Bank details received');
    await dialog.getByRole('button', { name: 'Reactivate' }).click();
    await op.getByText('The reseller is active again.').waitFor();

    // Settled from the button: it owes nothing.
    await expect.poll(() => row.textContent()).toContain('Owes $3.00');
    dialog = await manage(op, row, 'Record settlement');
    await dialog.getByText('it lowers what it owes (now $3.00)', { exact: false }).waitFor();
    await dialog.getByLabel('Amount (USD)').fill('3');
    await dialog.getByLabel('What was paid (a transfer reference)').fill('Wire NS-2026-12');
    await capture(op, 'operator-reseller-settle');
    await dialog.getByRole('button', { name: 'Record settlement' }).click();
    await op.getByText('Settlement of $3.00 recorded. It now owes $0.00.').waitFor();
    await expect.poll(() => row.textContent()).toContain('$0.00');
    await capture(op, 'operator-resellers');

    // Every step is in the audit log, named in our words with the person who acted.
    await op.goto('/operator/audit');
    const audit = op.getByTestId('audit-row');
    await expect.poll(() => audit.filter({ hasText: 'Resellers: settlement recorded' }).count()).toBe(1);
    for (const step of ['Resellers: account opened', 'Resellers: terms', 'Resellers: suspended', 'Resellers: reactivated']) {
      expect(await audit.filter({ hasText: step }).first().textContent(), step).toContain('Olivia Operator');
    }
    expectNoProblems(operator);
    expectNoProblems(owner);
  });
});
