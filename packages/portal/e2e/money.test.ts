/**
 * The operator's Money (issue 35), in browsers against the real server: the demo operator credits
 * the demo reseller's wallet with a reason from Manual adjustment, and finds it at the top of the
 * money list; the reseller, in another browser, sees it in its transactions with the reason and
 * its balance moved. Reconciliation says there is no mismatch. A reseller is not shown these pages.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const OPERATOR = 'operator@demo.partner-panel.test';
const REASON = 'Goodwill for the outage of 3 May';

/** The demo reseller's balance, in cents. */
async function balance() {
  const { rows } = await server.app.ctx.db.execute(sql`select balance_cents from resellers where id = 1000`);
  return Number((rows[0] as { balance_cents: number } | undefined)?.balance_cents);
}

describe("the operator's money", () => {
  it('credits the demo reseller with a reason: the money list shows it, and the reseller sees it in its transactions', async () => {
    const before = await balance();
    const operator = await newTab(server.url);
    const op = operator.page;
    await signIn(op, OPERATOR, undefined, /\/operator\/catalogue$/);
    await op.getByRole('tab', { name: 'Money' }).or(op.getByRole('link', { name: 'Money', exact: true })).first().click();
    await op.waitForURL(/\/operator\/money$/);
    await op.getByRole('heading', { name: 'Money', level: 1 }).waitFor();
    // The demo's opening funds are the operator's credits: the list is not empty.
    await expect.poll(() => op.getByTestId('money-row').count()).toBeGreaterThan(0);

    await op.getByRole('button', { name: 'Manual adjustment' }).click();
    const dialog = op.getByRole('dialog');
    await dialog.getByRole('heading', { name: "Credit or debit a reseller's wallet" }).waitFor();
    // Saved without a reason: the contract's sentence beside the field, nothing sent.
    await dialog.getByLabel('Reseller ID').fill('1000');
    await dialog.getByLabel('Amount (USD)').fill('25.50');
    await dialog.getByLabel('Reason (shown to the reseller)').fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please give a reason: one line of at most 200 characters.').waitFor();
    await dialog.getByLabel('Reason (shown to the reseller)').fill(REASON);
    await capture(op, 'operator-money-adjust');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await op.getByText(`$25.50 credited to the wallet of Demo Reseller: ${REASON}`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const first = op.getByTestId('money-row').first();
    await expect.poll(() => first.textContent()).toContain(`Credit from the operator: ${REASON}`);
    const text = await first.textContent();
    for (const part of ['Adjustment', '$25.50', 'Completed', 'Wallet', '#1000']) expect(text).toContain(part);
    expect(await balance()).toBe(before + 2550);
    await capture(op, 'operator-money');

    // Filtered to deposits, the credit is not among them; cleared, it is back.
    await op.getByLabel('Kind').click();
    await op.getByRole('option', { name: 'Deposit' }).click();
    await op.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(async () => (await op.getByTestId('money-row').allTextContents()).some((row) => row.includes(REASON))).toBe(false);
    await op.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => op.getByTestId('money-row').first().textContent()).toContain(REASON);

    // Reconciliation: nothing the gateways reported goes uncredited.
    await op.getByRole('link', { name: 'Reconciliation' }).or(op.getByRole('tab', { name: 'Reconciliation' })).first().click();
    await op.waitForURL(/\/operator\/money\/reconciliation$/);
    await op.getByTestId('reconciliation-none').waitFor();
    expect(await op.getByTestId('reconciliation-difference').textContent()).toBe('$0.00');
    await capture(op, 'operator-reconciliation');

    const shop = await newTab(server.url);
    const page = shop.page;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/billing/transactions');
    const row = page.getByTestId('transaction-row').first();
    await expect.poll(() => row.textContent()).toContain(`Credit from the operator: ${REASON}`);
    expect(await row.textContent()).toContain('$25.50');
    // The operator's pages are not a reseller's: their address leads it home.
    await page.goto('/demo-reseller/money');
    await page.waitForURL(/\/dashboard\/overview$/);
    expectNoProblems(operator);
    expectNoProblems(shop);
  });
});
