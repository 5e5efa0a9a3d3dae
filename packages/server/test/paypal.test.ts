/**
 * PayPal at its boundary: Orders v2 against a local stand-in of PayPal's API, the 400002 form to the
 * approval page, capture on return with a request id, and notifications verified through PayPal's
 * signature check. Credited exactly once whichever way the success is heard, however often.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from './support/app.js';
import { invoiceEvents } from './support/events.js';
import { failure } from './support/expect.js';
import { paypalEnv, paypalStub } from './support/paypal-stub.js';
import { balanceCents, fundedReseller, ledger, query } from './support/sql.js';

const stub = await paypalStub();
afterAll(() => stub.close());
const t = await testApp({ env: { ...paypalEnv(stub.url), RATE_LIMIT_PAYMENTS_PER_IP: '1000' } });

let seq = 0;
const payer = () => fundedReseller(t, `paypal${++seq}@example.com`, 0);
const deposits = async (id: number) => (await ledger(t, id)).filter((r) => r.kind === 'deposit');

function deliver(event: { payload: string; headers: Record<string, string> }) {
  return t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', headers: event.headers, payload: event.payload });
}

async function started(me: Awaited<ReturnType<typeof payer>>, amount: number | string = 2000) {
  const answer = await me.api.payByRedirect({ name: 'Ann Payer', email: 'ann@example.com', amount });
  const [row] = await query<{ provider_ref: string }>(t, sql`select provider_ref from payments where id = ${answer.payment_id}`);
  return { answer, orderId: row?.provider_ref as string };
}

describe('PayPal payments', () => {
  it('answers 400002 with a form the browser submits to the approval page', async () => {
    const me = await payer();
    const raw = await t.post('/api/v1/payments/paypal', { name: 'Ann', email: 'ann@example.com', amount: '2500.50' }, me.token);
    expect(raw.json.header).toMatchObject({ code: 400002, status: 'success' });
    const body = raw.json.body as { form: string; approve_url: string; payment_id: number; invoice_id: number };
    const [row] = await query<{ provider_ref: string }>(t, sql`select provider_ref from payments where id = ${body.payment_id}`);
    const orderId = row?.provider_ref as string;
    expect(body.approve_url).toBe(`https://www.sandbox.paypal.test/checkoutnow?token=${orderId}`);
    expect(body.form).toBe(
      `<form id="payment-redirect" method="get" action="https://www.sandbox.paypal.test/checkoutnow"><input type="hidden" name="token" value="${orderId}"></form>`,
    );
    const order = stub.orders.get(orderId);
    expect(order?.purchase_units[0]).toMatchObject({ custom_id: String(body.payment_id), reference_id: `invoice-${body.invoice_id}`, amount: { currency_code: 'USD', value: '2500.50' } });
    expect(order?.return_url).toBe(`http://panel.test/${me.user.custom_url}/payments/success?payment=${body.payment_id}`);
    const create = stub.requests.find((r) => r.path === '/v2/checkout/orders' && r.method === 'POST');
    expect(create?.headers['paypal-request-id']).toMatch(/^order-\d+-/);
  });

  it('credits on return when the success page asks: the approved order is captured with a request id, once', async () => {
    const me = await payer();
    const { answer, orderId } = await started(me);
    // Back from PayPal before approving: nothing yet.
    expect((await me.api.verifyPayment({ payment_id: answer.payment_id })).payment.status).toBe('pending');
    stub.approve(orderId);
    const checks = await Promise.all(Array.from({ length: 3 }, () => me.api.verifyPayment({ payment_id: answer.payment_id })));
    expect(checks.map((c) => c.payment.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(await balanceCents(t, me.id)).toBe(200_000);
    const captures = stub.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/capture`);
    expect(captures.length).toBeGreaterThanOrEqual(1);
    for (const c of captures) expect(c.headers['paypal-request-id']).toBe(`capture-${orderId}`);
    const invoice = await me.api.invoice({ id: answer.invoice_id });
    expect(invoice).toMatchObject({ status: 'Paid', payment_method: 'PayPal', transactions: [{ transid: stub.captureResource(orderId).id, amountin: 2000 }] });

    // PayPal's notifications of the same capture, ten times over, credit nothing more.
    const completed = stub.event('PAYMENT.CAPTURE.COMPLETED', stub.captureResource(orderId));
    for (let i = 0; i < 10; i++) expect((await deliver(completed)).statusCode).toBe(200);
    expect(await deposits(me.id)).toHaveLength(1);
    expect(await balanceCents(t, me.id)).toBe(200_000);
  });

  it('captures and credits on the CHECKOUT.ORDER.APPROVED notification when the buyer never comes back', async () => {
    const me = await payer();
    const { answer, orderId } = await started(me);
    stub.approve(orderId);
    const approved = stub.event('CHECKOUT.ORDER.APPROVED', { id: orderId, status: 'APPROVED' });
    const res = await deliver(approved);
    expect(res.statusCode).toBe(200);
    expect(res.json().header.code).toBe(400011);
    expect(await balanceCents(t, me.id)).toBe(200_000);
    expect((await deliver(approved)).statusCode).toBe(200);
    expect((await deliver(stub.event('PAYMENT.CAPTURE.COMPLETED', stub.captureResource(orderId)))).statusCode).toBe(200);
    expect((await me.api.verifyPayment({ payment_id: answer.payment_id })).balance).toBe(2000);
    expect(await deposits(me.id)).toHaveLength(1);
  });

  it('refuses notifications whose signature does not verify, and changes nothing', async () => {
    const me = await payer();
    const { orderId } = await started(me);
    stub.approve(orderId);
    const forged = stub.event('CHECKOUT.ORDER.APPROVED', { id: orderId, status: 'APPROVED' }, { webhookId: 'WH-SOMEONE-ELSE' });
    expect((await deliver(forged)).statusCode).toBe(400);
    const good = stub.event('CHECKOUT.ORDER.APPROVED', { id: orderId, status: 'APPROVED' });
    const changed = await deliver({ ...good, payload: good.payload.replace('APPROVED"}', 'APPROVED","x":1}') });
    expect(changed.statusCode).toBe(400);
    const { 'paypal-transmission-sig': _sig, ...unsigned } = good.headers;
    const missing = await deliver({ payload: good.payload, headers: unsigned });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().header.code).toBe('rspf-webhook-4101');
    expect(await balanceCents(t, me.id)).toBe(0);
    expect(stub.requests.some((r) => r.path === `/v2/checkout/orders/${orderId}/capture`)).toBe(false);
  });

  it('records a declined capture as failed, cancelling the deposit (never an unpaid invoice) yet letting it be paid again', async () => {
    const me = await payer();
    const { answer, orderId } = await started(me);
    stub.approve(orderId);
    stub.declineCaptures();
    try {
      const checked = await me.api.verifyPayment({ payment_id: answer.payment_id });
      expect(checked.payment).toMatchObject({ status: 'failed', failure_code: 'CAPTURE_DECLINED' });
    } finally {
      stub.declineCaptures(false);
    }
    expect((await me.api.unpaidInvoices()).invoices).toEqual([]);
    expect((await me.api.invoice({ id: answer.invoice_id })).status).toBe('Cancelled');
    expect(await invoiceEvents(t.database, answer.invoice_id)).toEqual([
      ['invoice.created', 'pending'],
      ['invoice.cancelled', 'cancelled'],
    ]);
    // Paid again by PayPal, the same invoice is paid once.
    const again = await me.api.payByRedirect({ invoiceId: answer.invoice_id, invoicePayment: true });
    const [row] = await query<{ provider_ref: string }>(t, sql`select provider_ref from payments where id = ${again.payment_id}`);
    stub.approve(row?.provider_ref as string);
    expect((await me.api.verifyPayment({ payment_id: again.payment_id })).payment.status).toBe('succeeded');
    expect((await me.api.invoice({ id: answer.invoice_id })).status).toBe('Paid');
    expect((await invoiceEvents(t.database, answer.invoice_id)).at(-1)).toEqual(['invoice.paid', 'paid']);
  });

  it('keeps the rules of a deposit and answers an unreachable PayPal plainly', async () => {
    const me = await payer();
    const low = await failure(me.api.payByRedirect({ amount: 100 }));
    expect(low).toMatchObject({ httpStatus: 422, message: 'Amount should be greater than $2000' });
    const down = await testApp({ env: { ...paypalEnv('http://127.0.0.1:9'), RATE_LIMIT_PAYMENTS_PER_IP: '1000' } });
    const someone = await fundedReseller(down, 'paypal-down@example.com', 0);
    const e = await failure(someone.api.payByRedirect({ amount: 2000 }));
    expect(e).toMatchObject({ httpStatus: 502, code: 'rspf-payment-4004' });
    expect((await someone.api.unpaidInvoices()).invoices).toEqual([]);
  });
});
