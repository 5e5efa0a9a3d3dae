/**
 * White label, for real (ours, behind 000 §1's promo): the dashboard's Ask about white label opens
 * the enquiry, which says what is missing, sends, is acknowledged by e-mail, and appears in the
 * operator's pipeline (the provider's own account); a reseller is not shown that list. The operator
 * replies by e-mail from the enquiry's panel (the mail reaches the reseller, the enquiry becomes
 * Contacted), adds a note, and sees both in its timeline; the status filter finds it.
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
    for (const part of ['Demo Reseller', 'reseller@demo.partner-panel.test', 'Acme VPN', '2,500', 'Schools in three countries; we want our own apps.', 'New', 'Nobody']) expect(text).toContain(part);
    await capture(operator.page, 'white-label-enquiries');

    // The pipeline: open the enquiry, reply by e-mail, and it is Contacted.
    const op = operator.page;
    await rows.first().getByRole('button', { name: 'Open the enquiry of Acme VPN' }).click();
    const panel = op.getByTestId('enquiry-panel');
    await panel.getByRole('heading', { name: 'Acme VPN — Demo Reseller' }).waitFor();
    await panel.getByText('Nothing yet: add a note or reply by e-mail.').waitFor();
    await panel.getByRole('button', { name: 'Reply by e-mail' }).click();
    const reply = op.getByRole('dialog', { name: 'Reply to reseller@demo.partner-panel.test' });
    await reply.getByLabel('Subject').waitFor();
    expect(await reply.getByLabel('Subject').inputValue()).toBe('Your white-label enquiry: Acme VPN');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await reply.getByText('Please write the reply, from 1 to 5,000 characters.').waitFor();
    await reply.getByLabel('Message').fill('Thank you for asking.\n\nCan we call you on Monday?');
    await capture(op, 'white-label-reply');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await op.getByText('Reply sent to reseller@demo.partner-panel.test.').waitFor();
    await reply.waitFor({ state: 'detached' });
    await expect.poll(() => panel.getByLabel('Status').textContent()).toBe('Contacted');
    await panel.getByTestId('enquiry-note').filter({ hasText: 'Reply by Olivia Operator' }).filter({ hasText: 'Can we call you on Monday?' }).waitFor();
    const replies = (await mails('reseller@demo.partner-panel.test')).filter((m) => m.subject === 'Your white-label enquiry: Acme VPN');
    expect(replies).toHaveLength(1);
    expect(replies[0]?.text).toContain('Can we call you on Monday?');

    // A note for the team: refused empty, then kept in the timeline.
    await panel.getByRole('button', { name: 'Add note' }).click();
    await panel.getByText('Please write the note, from 1 to 2,000 characters.').waitFor();
    await panel.getByRole('textbox', { name: 'Note' }).fill('They want apps for three countries.');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await op.getByText('Note added.').waitFor();
    await panel.getByTestId('enquiry-note').filter({ hasText: 'They want apps for three countries.' }).waitFor();
    await expect.poll(() => panel.getByRole('textbox', { name: 'Note' }).inputValue()).toBe('');
    await capture(op, 'white-label-enquiry-panel');
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });

    // The list says Contacted; the status filter finds it under Contacted and not under New.
    await expect.poll(() => rows.first().getByTestId('enquiry-status').textContent()).toBe('Contacted');
    const filters = op.getByTestId('pipeline-filters');
    await filters.getByLabel('Status').click();
    await op.getByRole('option', { name: 'New' }).click();
    await op.getByTestId('no-records').waitFor();
    await filters.getByLabel('Status').click();
    await op.getByRole('option', { name: 'Contacted' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expectNoProblems(operator);
  });
});
