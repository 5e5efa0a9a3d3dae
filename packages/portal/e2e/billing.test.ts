/**
 * Billing in Chromium with the built-in test gateway: add funds by card → the success page verifies
 * with the server → the balance tag, the invoices and the transactions show it; a declined card
 * shows its decline code and its invoice waits unpaid; Pay Now pays it with a card that asks for a
 * confirmation step; the invoice's detail, print and PDF; the transaction's modal; the rules of the
 * amount and the card holder's name.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';
import { pdfText } from '../../server/test/support/pdf.js';

const server = await startServer({ SELLER_NAME: 'Northwind VPN Ltd', SELLER_ADDRESS: '1 Harbour Street|Dublin, Ireland', SELLER_TAX_ID: 'IE1234567T' });
const YEAR = String(new Date().getUTCFullYear() + 2);

async function readDownload(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path()) as string, 'utf8') };
}

/** The date that names an export: the server's day (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

async function fillCard(page: Page, number: string) {
  const form = page.getByTestId('payment-form');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry month').fill('12');
  await form.getByLabel('Expiry year').fill(YEAR);
  await form.getByLabel('CVC').fill('123');
}

/** The success page: Thank You, the server's verification, the confirmation, then the dashboard. */
async function throughSuccessPage(page: Page, balance: string) {
  await page.waitForURL(/\/demo-reseller\/payments\/success\?payment=\d+$/);
  await page.getByText('Thank You!').waitFor();
  await page.getByText('Verifying Your Payment…').waitFor();
  await page.getByText(`Your payment is confirmed. Your balance is ${balance}.`).waitFor();
  expect(await page.getByTestId('balance-tag').textContent()).toBe(balance);
  await page.waitForURL((u) => u.pathname === '/demo-reseller/dashboard/overview');
}

describe('billing with the test gateway', () => {
  it('adds funds by card, and shows the invoice, its PDF and the transaction', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');

    // The dashboard's Wallet tile leads to Add Funds.
    await page.getByRole('link', { name: 'Add More Funds' }).click();
    await page.waitForURL(/\/demo-reseller\/billing\/pay$/);
    await page.getByRole('heading', { level: 1, name: 'Add Funds' }).waitFor();
    await page.getByText('The minimum deposit is $2,000.00 USD.').waitFor();
    await page.getByRole('button', { name: 'Test Card', pressed: true }).waitFor();
    await page.getByTestId('test-cards').getByText('4242 4242 4242 4242').waitFor();
    await capture(page, 'billing-pay');

    // The amount is checked on blur and on submit (002 §5); the card form needs the holder's name.
    const form = page.getByTestId('payment-form');
    const amount = form.getByLabel('Amount (USD)');
    await amount.focus();
    await amount.blur();
    await form.getByText('Please enter valid amount').waitFor();
    await amount.fill('1999.99');
    await amount.blur();
    await form.getByText('Amount should be greater than $2000').waitFor();
    await form.getByLabel('Name on card').fill('');
    await form.getByRole('button', { name: 'Pay by card' }).click();
    await form.getByText('Name is required.').waitFor();
    await form.getByText('Amount should be greater than $2000').waitFor();
    // Typed, then emptied: the spec's sentence on blur and on submit, no library text.
    await amount.fill('');
    await amount.blur();
    await form.getByText('Please enter valid amount').waitFor();
    await form.getByRole('button', { name: 'Pay by card' }).click();
    await form.getByText('Please enter valid amount').waitFor();
    expect(await form.getByText(/Invalid input|expected|received|NaN/).count()).toBe(0);

    await amount.fill('2500');
    await form.getByLabel('Name on card').fill('Demo Payer');
    await fillCard(page, '4242 4242 4242 4242');
    await form.getByRole('button', { name: 'Pay by card' }).click();
    await throughSuccessPage(page, '$7,500.00');

    // The invoice: paid, with the payment as its transaction.
    await page.goto('/demo-reseller/billing/invoices');
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    const row = page.getByTestId('invoice-row').first();
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByText('$2,500.00').waitFor();
    await capture(page, 'billing-invoices');
    // Export CSV: every column of the list, the rows the list shows.
    const invoicesCsv = await readDownload(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(invoicesCsv.name).toBe(`${today()}-invoices.csv`);
    const invoiceLines = invoicesCsv.text.trim().split('\n');
    expect(invoiceLines[0]).toBe('Invoice,Date,Due Date,Date Paid,Description,Payment Method,Total,Status');
    expect(invoiceLines).toHaveLength((await page.getByTestId('invoice-row').count()) + 1);
    expect(invoiceLines[1]).toMatch(/^\d+,[^,]+,[^,]+,\d{4}-[^,]+,Wallet Deposit,Test Card,2500\.00,Paid$/);
    await row.getByRole('link', { name: /^View invoice #\d+$/ }).click();
    await page.waitForURL(/\/demo-reseller\/billing\/invoice\/\d+$/);
    const id = /invoice\/(\d+)$/.exec(page.url())?.[1] as string;
    await page.getByRole('heading', { level: 1, name: `Invoice #${id}` }).waitFor();
    // The section's tabs say where the invoice belongs: Invoices is the open tab.
    await page.getByRole('tab', { name: 'Invoices', exact: true, selected: true }).waitFor();
    expect(await page.getByRole('tab', { selected: true }).count()).toBe(1);
    const detail = page.getByTestId('invoice-detail');
    await detail.getByText('Wallet Deposit').waitFor();
    await detail.getByText('Demo Reseller').waitFor();
    await detail.getByText('Test Card').waitFor();
    await page.getByTestId('invoice-paid-on').waitFor();
    await page.getByTestId('invoice-transaction').getByText(/^ch_test_/).waitFor();
    expect(await page.getByRole('link', { name: 'Pay Now' }).count()).toBe(0);
    await capture(page, 'billing-invoice');
    // Print is the browser's; Download PDF is drawn by the server.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // Printed, the page is the invoice alone: no app bar, navigation, tabs or buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('invoice-detail').isVisible()).toBe(true);
    for (const hidden of [page.getByRole('banner'), page.getByRole('navigation'), page.getByRole('button', { name: 'Print' })]) {
      const shown = await Promise.all((await hidden.all()).map((node) => node.isVisible()));
      expect(shown.filter(Boolean)).toEqual([]);
    }
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('navigation').first().isVisible()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${id}.pdf`);
    const pdf = readFileSync((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The seller's details from the settings (ours).
    const pdfWords = await pdfText(new Uint8Array(pdf));
    for (const line of ['Northwind VPN Ltd', '1 Harbour Street', 'Dublin, Ireland', 'Tax ID: IE1234567T']) expect(pdfWords).toContain(line);

    // A way back to the list (ours).
    await page.getByRole('link', { name: 'Back to Invoices' }).click();
    await page.waitForURL(/\/demo-reseller\/billing\/invoices$/);
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();

    // The transaction: the deposit on top, its detail in a modal.
    await page.goto('/demo-reseller/billing/transactions');
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    const first = page.getByTestId('transaction-row').first();
    await first.getByText(`Deposit by Test Card, invoice #${id}`).waitFor();
    await capture(page, 'billing-transactions');
    const transactionsCsv = await readDownload(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(transactionsCsv.name).toBe(`${today()}-transactions.csv`);
    const transactionLines = transactionsCsv.text.trim().split('\n');
    expect(transactionLines[0]).toBe('Date,Transaction ID,Gateway,Description,Amount In,Amount Out,Balance After,Invoice');
    expect(transactionLines[1]).toMatch(new RegExp(`^[^,]+,ch_test_[^,]+,Test Card,"?Deposit by Test Card, invoice #${id}"?,2500\\.00,0\\.00,7500\\.00,${id}$`));
    // Under the list's search: only the matches.
    await page.getByLabel('Search transactions').fill(`#${id}`);
    await expect.poll(() => page.getByTestId('transaction-row').count()).toBe(1);
    const searchedCsv = await readDownload(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(searchedCsv.text.trim().split('\n')).toHaveLength(2);
    await first.getByRole('button', { name: /^View transaction ch_test_/ }).click();
    const modal = page.getByTestId('transaction-detail');
    await modal.getByText('$7,500.00').waitFor();
    await modal.getByRole('link', { name: `#${id}` }).waitFor();
    await capture(page, 'billing-transaction-modal');
    await page.getByRole('button', { name: 'Close' }).click();
    expectNoProblems(tab);
  });

  it('shows a declined card its decline code, leaves no unpaid invoice for it, and pays a new deposit after a confirmation step', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');
    const before = (await page.getByTestId('balance-tag').textContent()) as string;
    await page.goto('/demo-reseller/billing/pay');
    const form = page.getByTestId('payment-form');
    await form.getByLabel('Amount (USD)').fill('2000');
    await fillCard(page, '4000000000009995');
    await form.getByRole('button', { name: 'Pay by card' }).click();
    await page.getByTestId('payment-failure').getByText('Your card has insufficient funds. (insufficient_funds)').waitFor();
    expect(await page.getByTestId('balance-tag').textContent()).toBe(before);

    // The declined deposit is no invoice owed: Unpaid Invoices stays empty, Invoices shows it Cancelled.
    await page.goto('/demo-reseller/billing/unpaid/invoices');
    await page.getByRole('heading', { level: 1, name: 'Unpaid Invoices' }).waitFor();
    await page.getByTestId('no-records').waitFor();
    await page.goto('/demo-reseller/billing/invoices');
    const row = page.getByTestId('invoice-row').first();
    await row.getByText('Cancelled').waitFor();
    await row.getByRole('link', { name: /^View invoice/ }).click();
    await page.waitForURL(/\/demo-reseller\/billing\/invoice\/\d+$/);
    const id = /invoice\/(\d+)$/.exec(page.url())?.[1] as string;
    expect(await page.getByRole('link', { name: 'Pay Now' }).count()).toBe(0);

    // A new deposit, with a card that asks for a confirmation step.
    await page.goto('/demo-reseller/billing/pay');
    await form.getByLabel('Amount (USD)').fill('2000');
    await fillCard(page, '4000 0025 0000 3155');
    await page.getByTestId('payment-form').getByRole('button', { name: 'Pay by card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm this payment' });
    await dialog.getByText('Your card asks you to confirm this payment of $2,000.00.', { exact: false }).waitFor();
    await capture(page, 'billing-confirm-step');
    await dialog.getByRole('button', { name: 'Confirm payment' }).click();
    const after = `$${(Number(before.replace(/[$,]/g, '')) + 2000).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    await throughSuccessPage(page, after);
    await page.goto('/demo-reseller/billing/unpaid/invoices');
    await page.getByTestId('no-records').waitFor();
    await page.goto(`/demo-reseller/billing/invoice/${id}`);
    await page.getByText('Cancelled').first().waitFor();
    // An invoice that is not the reseller's reads 'No Record Found'.
    await page.goto('/demo-reseller/billing/invoice/999999');
    await page.getByTestId('no-record').getByText('No Record Found').waitFor();
    expectNoProblems(tab);
  });
});
