/**
 * Stripe at its boundary: stripe-node against a local stand-in of Stripe's API, and notifications
 * signed with real Stripe signatures. Valid, wrong secret, stale, replayed, out of order, racing
 * the success page, lost: every payment is credited exactly once.
 */
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from './support/app.js';
import { invoiceEvents } from './support/events.js';
import { failure } from './support/expect.js';
import { balanceCents, fundedReseller, ledger, query } from './support/sql.js';
import { STRIPE_WEBHOOK_SECRET, stripeEnv, stripeStub } from './support/stripe-stub.js';

const stub = await stripeStub();
afterAll(() => stub.close());
const t = await testApp({ env: { ...stripeEnv(stub.url), RATE_LIMIT_PAYMENTS_PER_IP: '1000' } });

let seq = 0;
const payer = () => fundedReseller(t, `stripe${++seq}@example.com`, 0);

function deliver(event: { payload: string; header: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.header },
    payload: event.payload,
  });
}

/** Starts a $2000 card deposit and answers its payment and intent. */
async function started(me: Awaited<ReturnType<typeof payer>>, amount = 2000) {
  const answer = await me.api.payByCard({ name: 'Ann Payer', email: 'ann@example.com', token: 'pm_card_visa', amount });
  const [row] = await query<{ provider_ref: string }>(t, sql`select provider_ref from payments where id = ${answer.payment_id}`);
  const intent = stub.intents.get(row?.provider_ref as string);
  if (!intent) throw new Error('no intent at the stub');
  return { answer, intent };
}

const deposits = async (id: number) => (await ledger(t, id)).filter((r) => r.kind === 'deposit');

describe('Stripe card payments', () => {
  it('offers Stripe with its publishable key beside the test gateway', async () => {
    const me = await payer();
    const methods = await me.api.paymentMethods();
    expect(methods.payment_methods).toEqual([
      { module: 'testgateway', display_name: 'Test Card', type: 'card', publishable_key: null },
      { module: 'stripe', display_name: 'Card', type: 'card', publishable_key: 'pk_test_partner_panel' },
    ]);
    expect((await t.get('/api/settings')).json.body).toMatchObject({ payments: { stripe_publishable_key: 'pk_test_partner_panel', methods: ['testgateway', 'stripe'] } });
  });

  it('creates a PaymentIntent and answers 400002 with its client_secret', async () => {
    const me = await payer();
    const raw = await t.post('/api/v1/payments/stripe', { name: 'Ann', email: 'ann@example.com', token: 'pm_card_visa', amount: 2000, invoiceId: '', invoicePayment: false }, me.token);
    expect(raw.json.header).toMatchObject({ code: 400002, status: 'success' });
    const body = raw.json.body as { client_secret: string; payment_id: number; invoice_id: number };
    const create = stub.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1);
    expect(create?.authorization).toBe('Bearer sk_test_partner_panel');
    expect(create?.params).toMatchObject({
      amount: '200000',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      receipt_email: 'ann@example.com',
      metadata: { payment_id: String(body.payment_id), invoice_id: String(body.invoice_id), reseller_id: String(me.id) },
    });
    const intent = [...stub.intents.values()].find((i) => i.client_secret === body.client_secret);
    expect(intent).toBeDefined();
  });

  it('credits on a validly signed payment_intent.succeeded, and refuses a wrong secret and a stale timestamp', async () => {
    const me = await payer();
    const { answer, intent } = await started(me);
    stub.confirm(intent.id);

    const wrong = await deliver(stub.event('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().header).toMatchObject({ code: 'rspf-webhook-4101', message: 'The notification signature could not be verified.' });
    const stale = await deliver(stub.event('payment_intent.succeeded', intent, { timestamp: Math.floor(Date.now() / 1000) - 600 }));
    expect(stale.statusCode).toBe(400);
    const tampered = stub.event('payment_intent.succeeded', intent);
    const changed = await deliver({ ...tampered, payload: tampered.payload.replace('"amount":200000', '"amount":2') });
    expect(changed.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: tampered.payload });
    expect(unsigned.statusCode).toBe(400);
    expect(await balanceCents(t, me.id)).toBe(0);

    const valid = await deliver(stub.event('payment_intent.succeeded', intent));
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ header: { code: 400010, status: 'success', message: 'Success' }, body: { received: true } });
    expect(await balanceCents(t, me.id)).toBe(200_000);
    const invoice = await me.api.invoice({ id: answer.invoice_id });
    expect(invoice).toMatchObject({ status: 'Paid', payment_method: 'Card', transactions: [{ transid: `ch_${intent.id.slice(3)}`, amountin: 2000 }] });
  });

  it('refuses a validly signed event that names a key twice, and credits the same event written once', async () => {
    const me = await payer();
    const { intent } = await started(me);
    stub.confirm(intent.id);
    const event = stub.event('payment_intent.payment_failed', intent);
    // The signature covers these exact bytes: a reader that keeps the first "type" sees a failure.
    const payload = `${event.payload.slice(0, -1)},"type":"payment_intent.succeeded"}`;
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
    const twice = await deliver({ payload, header });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().header).toMatchObject({ code: 'rspf-input-1301', message: "The request body names the field 'type' more than once. Send each field once." });
    expect(await balanceCents(t, me.id)).toBe(0);

    const charset = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json; charset=utf-16', 'stripe-signature': event.header },
      payload: event.payload,
    });
    expect(charset.statusCode).toBe(415);
    // The signature is still checked against the raw bytes: written once, the success credits.
    expect((await deliver(stub.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(await balanceCents(t, me.id)).toBe(200_000);
  });

  it('credits once when the same notification is replayed ten times, in a row and at once', async () => {
    const me = await payer();
    const { intent } = await started(me);
    stub.confirm(intent.id);
    const event = stub.event('payment_intent.succeeded', intent);
    for (let i = 0; i < 10; i++) expect((await deliver(event)).statusCode).toBe(200);
    expect(await deposits(me.id)).toHaveLength(1);

    const other = await payer();
    const second = await started(other);
    stub.confirm(second.intent.id);
    const again = stub.event('payment_intent.succeeded', second.intent);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(again)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await deposits(other.id)).toHaveLength(1);
    expect(await balanceCents(t, other.id)).toBe(200_000);
  });

  it('credits once when distinct notifications of one success race the success page', async () => {
    const me = await payer();
    const { answer, intent } = await started(me);
    stub.confirm(intent.id);
    // Stripe may send the same success as several events (a retry gets a new delivery, not a new id,
    // but a second event type or endpoint can repeat it): each is its own id here.
    const racing = [
      ...Array.from({ length: 5 }, () => deliver(stub.event('payment_intent.succeeded', intent))),
      ...Array.from({ length: 5 }, () => me.api.verifyPayment({ payment_id: answer.payment_id })),
    ];
    await Promise.all(racing);
    expect(await deposits(me.id)).toHaveLength(1);
    expect(await balanceCents(t, me.id)).toBe(200_000);
  });

  it('keeps a success when a failure notification arrives after it, and credits a success after a failure', async () => {
    const me = await payer();
    const { answer, intent } = await started(me);
    const declined = { ...stub.confirm(intent.id, { decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' }) };
    const failedEvent = stub.event('payment_intent.payment_failed', declined);
    // The card was retried and succeeded; its success is heard first, the old failure last.
    stub.confirm(intent.id);
    expect((await deliver(stub.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect((await deliver(failedEvent)).statusCode).toBe(200);
    const [row] = await query<{ status: string }>(t, sql`select status from payments where id = ${answer.payment_id}`);
    expect(row?.status).toBe('succeeded');
    expect(await balanceCents(t, me.id)).toBe(200_000);

    const next = await started(me);
    const failure1 = { ...stub.confirm(next.intent.id, { decline_code: 'generic_decline', message: 'Your card was declined.' }) };
    expect((await deliver(stub.event('payment_intent.payment_failed', failure1))).statusCode).toBe(200);
    const verified = await me.api.verifyPayment({ payment_id: next.answer.payment_id });
    expect(verified.payment).toMatchObject({ status: 'failed', failure_code: 'generic_decline', failure_message: 'Your card was declined.' });
    stub.confirm(next.intent.id);
    expect((await deliver(stub.event('payment_intent.succeeded', next.intent))).statusCode).toBe(200);
    expect(await balanceCents(t, me.id)).toBe(400_000);
  });

  it('closes a declined deposit and an abandoned (canceled) one with invoice.cancelled, in the status the invoice has', async () => {
    const me = await payer();
    const declined = await started(me);
    const card = stub.confirm(declined.intent.id, { decline_code: 'generic_decline', message: 'Your card was declined.' });
    expect((await deliver(stub.event('payment_intent.payment_failed', card))).statusCode).toBe(200);
    const abandoned = await started(me);
    const canceled = { ...abandoned.intent, status: 'canceled', cancellation_reason: 'abandoned' } as unknown as typeof abandoned.intent;
    expect((await deliver(stub.event('payment_intent.canceled', canceled))).statusCode).toBe(200);
    for (const { answer } of [declined, abandoned]) {
      expect((await me.api.invoice({ id: answer.invoice_id })).status).toBe('Cancelled');
      expect(await invoiceEvents(t.database, answer.invoice_id)).toEqual([
        ['invoice.created', 'pending'],
        ['invoice.cancelled', 'cancelled'],
      ]);
    }
    // A repeat of the failure (another notification of it) closes nothing twice.
    expect((await deliver(stub.event('payment_intent.payment_failed', card))).statusCode).toBe(200);
    expect(await invoiceEvents(t.database, declined.answer.invoice_id)).toHaveLength(2);
  });

  it('credits from the intent itself when the notification is lost, and a late one credits nothing more', async () => {
    const me = await payer();
    const { answer, intent } = await started(me);
    stub.confirm(intent.id);
    const checked = await me.api.verifyPayment({ payment_id: answer.payment_id });
    expect(checked).toMatchObject({ payment: { status: 'succeeded' }, balance: 2000 });
    expect((await deliver(stub.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(await deposits(me.id)).toHaveLength(1);
  });

  it('credits nothing when the money received is not the amount asked, and says so in the audit log', async () => {
    const me = await payer();
    const { answer, intent } = await started(me);
    stub.confirm(intent.id);
    intent.amount_received = 100;
    expect((await deliver(stub.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(await balanceCents(t, me.id)).toBe(0);
    const audits = await query<{ action: string }>(t, sql`select action from audit_log where target_type = 'payment' and target_id = ${String(answer.payment_id)}`);
    expect(audits.map((a) => a.action)).toContain('payment.amount_mismatch');
  });

  it('ignores notifications about nothing of ours, and events of other objects', async () => {
    const me = await payer();
    const { intent } = await started(me);
    const foreign = { ...intent, id: 'pi_not_ours' };
    expect((await deliver(stub.event('payment_intent.succeeded', foreign))).statusCode).toBe(200);
    const customer = stub.event('customer.created', { ...intent, object: 'customer' } as unknown as typeof intent);
    expect((await deliver(customer)).statusCode).toBe(200);
    expect(await balanceCents(t, me.id)).toBe(0);
  });

  it("shows Stripe's card error as its code and message, and an outage plainly; neither leaves an invoice", async () => {
    const me = await payer();
    stub.answerNextCreate(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' } });
    const declined = await failure(me.api.payByCard({ name: 'Ann', token: 'pm_card_lost', amount: 2000 }));
    expect(declined).toMatchObject({ httpStatus: 402, code: 'rspf-payment-4001', message: 'Your card was declined.', body: { code: 'lost_card' } });
    // stripe-node retries twice by itself: Stripe is down for all three tries.
    for (let i = 0; i < 3; i++) stub.answerNextCreate(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe' } });
    // Raw, without the SDK's own retries of a 502.
    const down = await t.post('/api/v1/payments/stripe', { name: 'Ann', token: 'pm_card_visa', amount: 2000 }, me.token);
    expect(down.status).toBe(502);
    expect(down.json.header).toMatchObject({ code: 'rspf-payment-4004', message: 'The payment provider could not be reached. Please try again in a moment.' });
    expect((await me.api.unpaidInvoices()).invoices).toEqual([]);
    const statuses = await query<{ status: string }>(t, sql`select status from payments where reseller_id = ${me.id}`);
    expect(statuses.map((s) => s.status)).toEqual(['failed', 'failed']);
  });
});

describe('the webhook route', () => {
  it('answers 400, never 500, to bodies that are not Stripe events', async () => {
    for (const payload of ['', 'not json', '[]', '{"id":1}', '\u0000']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' }, payload });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});
