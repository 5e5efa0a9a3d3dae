/**
 * No invoice the reseller does not owe: a deposit it starts is a pending payment until the money
 * is confirmed — declined, it is cancelled (and invoice.cancelled says so); abandoned, it expires
 * 24 hours after its latest attempt (and is closed: deposit-expiry.test.ts); never "Unpaid". Invoices an admin sends (002) stay unpaid until paid. The statuses
 * are one list: the database's, the events', and the invoice calls' (capitalised).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES } from '@partner-panel/sdk';
import { testApp } from './support/app.js';
import { CARDS, payTestCard, startTestCard } from './support/billing.js';
import { invoiceEvents } from './support/events.js';
import { fundedReseller, query } from './support/sql.js';

const t = await testApp();

describe('deposits are pending payments, not invoices owed (ours, beside 002)', () => {
  it('leaves no unpaid invoice after a declined test-gateway deposit', async () => {
    const me = await fundedReseller(t, 'deposit-declined@example.com', 0);
    const { started, confirmed } = await payTestCard(me.api, CARDS.declined, { amount: 2000 });
    expect(confirmed.status).toBe('failed');
    await expect.poll(async () => (await me.api.invoice({ id: started.invoice_id })).status).toBe('Cancelled');
    expect((await me.api.unpaidInvoices()).invoices).toEqual([]);
    expect((await me.api.invoices()).invoices.map((i) => [i.id, i.status])).toEqual([[started.invoice_id, 'Cancelled']]);
    // The event that closes it carries the status the invoice has.
    expect(await invoiceEvents(t.database, started.invoice_id)).toEqual([
      ['invoice.created', 'pending'],
      ['invoice.cancelled', 'cancelled'],
    ]);
    // Tried again and paid: the same invoice is paid, and says so.
    await payTestCard(me.api, CARDS.ok, { invoiceId: started.invoice_id });
    await expect.poll(async () => (await me.api.invoice({ id: started.invoice_id })).status).toBe('Paid');
    expect((await invoiceEvents(t.database, started.invoice_id)).slice(2)).toEqual([['invoice.paid', 'paid']]);
  });

  it('shows an abandoned deposit as a pending payment that expires after 24 hours, never as unpaid; paid, it is Paid', async () => {
    const me = await fundedReseller(t, 'deposit-abandoned@example.com', 0);
    const started = await startTestCard(me.api, CARDS.ok, { amount: 2000 });
    expect((await me.api.invoice({ id: started.invoice_id })).status).toBe('Pending');
    expect((await me.api.unpaidInvoices()).invoices).toEqual([]);
    // Read before the job closes it (deposit-expiry.test.ts): a day after its latest attempt it reads Expired already.
    await t.database.db.execute(sql`update invoices set created_at = now() - interval '25 hours' where id = ${started.invoice_id}`);
    expect((await me.api.invoice({ id: started.invoice_id })).status).toBe('Pending');
    await t.database.db.execute(sql`update payments set created_at = now() - interval '25 hours' where invoice_id = ${started.invoice_id}`);
    expect((await me.api.invoice({ id: started.invoice_id })).status).toBe('Expired');
    expect((await me.api.unpaidInvoices()).invoices).toEqual([]);
    // Confirmed after all (the card went through): the money is credited and the deposit is paid.
    await me.api.testGatewayConfirm({ client_secret: started.client_secret });
    await expect.poll(async () => (await me.api.invoice({ id: started.invoice_id })).status).toBe('Paid');
  });

  it("keeps an admin's sent invoice unpaid until it is paid", async () => {
    const boss = await fundedReseller(t, 'deposit-admin@example.com', 0);
    await t.database.db.execute(sql`update resellers set is_admin = true where id = ${boss.id}`);
    const admin = await t.signIn('deposit-admin@example.com', 'Funded!Password1');
    const user = await fundedReseller(t, 'deposit-user@example.com', 0, { parentId: boss.id });
    const { invoice_id } = await admin.api.createUserInvoice({ user_reseller_id: user.id, amount: 500 });
    expect((await user.api.unpaidInvoices()).invoices.map((i) => [i.id, i.status])).toEqual([[invoice_id, 'Unpaid']]);
    // A declined card on it leaves it unpaid: it is owed, and nothing closes it.
    await payTestCard(user.api, CARDS.declined, { invoiceId: invoice_id });
    // Once the gateway's notification of the decline is in (it may come after its answer).
    await expect.poll(async () => (await query<{ status: string }>(t, sql`select status from payments where invoice_id = ${invoice_id}`))[0]?.status).toBe('failed');
    expect((await user.api.unpaidInvoices()).invoices.map((i) => i.id)).toEqual([invoice_id]);
    expect(await invoiceEvents(t.database, invoice_id)).toEqual([['invoice.created', 'unpaid']]);
  });

  it('keeps one list of statuses: what the database allows is what events carry and the invoice calls show', async () => {
    const [check] = await query<{ definition: string }>(t, sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'invoices_status_check'`);
    const allowed = [...(check?.definition ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]);
    expect(allowed.sort()).toEqual([...INVOICE_STATUSES].sort());
  });
});
