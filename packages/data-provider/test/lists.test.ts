/** react-admin's getList and delete over the contract's list calls, against the real server. */
import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { createProviders, memoryStorage } from '../src/index.js';
import { injectFetch, testApp } from '../../server/test/support/app.js';

const t = await testApp();
const biennial = { quantity: 3, billing_cycle: 'biennially' as const, product_id: 105, addon_type: '' as const, billing_type: 1 as const, prefix: 'DP' };
const list = (perPage = 10, page = 1, filter: Record<string, unknown> = {}, meta?: Record<string, unknown>) => ({
  pagination: { page, perPage },
  sort: { field: 'generated_at', order: 'DESC' as const },
  filter,
  ...(meta ? { meta } : {}),
});

async function signedIn(email: string) {
  const p = createProviders({ fetch: injectFetch(t.app), storage: memoryStorage() });
  await p.authProvider.login({ email, password: 'DemoPass2026!' });
  return p;
}

describe('coupon lists through react-admin', () => {
  it('maps getList to page_limit/page and the filter body, with ids and the total', async () => {
    const { dataProvider } = await signedIn('reseller@demo.partner-panel.test');
    const generated = await dataProvider.generateCoupons(biennial);
    expect(generated.message).toBe('3 coupons generated successfully.');
    await dataProvider.generateCoupons({ ...biennial, quantity: 2, prefix: 'ZZ' });
    const page = await dataProvider.getList('coupons', list(2, 1));
    expect(page.total).toBe(5);
    expect(page.data).toHaveLength(2);
    expect(page.data[0]).toMatchObject({ id: page.data[0]?.Coupon_ID, code: expect.stringMatching(/^ZZ/) });
    const filtered = await dataProvider.getList('coupons', list(10, 1, { code: 'dp', billingType: '1' }));
    expect(filtered.total).toBe(3);
    expect(filtered.meta).toEqual({ capped: false });
    // One export path: a link to the server's streamed file, under the same filter.
    const link = await dataProvider.exportLink('coupons', { filter: { code: 'dp' } });
    const file = await t.app.inject({ method: 'GET', url: link.url });
    expect(file.body.trim().split('\n')).toHaveLength(4);
  });

  it('links the transaction and invoice exports under the list\'s search, Unpaid Invoices by its filter', async () => {
    const { dataProvider } = await signedIn('reseller@demo.partner-panel.test');
    const transactions = await dataProvider.exportLink('transactions', { filter: { search: 'nothing matches this' } });
    expect(transactions.url).toMatch(/^\/api\/v1\/resellers\/transactions\/export\?ticket=/);
    expect((await t.app.inject({ method: 'GET', url: transactions.url })).body.trim()).toBe('Date,Transaction ID,Gateway,Description,Amount In,Amount Out,Balance After,Invoice');
    const unpaid = await dataProvider.exportLink('invoices', { filter: { unpaid: true } });
    const file = await t.app.inject({ method: 'GET', url: unpaid.url });
    expect(file.headers['content-disposition']).toMatch(/-unpaid-invoices\.csv"$/);
  });

  it('deletes through react-admin and refunds', async () => {
    const { dataProvider, session } = await signedIn('reseller@demo.partner-panel.test');
    const [first] = (await dataProvider.getList('coupons', list())).data;
    await dataProvider.delete('coupons', { id: first?.id, previousData: first });
    expect((await dataProvider.getList('coupons', list())).total).toBe(4);
    expect((await dataProvider.refreshProfile()).balance).toBe(session.user()?.balance);
  });

  it("lists an admin's users, its user's coupons and VPN accounts, and refuses another's", async () => {
    const { dataProvider } = await signedIn('admin@demo.partner-panel.test');
    const users = await dataProvider.getList('users', list(10, 1, { email: 'sub1' }));
    expect(users.data.map((u) => u.email)).toEqual(['sub1@demo.partner-panel.test']);
    await dataProvider.generateUserCoupons(1002, { ...biennial, quantity: 1 });
    // The user's rows are the same resources, the user named in meta.
    const coupons = await dataProvider.getList('coupons', list(10, 1, {}, { userId: 1002 }));
    expect(coupons.total).toBe(1);
    expect((await dataProvider.getList('coupons', list(10, 1, {}))).data.some((c) => c.id === coupons.data[0]?.id)).toBe(false);
    expect((await dataProvider.getList('vpn-subscriptions', list(10, 1, { search: 'nobody' }, { userId: 1002 }))).total).toBe(0);
    const vpnLink = await dataProvider.exportLink('vpn-subscriptions', { filter: {}, meta: { userId: 1002 } });
    expect((await t.app.inject({ method: 'GET', url: vpnLink.url })).body).toMatch(/^Coupon,Email,VPN Username/);
    await dataProvider.delete('coupons', { id: coupons.data[0]?.id, previousData: coupons.data[0], meta: { userId: 1002 } });
    expect((await dataProvider.getList('coupons', list(10, 1, {}, { userId: 1002 }))).total).toBe(0);
    const refused = await dataProvider.getList('coupons', list(10, 1, {}, { userId: 1000 })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ message: 'User undefined', status: 404 });
  });

  it('carries the insufficient-balance message of the server', async () => {
    const { dataProvider } = await signedIn('sub1@demo.partner-panel.test');
    const error = await dataProvider.generateCoupons({ ...biennial, quantity: 60 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 402, body: { code: 'rspf-wallet-4021' } });
    expect((error as Error).message).toMatch(/^Insufficient Balance! your current balance is: \$[\d,.]+ and transaction amount is: \$[\d,.]+$/);
  });
});

describe('billing through react-admin', () => {
  it('pays with the test gateway under one Idempotency-Key, and lists the invoice and the transaction', async () => {
    const { dataProvider } = await signedIn('sub1@demo.partner-panel.test');
    const made = await dataProvider.testCardToken({ number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 1, cvc: '123', name: 'Sub One' });
    const input = { name: 'Sub One', amount: 2000, token: made.token as string };
    const started = (await dataProvider.startPayment('testgateway', input, { idempotencyKey: 'dp-key-1' })) as { payment_id: number; invoice_id: number; client_secret: string };
    // The same submission again is answered the first answer: no second payment.
    expect(await dataProvider.startPayment('testgateway', input, { idempotencyKey: 'dp-key-1' })).toEqual(started);
    expect((await dataProvider.testCardConfirm(started.client_secret)).status).toBe('succeeded');
    await expect.poll(async () => (await dataProvider.verifyPayment(started.payment_id)).body.payment.status).toBe('succeeded');

    const all = await dataProvider.getList('invoices', list(10, 1));
    expect(all.data.map((i) => i.id)).toEqual([started.invoice_id]);
    expect((await dataProvider.getList('invoices', list(10, 1, { unpaid: true }))).total).toBe(0);
    const invoice = await dataProvider.getOne('invoices', { id: started.invoice_id });
    expect(invoice.data).toMatchObject({ status: 'Paid', total: 2000, transactions: [{ amountin: 2000 }] });
    const moves = await dataProvider.getList('transactions', list(5, 1, { search: 'test card' }));
    expect(moves.total).toBe(1);
    const one = await dataProvider.getOne('transactions', { id: moves.data[0]?.id });
    expect(one.data).toMatchObject({ gateway: 'Test Card', amount_in: 2000, invoice_id: started.invoice_id });
    const pdf = await dataProvider.invoicePdf(started.invoice_id);
    expect(pdf.size).toBeGreaterThan(1000);
    await expect(dataProvider.getOne('invoices', { id: 999_999 })).rejects.toMatchObject({ message: 'No Record Found', status: 404 });
  });
});

describe("an admin's user through react-admin", () => {
  it('reads the profile as the users record, acts on it, and lists the audit lines of the user in meta', async () => {
    const { dataProvider } = await signedIn('admin@demo.partner-panel.test');
    const { data: user } = await dataProvider.getOne('users', { id: 1003 });
    expect(user).toMatchObject({ id: 1003, name: 'Contoso Sub-reseller', firstName: 'Contoso Sub-reseller', verified: false, status: 1 });
    const verified = await dataProvider.verifyUser(1003);
    expect(verified).toMatchObject({ message: 'User verified', body: { id: 1003, name: 'Contoso Sub-reseller', verified: true } });
    const priced = await dataProvider.updateUserPricing(1003, { update: 'annually', recursive: 1, value: '30' });
    expect(priced.body.recuringPricing.annually).toBe(30);
    const renamed = await dataProvider.updateUser(1003, { update: 'name', value: 'Contoso Ltd' });
    expect(renamed.body).toMatchObject({ name: 'Contoso Ltd', firstName: 'Contoso Ltd' });
    expect((await dataProvider.sendUserInvoice(1003, 150, 'sub2@demo.partner-panel.test')).message).toMatch(/^Invoice #\d+ of \$150\.00 sent to sub2@demo\.partner-panel\.test\.$/);
    const lines = await dataProvider.getList('user-audit', list(2, 1, {}, { userId: 1003 }));
    expect(lines.total).toBe(4);
    expect(lines.data.map((l) => l.action)).toEqual(['invoice.sent', 'user.name_updated']);
    expect(await dataProvider.getList('user-audit', list(10, 1, {}))).toEqual({ data: [], total: 0 });
    await expect(dataProvider.adjustUserBalance(1003, { type: 'debit', amount: 1, reason: 'Nothing there' })).rejects.toMatchObject({
      message: "The user's balance is $0.00: a debit may not take it below zero.",
      status: 422,
    });
    await expect(dataProvider.getOne('users', { id: 1000 })).rejects.toMatchObject({ message: 'User undefined', status: 404 });
  });
});

describe('a submission (one Idempotency-Key per form submission)', () => {
  it('is answered the first answer when sent again, gives a second call of one name its own key, and marks no answer', async () => {
    const { dataProvider } = await signedIn('sub1@demo.partner-panel.test');
    const input = { ...biennial, quantity: 1, prefix: 'ONCE' };
    const first = await dataProvider.generateCoupons(input, { idempotencyKey: 'dp-sub-1' });
    // The same submission again (a retry: its calls counted afresh) is the first answer, no second lot.
    expect(await dataProvider.generateCoupons(input, { idempotencyKey: 'dp-sub-1' })).toEqual(first);
    expect((await dataProvider.getList('coupons', list(10, 1, { code: 'once' }))).total).toBe(1);
    // Within one submission, a second call of the same name is a call of its own.
    const once = { idempotencyKey: 'dp-sub-2' };
    await dataProvider.generateCoupons(input, once);
    await dataProvider.generateCoupons(input, once);
    expect((await dataProvider.getList('coupons', list(10, 1, { code: 'once' }))).total).toBe(3);
    expect(once).toEqual({ idempotencyKey: 'dp-sub-2', sent: { generateCoupons: 1 } });

    // No answer at all: the submission may be sent again under its key.
    const offline = createProviders({ fetch: () => Promise.reject(new TypeError('offline')), storage: memoryStorage() });
    const cut: { idempotencyKey: string; unanswered?: boolean } = { idempotencyKey: 'dp-sub-3' };
    await expect(offline.dataProvider.generateCoupons(input, cut)).rejects.toBeInstanceOf(HttpError);
    expect(cut.unanswered).toBe(true);
    // A refusal is an answer: the next press is a new submission.
    const refused: { idempotencyKey: string; unanswered?: boolean } = { idempotencyKey: 'dp-sub-4' };
    await expect(dataProvider.generateCoupons({ ...input, quantity: 10_000 }, refused)).rejects.toBeInstanceOf(HttpError);
    expect(refused.unanswered).toBeUndefined();
  });
});
