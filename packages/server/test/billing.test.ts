/**
 * Billing through the API with the built-in test gateway (002 §2–§9): payment methods, deposits and
 * their rules, card outcomes, the success page's check, invoices with their PDF, transactions,
 * Idempotency-Key, and the partner reseller kept out of billing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MODULES, TEST_CARDS, type Transaction } from '@partner-panel/sdk';
import { SCENARIOS } from '../src/adapters/payments/test-gateway.js';
import { PAYMENT_PROVIDERS } from '../src/db/schema/index.js';
import { testApp } from './support/app.js';
import { readPdf } from './support/pdf.js';
import { failure } from './support/expect.js';
import { CARDS, cardToken, payTestCard, startTestCard } from './support/billing.js';
import { balanceCents, fundedReseller, ledger, query } from './support/sql.js';

const t = await testApp({
  env: {
    RATE_LIMIT_PAYMENTS_PER_RESELLER: '1000',
    RATE_LIMIT_PAYMENTS_PER_IP: '1000',
    SELLER_NAME: 'Northwind VPN Ltd',
    SELLER_ADDRESS: '1 Harbour Street|Dublin D02 XY45, Ireland',
    SELLER_TAX_ID: 'IE1234567T',
  },
});

let seq = 0;
async function payer(start = 0) {
  seq += 1;
  return fundedReseller(t, `payer${seq}@example.com`, start);
}

/** Every event the test gateway has emitted so far has reached the app's webhook route and been handled. */
const gatewaySettled = () => t.app.ctx.payments.testGateway?.settled();

const paymentRow = async (id: number) =>
  (await query<{ status: string; failure_code: string | null; transaction_ref: string | null }>(t, sql`select status, failure_code, transaction_ref from payments where id = ${id}`))[0];

describe('payment methods (002 §3, §7; 001 §7)', () => {
  it('offers the built-in test gateway by default, at the 400001 fetch and at GET /api/v1/payments', async () => {
    const me = await payer();
    const methods = await t.get('/api/v1/payments/methods', me.token);
    expect(methods.json.header).toMatchObject({ code: 400001, status: 'success' });
    expect(methods.json.body).toEqual({ payment_methods: [{ module: 'testgateway', display_name: 'Test Card', type: 'card', publishable_key: null }] });
    const payments = await t.get('/api/v1/payments', me.token);
    expect(payments.json.header.code).toBe(400001);
    expect(payments.json.body).toMatchObject({ payment_methods: [{ module: 'testgateway' }], payments: [] });
    expect((await t.get('/api/settings')).json.body).toMatchObject({ payments: { stripe_publishable_key: null, methods: ['testgateway'] } });
  });

  it('refuses a method that is not configured', async () => {
    const me = await payer();
    const e = await failure(me.api.payByCard({ name: 'Ann', token: 'pm_card_visa', amount: 2000 }));
    expect(e).toMatchObject({ httpStatus: 422, code: 'rspf-payment-4002', message: 'This payment method is not available.' });
    const paypal = await failure(me.api.payByRedirect({ amount: 2000 }));
    expect(paypal.code).toBe('rspf-payment-4002');
  });

  it('keeps the test cards, the gateway and the schema in step', () => {
    expect(TEST_CARDS.map((c) => c.number).sort()).toEqual(Object.keys(SCENARIOS).sort());
    expect([...PAYMENT_PROVIDERS]).toEqual([...PAYMENT_MODULES]);
  });
});

describe('deposit rules (002 §5, §9)', () => {
  it("answers 'Please enter valid amount' and 'Amount should be greater than $2000', and 'Name is required.'", async () => {
    const me = await payer();
    const token = await cardToken(me.api, CARDS.ok);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'Ann', token }, 'amount', 'Please enter valid amount'],
      [{ name: 'Ann', token, amount: '' }, 'amount', 'Please enter valid amount'],
      [{ name: 'Ann', token, amount: 'lots' }, 'amount', 'Please enter valid amount'],
      [{ name: 'Ann', token, amount: 1999.99 }, 'amount', 'Amount should be greater than $2000'],
      [{ name: 'Ann', token, amount: '12.345' }, 'amount', 'Please enter valid amount'],
      [{ name: 'Ann', token, amount: 1_000_000 }, 'amount', 'Amount should be less than $1,000,000'],
      [{ name: '  ', token, amount: 2000 }, 'name', 'Name is required.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.post('/api/v1/payments/testgateway', body, me.token);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.header.message).toBe(message);
      expect(Object.keys((res.json.body as { errors: Record<string, string[]> }).errors)).toEqual([field]);
    }
    // Nothing was written for any of them.
    expect(await query(t, sql`select id from invoices where reseller_id = ${me.id}`)).toEqual([]);
    expect(await query(t, sql`select id from payments where reseller_id = ${me.id}`)).toEqual([]);
  });

  it('takes exactly $2000, as a number or as text', async () => {
    const me = await payer();
    const a = await startTestCard(me.api, CARDS.ok, { amount: 2000 });
    const b = await startTestCard(me.api, CARDS.ok, { amount: '2000.50' });
    const amounts = await query<{ amount_cents: number }>(t, sql`select amount_cents from payments where id in (${a.payment_id}, ${b.payment_id}) order by id`);
    expect(amounts.map((r) => Number(r.amount_cents))).toEqual([200_000, 200_050]);
  });
});

describe('who may pay', () => {
  it('lets a deactivated account add funds: deactivation pauses spending, not paying', async () => {
    const me = await payer();
    await me.api.updateProfile({ update: 'status', value: 2 });
    await payTestCard(me.api, CARDS.ok, { amount: 2000 });
    await expect.poll(() => balanceCents(t, me.id)).toBe(200_000);
  });
});

describe('card payments with the test gateway (002 §4)', () => {
  it('credits a deposit once: intent, 400002 with client_secret, confirm, signed event; invoice paid, transaction listed', async () => {
    const me = await payer(10_000);
    const token = await cardToken(me.api, CARDS.ok);
    const raw = await t.post('/api/v1/payments/testgateway', { name: 'Ann Payer', email: 'ann@example.com', token, amount: 2500 }, me.token);
    expect(raw.json.header).toMatchObject({ code: 400002, status: 'success' });
    const started = raw.json.body as { client_secret: string; payment_id: number; invoice_id: number; status: string };
    expect(started).toMatchObject({ status: 'requires_confirmation', client_secret: expect.stringMatching(/^pi_test_\w+_secret_\w+$/) });

    // Starting a deposit made a pending 'Wallet Deposit' payment, not an invoice owed (docs/api.md).
    expect((await me.api.unpaidInvoices()).invoices).toEqual([]);
    expect((await me.api.invoices()).invoices).toEqual([expect.objectContaining({ id: started.invoice_id, status: 'Pending', description: 'Wallet Deposit', total: 2500, name: me.user.name })]);

    const confirmed = await me.api.testGatewayConfirm({ client_secret: started.client_secret });
    expect(confirmed).toEqual({ status: 'succeeded', next_action: null, error: null });
    await expect.poll(() => balanceCents(t, me.id)).toBe(10_000 + 250_000);

    const invoice = await me.api.invoice({ id: started.invoice_id });
    expect(invoice).toMatchObject({ status: 'Paid', payment_method: 'Test Card', total: 2500, description: 'Wallet Deposit', email: me.user.email });
    expect(invoice.datepaid).not.toBeNull();
    expect(invoice.transactions).toEqual([{ transid: expect.stringMatching(/^ch_test_/), date: invoice.datepaid, amountin: 2500 }]);
    expect((await me.api.unpaidInvoices()).invoices).toEqual([]);

    const { transactions } = await me.api.transactions();
    expect(transactions[0]).toMatchObject({
      transaction_id: invoice.transactions[0]?.transid,
      gateway: 'Test Card',
      amount_in: 2500,
      amount_out: 0,
      balance_after: 2600,
      invoice_id: started.invoice_id,
      description: `Deposit by Test Card, invoice #${started.invoice_id}`,
    });
    const [notification] = (await me.api.unreadNotifications()).data.map((n) => JSON.parse(n.data));
    expect(notification).toMatchObject({ type: 'payment_received', redirect: `billing/invoice/${started.invoice_id}` });

    // The success page's check finds it credited and credits nothing more.
    const verified = await t.post('/api/v1/payments/verify', { payment_id: started.payment_id }, me.token);
    expect(verified.json.header).toMatchObject({ code: 400003, message: 'Your payment was received and your wallet credited.' });
    expect(verified.json.body).toMatchObject({ payment: { status: 'succeeded', amount: 2500 }, balance: 2600 });
    // Confirming again changes nothing either.
    expect((await me.api.testGatewayConfirm({ client_secret: started.client_secret })).status).toBe('succeeded');
    await gatewaySettled();
    expect((await ledger(t, me.id)).filter((r) => r.kind === 'deposit')).toHaveLength(2);
    expect(await balanceCents(t, me.id)).toBe(260_000);
  });

  it('shows a declined card its decline code, cancels the deposit (never an unpaid invoice), and lets it be paid again', async () => {
    const me = await payer();
    const { started, confirmed } = await payTestCard(me.api, CARDS.noFunds, { amount: 2000 });
    expect(confirmed).toEqual({ status: 'failed', next_action: null, error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
    await expect.poll(async () => (await paymentRow(started.payment_id))?.status).toBe('failed');
    expect(await paymentRow(started.payment_id)).toMatchObject({ failure_code: 'insufficient_funds' });
    expect(await balanceCents(t, me.id)).toBe(0);
    // A declined deposit was never owed: no unpaid invoice, the deposit reads Cancelled.
    expect((await me.api.unpaidInvoices()).invoices).toEqual([]);
    expect((await me.api.invoice({ id: started.invoice_id })).status).toBe('Cancelled');

    const generic = await payTestCard(me.api, CARDS.declined, { invoiceId: started.invoice_id });
    expect(generic.confirmed.error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    const expired = await payTestCard(me.api, CARDS.expired, { invoiceId: started.invoice_id });
    expect(expired.confirmed.error).toMatchObject({ code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' });

    // Pay Invoice: the amount comes from the invoice, whatever the browser sends.
    const paid = await startTestCard(me.api, CARDS.ok, { invoiceId: started.invoice_id });
    expect(paid.invoice_id).toBe(started.invoice_id);
    await me.api.testGatewayConfirm({ client_secret: paid.client_secret });
    await expect.poll(() => balanceCents(t, me.id)).toBe(200_000);
    const invoice = await me.api.invoice({ id: started.invoice_id });
    expect(invoice.status).toBe('Paid');
    expect(invoice.transactions).toHaveLength(1);
    const again = await failure(startTestCard(me.api, CARDS.ok, { invoiceId: started.invoice_id }));
    expect(again).toMatchObject({ httpStatus: 409, code: 'rspf-invoice-4012', message: 'This invoice is already paid.' });
  });

  it('completes a card that asks for a confirmation step, and fails one whose step is refused', async () => {
    const me = await payer();
    const { started, confirmed } = await payTestCard(me.api, CARDS.confirm, { amount: 2000 });
    expect(confirmed).toEqual({ status: 'requires_action', next_action: 'authenticate', error: null });
    expect(await balanceCents(t, me.id)).toBe(0);
    expect(await me.api.testGatewayAuthenticate({ client_secret: started.client_secret, approve: true })).toMatchObject({ status: 'succeeded' });
    await expect.poll(() => balanceCents(t, me.id)).toBe(200_000);

    const refused = await payTestCard(me.api, CARDS.confirm, { amount: 2000 });
    const answer = await me.api.testGatewayAuthenticate({ client_secret: refused.started.client_secret, approve: false });
    expect(answer.error).toMatchObject({ code: 'payment_intent_authentication_failure', decline_code: 'authentication_failed' });
    const declined = await payTestCard(me.api, CARDS.confirmThenDeclined, { amount: 2000 });
    expect(declined.confirmed.next_action).toBe('authenticate');
    const after = await me.api.testGatewayAuthenticate({ client_secret: declined.started.client_secret, approve: true });
    expect(after.error).toMatchObject({ code: 'card_declined', decline_code: 'card_declined' });
    await gatewaySettled();
    expect(await balanceCents(t, me.id)).toBe(200_000);
  });

  it('credits a payment whose notification was lost when the success page asks, exactly once', async () => {
    const me = await payer();
    const { started, confirmed } = await payTestCard(me.api, CARDS.lostEvent, { amount: 3000 });
    expect(confirmed.status).toBe('succeeded');
    await gatewaySettled();
    expect(await balanceCents(t, me.id)).toBe(0);
    const checks = await Promise.all(Array.from({ length: 5 }, () => me.api.verifyPayment({ payment_id: started.payment_id })));
    for (const c of checks) expect(c.payment.status).toBe('succeeded');
    expect(await balanceCents(t, me.id)).toBe(300_000);
    expect((await ledger(t, me.id)).filter((r) => r.kind === 'deposit')).toHaveLength(1);
    expect((await me.api.invoice({ id: started.invoice_id })).status).toBe('Paid');
  });

  it('answers a pending payment as being confirmed, and another reseller\'s payment as not found', async () => {
    const me = await payer();
    const started = await startTestCard(me.api, CARDS.ok, { amount: 2000 });
    const pending = await t.post('/api/v1/payments/verify', { payment_id: started.payment_id }, me.token);
    expect(pending.json.header.message).toBe('Your payment is being confirmed. This may take 1 to 2 minutes.');
    expect(pending.json.body).toMatchObject({ payment: { status: 'pending' } });
    const other = await payer();
    const e = await failure(other.api.verifyPayment({ payment_id: started.payment_id }));
    expect(e).toMatchObject({ httpStatus: 404, code: 'rspf-payment-4003' });
    const stranger = await failure(other.api.testGatewayConfirm({ client_secret: `${started.client_secret}x` }).then((r) => {
      if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
      return r;
    }));
    expect(stranger.code).toBe('resource_missing');
  });

  it('refuses cards that are not test cards, past expiry dates and bad security codes', async () => {
    const me = await payer();
    const year = new Date().getUTCFullYear();
    const real = await me.api.testGatewayToken({ number: '4111 1111 1111 1111', exp_month: 12, exp_year: year + 1, cvc: '123', name: 'Ann' });
    expect(real).toMatchObject({ token: null, error: { code: 'incorrect_number' } });
    const expired = await me.api.testGatewayToken({ number: CARDS.ok, exp_month: 1, exp_year: year - 1, cvc: '123', name: 'Ann' });
    expect(expired.error?.code).toBe('invalid_expiry_year');
    const cvc = await me.api.testGatewayToken({ number: CARDS.ok, exp_month: 12, exp_year: year + 1, cvc: '1x', name: 'Ann' });
    expect(cvc.error?.code).toBe('invalid_cvc');
    const forged = await failure(me.api.payByTestCard({ name: 'Ann', token: 'tok_test_1111_abc', amount: 2000 }));
    expect(forged).toMatchObject({ httpStatus: 402, code: 'rspf-payment-4001', message: 'The card could not be read. Please enter it again.', body: { code: 'token_invalid' } });
    // The deposit invoice of an attempt that could not start is cancelled, not left to pay.
    expect((await me.api.unpaidInvoices()).invoices).toEqual([]);
  });
});

describe('Idempotency-Key on money-moving calls', () => {
  it('answers a retried payment call with its first answer, moving nothing twice', async () => {
    const me = await payer();
    const token = await cardToken(me.api, CARDS.ok);
    const send = (body: Record<string, unknown>, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/testgateway',
        headers: { authorization: `Bearer ${me.token}`, 'idempotency-key': key, 'csrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` },
        payload: body,
      });
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().body.csrf_token as string;
    const body = { name: 'Ann', token, amount: 2000 };
    const first = await send(body, 'deposit-attempt-1');
    const second = await send(body, 'deposit-attempt-1');
    expect(first.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await query(t, sql`select id from payments where reseller_id = ${me.id}`)).toHaveLength(1);
    const other = await send({ ...body, amount: 3000 }, 'deposit-attempt-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().header).toMatchObject({ code: 'rspf-idempotency-1102' });
    const bad = await send(body, 'x'.repeat(256));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().header.code).toBe('rspf-idempotency-1101');
    // Bad input is refused before the key is claimed: the corrected attempt may use the same key.
    const low = await send({ ...body, amount: 10 }, 'deposit-attempt-2');
    expect(low.statusCode).toBe(422);
    expect((await send({ ...body, amount: 2100 }, 'deposit-attempt-2')).statusCode).toBe(200);
  });

  it('charges a retried coupon generation once, and the SDK sends a key by itself', async () => {
    const me = await payer(20_000);
    const generate = { quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'IDEM' } as const;
    const a = await me.api.generateCoupons(generate, { idempotencyKey: 'gen-1' });
    const b = await me.api.generateCoupons(generate, { idempotencyKey: 'gen-1' });
    expect(b.codes).toEqual(a.codes);
    expect(await balanceCents(t, me.id)).toBe(20_000 - 4_500);
    await me.api.generateCoupons(generate);
    await me.api.generateCoupons(generate);
    expect(await balanceCents(t, me.id)).toBe(20_000 - 3 * 4_500);
    expect(await query(t, sql`select key from idempotency_keys where scope = ${`reseller:${me.id}`}`)).toHaveLength(3);
  });
});

describe('invoices (002 §2, §3)', () => {
  it('lists invoices newest first with paging and search, deposits not yet paid as pending (never unpaid), and answers No Record Found for others', async () => {
    const me = await payer();
    const ids: number[] = [];
    for (const amount of [2000, 2100, 2200]) ids.push((await startTestCard(me.api, CARDS.ok, { amount })).invoice_id);
    const paid = await startTestCard(me.api, CARDS.ok, { invoiceId: ids[0] as number });
    await me.api.testGatewayConfirm({ client_secret: paid.client_secret });
    await expect.poll(async () => (await me.api.invoice({ id: ids[0] as number })).status).toBe('Paid');
    expect((await me.api.unpaidInvoices()).total).toBe(0);

    const all = await t.post('/api/v1/resellers/invoices', {}, me.token);
    expect(all.json.header).toMatchObject({ code: 40002, status: 'success' });
    const list = all.json.body as { invoices: { id: number; status: string }[]; total: number };
    expect(list.invoices.map((i) => i.id)).toEqual([...ids].reverse());
    expect(list.total).toBe(3);
    expect((await me.api.invoices({ page: 2, page_limit: 2 })).invoices.map((i) => i.id)).toEqual([ids[0]]);
    expect((await me.api.invoices({ search: '2,100' })).invoices.map((i) => i.id)).toEqual([ids[1]]);
    expect((await me.api.invoices({ search: `#${ids[2]}` })).invoices.map((i) => i.id)).toEqual([ids[2]]);
    expect((await me.api.invoices({ search: 'paid' })).total).toBe(1);
    expect((await me.api.invoices({ search: 'pending' })).total).toBe(2);
    expect(list.invoices.map((i) => i.status)).toEqual(['Pending', 'Pending', 'Paid']);
    const unpaid = await t.post('/api/v1/resellers/unpaid/invoices', {}, me.token);
    expect(unpaid.json.header.code).toBe(40003);
    expect((unpaid.json.body as typeof list).invoices).toEqual([]);

    const detail = await t.post('/api/v1/resellers/invoice', { id: ids[0] }, me.token);
    expect(detail.json.header.code).toBe(40001);
    const other = await payer();
    for (const id of [ids[0], 999_999]) {
      const e = await failure(other.api.invoice({ id: id as number }));
      expect(e).toMatchObject({ httpStatus: 404, code: 'rspf-invoice-4011', message: 'No Record Found' });
    }
    const notYours = await failure(startTestCard(other.api, CARDS.ok, { invoiceId: ids[1] as number }));
    expect(notYours.code).toBe('rspf-invoice-4011');
  });

  it('renders an invoice as a PDF that carries its number, date, payer, total and the seller from the settings', async () => {
    const me = await payer();
    const { started } = await payTestCard(me.api, CARDS.ok, { amount: '2345.60' });
    await expect.poll(async () => (await me.api.invoice({ id: started.invoice_id })).status).toBe('Paid');
    const invoice = await me.api.invoice({ id: started.invoice_id });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/resellers/invoice/pdf?id=${started.invoice_id}`, headers: { authorization: `Bearer ${me.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${started.invoice_id}.pdf"`);
    const { pages, text } = await readPdf(new Uint8Array(res.rawPayload));
    expect(pages).toBe(1);
    expect(text).toContain(`Invoice #${started.invoice_id}`);
    // The date written out by Intl in the reader's language: English for a person who chose none.
    expect(text).toContain(`Invoice date: ${new Date(invoice.date).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}`);
    expect(text).toContain(me.user.name);
    expect(text).toContain(me.user.email);
    expect(text).toContain('Total');
    expect(text).toContain('$2,345.60');
    expect(text).toContain('Status: Paid');
    expect(text).toContain(invoice.transactions[0]?.transid);
    // The seller's details from the settings (ours: SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID).
    for (const line of ['Northwind VPN Ltd', '1 Harbour Street', 'Dublin D02 XY45, Ireland', 'Tax ID: IE1234567T']) expect(text).toContain(line);
    // The raw calls answer a Blob (the contract types them by their schema).
    const blob = (await me.api.invoicePdf({ id: started.invoice_id })) as unknown as Blob;
    expect(blob.size).toBe(res.rawPayload.length);
    const other = await payer();
    const e = await failure(other.api.invoicePdf({ id: started.invoice_id }));
    expect(e).toMatchObject({ httpStatus: 404, message: 'No Record Found' });
  });
});

describe('transactions: the ledger seen by its reseller (002 §2)', () => {
  it('lists every movement newest first, 5 a page by default, 20 or 25 on request, searchable, one by id', async () => {
    const me = await payer(100_000);
    const generate = { quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'TXN' } as const;
    for (let i = 0; i < 6; i++) await me.api.generateCoupons(generate);
    const coupons = await me.api.listCoupons({ code: 'TXN', dateStart: '', dateEnd: '', billingType: '' });
    await me.api.deleteCoupon({ couponID: coupons.data[0]?.Coupon_ID as number });
    await me.api.createVpnAccount({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: 'end@example.com', addon_id: '' });
    const { started } = await payTestCard(me.api, CARDS.ok, { amount: 2000 });
    await expect.poll(() => balanceCents(t, me.id)).toBe(100_000 - 6 * 4_500 + 4_500 - 300 + 200_000);

    const res = await t.post('/api/v1/resellers/transactions', {}, me.token);
    expect(res.json.header).toMatchObject({ code: 40004, status: 'success' });
    const page = res.json.body as { transactions: Transaction[]; total: number };
    expect(page.total).toBe(1 + 6 + 1 + 1 + 1);
    expect(page.transactions).toHaveLength(5);
    expect(page.transactions.map((r) => r.description)).toEqual([
      `Deposit by Test Card, invoice #${started.invoice_id}`,
      expect.stringMatching(/^VPN account/),
      expect.stringMatching(/^Refund of coupon TXN/),
      expect.stringMatching(/^Coupons/),
      expect.stringMatching(/^Coupons/),
    ]);
    const purchase = page.transactions[3];
    expect(purchase).toMatchObject({ gateway: 'Wallet', amount_in: 0, amount_out: 45, transaction_id: expect.stringMatching(/^WLT-\d{8}$/) });
    expect(page.transactions[2]).toMatchObject({ amount_in: 45, amount_out: 0 });
    expect((await me.api.transactions({ page_limit: 20 })).transactions).toHaveLength(10);
    expect((await me.api.transactions({ page_limit: 25, page: 1 })).transactions).toHaveLength(10);
    expect((await me.api.transactions({ page: 2 })).transactions).toHaveLength(5);
    expect((await me.api.transactions({ search: 'refund' })).total).toBe(1);
    expect((await me.api.transactions({ search: 'test card' })).total).toBe(1);
    expect((await me.api.transactions({ search: '45' })).total).toBe(7);
    expect((await me.api.transactions({ search: purchase?.transaction_id })).transactions.map((r) => r.id)).toEqual([purchase?.id]);

    const one = await t.post('/api/v1/resellers/transaction', { id: purchase?.id }, me.token);
    expect(one.json.header.code).toBe(40006);
    expect((one.json.body as { transaction: unknown }).transaction).toEqual(purchase);
    const other = await payer();
    const e = await failure(other.api.transaction({ id: purchase?.id as number }));
    expect(e).toMatchObject({ httpStatus: 404, code: 'rspf-transaction-4021', message: 'No Record Found' });
  });
});

describe('the partner reseller 903 has no billing (000 §6)', () => {
  it('is refused every billing call', async () => {
    const partner = await t.signIn('partner@demo.partner-panel.test');
    const calls: [string, 'GET' | 'POST', unknown][] = [
      ['/api/v1/payments/methods', 'GET', undefined],
      ['/api/v1/payments', 'GET', undefined],
      ['/api/v1/payments/testgateway', 'POST', { name: 'P', token: 'tok_test_4242_x', amount: 2000 }],
      ['/api/v1/payments/verify', 'POST', { payment_id: 1 }],
      ['/api/v1/resellers/invoices', 'POST', {}],
      ['/api/v1/resellers/unpaid/invoices', 'POST', {}],
      ['/api/v1/resellers/invoice', 'POST', { id: 1001 }],
      ['/api/v1/resellers/invoice/pdf?id=1001', 'GET', undefined],
      ['/api/v1/resellers/transactions', 'POST', {}],
      ['/api/v1/resellers/transaction', 'POST', { id: 1 }],
    ];
    for (const [url, method, body] of calls) {
      const res = method === 'GET' ? await t.get(url, partner.token) : await t.post(url, body, partner.token);
      expect(res.status, url).toBe(403);
      expect(res.json.header, url).toMatchObject({ code: 'rspf-account-1054', status: 'error' });
    }
    expect(await query(t, sql`select id from invoices where reseller_id = 903`)).toEqual([]);
  });
});

describe('payment attempts are rate-limited (card-testing defence)', () => {
  it('per reseller and per address', async () => {
    const limited = await testApp({ env: { RATE_LIMIT_PAYMENTS_PER_RESELLER: '3', RATE_LIMIT_PAYMENTS_PER_IP: '5' } });
    const a = await fundedReseller(limited, 'limit-a@example.com', 0);
    const b = await fundedReseller(limited, 'limit-b@example.com', 0);
    for (let i = 0; i < 3; i++) await startTestCard(a.api, CARDS.ok, { amount: 2000 });
    const e = await failure(startTestCard(a.api, CARDS.ok, { amount: 2000 }));
    expect(e).toMatchObject({ httpStatus: 429, code: 'rspf-throttle-1007' });
    for (let i = 0; i < 2; i++) await startTestCard(b.api, CARDS.ok, { amount: 2000 });
    // Same address: its sixth attempt is refused though b made only two.
    const ip = await failure(startTestCard(b.api, CARDS.ok, { amount: 2000 }));
    expect(ip.httpStatus).toBe(429);
    expect(await query(limited, sql`select id from payments`)).toHaveLength(5);
  });
});
