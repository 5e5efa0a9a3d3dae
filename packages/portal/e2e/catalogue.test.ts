/**
 * The operator's catalogue (issue 35), in browsers against the real server: the demo operator
 * raises the Monthly recurring price from $3.00 to $3.50, effective now; a reseller generating in
 * another browser context is charged $3.50 at its next generation, with no restart; the history
 * shows the change. A withdrawn product leaves the Generate page while its coupons still list. A
 * reseller is not shown the operator's pages.
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const OPERATOR = 'operator@demo.partner-panel.test';

/** What the demo reseller's wallet paid for its latest generation, in cents. */
async function lastCharge() {
  const { rows } = await server.app.ctx.db.execute(sql`select amount_cents from wallet_ledger where reseller_id = 1000 and amount_cents < 0 order by id desc limit 1`);
  return -Number((rows[0] as { amount_cents: number } | undefined)?.amount_cents);
}

/** One Monthly recurring coupon from the Generate page (open, Recursive chosen), and what the lot's card says it cost. */
async function generateMonthly(page: Page, paid: string | RegExp) {
  await page.getByLabel('Billing cycle').click();
  await page.getByRole('option', { name: /^Monthly Plan/ }).click();
  await page.getByLabel('Quantity').fill('1');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.getByTestId('generated').getByText(typeof paid === 'string' ? `Your 1 new coupons — ${paid} was taken from the wallet.` : paid).waitFor();
}

describe("the operator's catalogue", () => {
  it('raises the Monthly recurring price effective now: the reseller in another browser pays it at its next generation, and the history shows it', async () => {
    const operator = await newTab(server.url);
    await signIn(operator.page, OPERATOR, undefined, /\/operator\/catalogue$/);
    const op = operator.page;
    await op.getByRole('heading', { name: 'Catalogue' }).waitFor();
    const monthly = op.getByTestId('catalogue-product').filter({ hasText: 'Monthly Plan (1 Month), recurring' });
    await expect.poll(() => monthly.getByTestId('catalogue-price').textContent()).toBe('$3.00');
    // Its menu is its console: no dashboard, no coupons, no wallet.
    expect(await op.getByTestId('balance-tag').count()).toBe(0);

    const shop = await newTab(server.url);
    const page = shop.page;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/coupons/generate');
    await page.getByRole('radio', { name: 'Recursive', exact: true }).check();
    await generateMonthly(page, '$3.00');
    expect(await lastCharge()).toBe(300);

    await monthly.getByRole('button', { name: 'Change price of Monthly Plan (1 Month), recurring' }).click();
    const dialog = op.getByRole('dialog');
    await dialog.getByText('Now $3.00').waitFor();
    await dialog.getByLabel('New price (USD)').fill('3.50');
    await capture(op, 'operator-catalogue-price');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await op.getByText('The catalogue was changed.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => monthly.getByTestId('catalogue-price').textContent()).toBe('$3.50');
    const change = op.getByTestId('catalogue-change').first();
    await expect.poll(() => change.textContent()).toContain('Olivia Operator');
    const text = await change.textContent();
    for (const part of ['Monthly Plan (1 Month), recurring', 'Price', '$3.00', '$3.50', 'In effect since']) expect(text).toContain(part);
    await capture(op, 'operator-catalogue');

    // The reseller's page is as it was: its next generation is charged the new price all the same.
    await generateMonthly(page, '$3.50');
    expect(await lastCharge()).toBe(350);
    expectNoProblems(operator);
    expectNoProblems(shop);
  });

  it('withdraws a product: the Generate page no longer offers it, its coupons still list', async () => {
    const shop = await newTab(server.url);
    const page = shop.page;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/coupons/generate');
    await page.getByRole('radio', { name: 'Recursive', exact: true }).check();
    await generateMonthly(page, /^Your 1 new coupons — \$[\d.]+ was taken from the wallet\.$/);
    await page.goto('/demo-reseller/coupons/list');
    await expect.poll(() => page.getByTestId('coupon-row').count()).toBeGreaterThan(0);
    const before = await page.getByTestId('coupon-row').count();

    const operator = await newTab(server.url);
    await signIn(operator.page, OPERATOR, undefined, /\/operator\/catalogue$/);
    const op = operator.page;
    const monthly = op.getByTestId('catalogue-product').filter({ hasText: 'Monthly Plan (1 Month), recurring' });
    await monthly.getByRole('button', { name: 'Withdraw' }).click();
    await op.getByRole('dialog').getByRole('heading', { name: 'Withdraw Monthly Plan (1 Month), recurring?' }).waitFor();
    await op.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
    await monthly.getByText('Withdrawn', { exact: true }).waitFor();

    await page.goto('/demo-reseller/coupons/generate');
    await page.getByRole('radio', { name: 'Recursive', exact: true }).check();
    await page.getByLabel('Billing cycle').click();
    await page.getByRole('option', { name: /^Quaterly Plan/ }).waitFor();
    expect(await page.getByRole('option', { name: /^Monthly Plan/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/demo-reseller/coupons/list');
    await expect.poll(() => page.getByTestId('coupon-row').count()).toBe(before);

    // A reseller has no operator pages: their addresses lead it home.
    await page.goto('/demo-reseller/catalogue');
    await page.waitForURL(/\/dashboard\/overview$/);
    await monthly.getByRole('button', { name: 'Reinstate' }).click();
    await op.getByRole('dialog').getByRole('button', { name: 'Reinstate' }).click();
    await monthly.getByText('Active', { exact: true }).waitFor();
    expectNoProblems(operator);
    expectNoProblems(shop);
  });
});
