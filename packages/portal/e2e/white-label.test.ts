/**
 * White label, for real (ours, behind 000 §1's promo): the dashboard's Ask about white label opens
 * the enquiry, which says what is missing, sends, is acknowledged by e-mail, and appears in the
 * operator's list (the provider's own account); a reseller is not shown that list.
 */
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer({ OPERATOR_EMAIL: 'sales@operator.example' });

describe('white label', () => {
  it('asks about white label from the dashboard, and the operator sees the enquiry', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.getByTestId('white-label-promo').getByRole('button', { name: 'Ask about white label' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Ask about white label' }).waitFor();
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await dialog.getByText('Please enter the brand name, up to 100 characters on one line.').waitFor();
    await dialog.getByText('Please enter the number of users you expect, from 1 to 10,000,000.').waitFor();
    await dialog.getByText('Please tell us about your plans, up to 2,000 characters.').waitFor();
    await dialog.getByLabel('Brand name').fill('Acme VPN');
    await dialog.getByLabel('Expected users').fill('2500');
    await dialog.getByLabel('Message').fill('Schools in three countries; we want our own apps.');
    await capture(page, 'white-label-enquiry');
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await page.getByText('Thank you: we received your enquiry and sent you a copy by e-mail.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const mails = async (to: string) => ((await (await fetch(`${server.url}/dev/mail?format=json&to=${to}`)).json()) as { mails: { subject: string; text: string }[] }).mails;
    expect((await mails('reseller@demo.partner-panel.test')).map((m) => m.subject)).toContain('We received your white-label enquiry');
    expect((await mails('sales@operator.example'))[0]?.text).toContain('Brand name: Acme VPN');
    // A reseller has no list of enquiries: the route sends it home.
    await page.goto('/demo-reseller/white-label');
    await page.waitForURL(/\/dashboard\/overview$/);
    expectNoProblems(tab);

    // The operator, the provider's own account, reads them in its console.
    const operator = await newTab(server.url);
    await signIn(operator.page, 'operator@demo.partner-panel.test', undefined, /\/operator\/catalogue$/);
    await operator.page.getByRole('tab', { name: 'White-label enquiries' }).click();
    await operator.page.getByRole('heading', { name: 'White-label enquiries' }).waitFor();
    const rows = operator.page.getByTestId('white-label-row');
    await expect.poll(() => rows.count()).toBe(1);
    const text = await rows.first().textContent();
    for (const part of ['Demo Reseller', 'reseller@demo.partner-panel.test', 'Acme VPN', '2,500', 'Schools in three countries; we want our own apps.']) expect(text).toContain(part);
    await capture(operator.page, 'white-label-enquiries');
    expectNoProblems(operator);
  });
});
