/**
 * Abandoned deposits close themselves (docs/api.md "Invoices"): once a deposit's latest attempt is
 * a day old on the app's clock, the queue's job cancels its invoice and says so with
 * invoice.cancelled; money the provider confirms after that is still credited; two runs, or two
 * processes, close a deposit once. The job is run as its schedule runs it: a job on the queue,
 * taken by the app's own workers, awaited until the queue has finished it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { errors } from '@partner-panel/sdk';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { EXPIRE_DEPOSITS_TASK, expireDeposits } from '../src/modules/billing/expiry.js';
import { manualClock, testApp } from './support/app.js';
import { CARDS, payTestCard, startTestCard } from './support/billing.js';
import { invoiceEvents } from './support/events.js';
import { balanceCents, fundedReseller, ledger, query } from './support/sql.js';
import { stripeEnv, stripeStub } from './support/stripe-stub.js';

const HOUR = 3_600_000;
const stub = await stripeStub();
afterAll(() => stub.close());
const clock = manualClock();
const t = await testApp({ clock, poolSize: 10, env: { ...stripeEnv(stub.url), RATE_LIMIT_PAYMENTS_PER_IP: '1000', SESSION_TTL_HOURS: '2160' } });

let seq = 0;
const payer = () => fundedReseller(t, `expiry${++seq}@example.com`, 0);

/** What became of a queued job: done (the queue deletes a finished job), its error, or still waiting. */
async function jobState(id: string) {
  const [job] = await query<{ attempts: number; max_attempts: number; last_error: string | null; locked_at: Date | null }>(
    t,
    sql`select attempts, max_attempts, last_error, locked_at from graphile_worker.jobs where id = ${id}`,
  );
  if (!job) return 'done';
  // A job being run is locked, its attempt already counted.
  return job.locked_at === null && job.attempts >= job.max_attempts ? `failed: ${job.last_error}` : 'waiting';
}

/** Queues one run of the job, as its schedule does, and awaits the queue's workers finishing it. */
async function runExpiryJob() {
  const [job] = await query<{ id: string }>(t, sql`select (graphile_worker.add_job(${EXPIRE_DEPOSITS_TASK}, '{}'::json, max_attempts => 1)).id::text as id`);
  await expect.poll(() => jobState(job?.id as string)).not.toBe('waiting');
  expect(await jobState(job?.id as string)).toBe('done');
}

const paymentOf = async (id: number) =>
  (await query<{ status: string; failure_code: string | null; failure_message: string | null }>(t, sql`select status, failure_code, failure_message from payments where id = ${id}`))[0];

function deliverStripe(event: { payload: string; header: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
    payload: event.payload,
  });
}

/** A $2000 Stripe deposit started and left at the provider: its answer and the stand-in's intent. */
async function stripeDeposit(me: Awaited<ReturnType<typeof payer>>) {
  const answer = await me.api.payByCard({ name: 'Ann Payer', email: 'ann@example.com', token: 'pm_card_visa', amount: 2000 });
  const [row] = await query<{ provider_ref: string }>(t, sql`select provider_ref from payments where id = ${answer.payment_id}`);
  const intent = stub.intents.get(row?.provider_ref as string);
  if (!intent) throw new Error('no intent at the stand-in');
  return { answer, intent };
}

describe('abandoned deposits (ours, beside 002 §4)', () => {
  it('schedules the job in the queue of every process', async () => {
    // graphile-worker records a schedule's identifier when a process starts with it.
    await expect
      .poll(async () => (await query<{ identifier: string }>(t, sql`select identifier from graphile_worker._private_known_crontabs`)).map((r) => r.identifier))
      .toContain(EXPIRE_DEPOSITS_TASK);
  });

  it('closes a deposit left unfinished for 24 hours with invoice.cancelled, not a minute before, and once', async () => {
    const me = await payer();
    const started = await startTestCard(me.api, CARDS.ok, { amount: 2000 });
    const notices = (await me.api.notifications({ page: 1 })).data.length;

    clock.advance(24 * HOUR - 60_000);
    await runExpiryJob();
    expect((await me.api.invoice({ id: started.invoice_id })).status).toBe('Pending');
    expect(await invoiceEvents(t.database, started.invoice_id)).toEqual([['invoice.created', 'pending']]);

    clock.advance(2 * 60_000);
    await runExpiryJob();
    expect(await invoiceEvents(t.database, started.invoice_id)).toEqual([
      ['invoice.created', 'pending'],
      ['invoice.cancelled', 'cancelled'],
    ]);
    // The reseller reads why: the invoice expired, never owed; its payment says so in the catalogue's words.
    expect((await me.api.invoice({ id: started.invoice_id })).status).toBe('Expired');
    expect((await me.api.unpaidInvoices()).invoices).toEqual([]);
    expect((await me.api.verifyPayment({ payment_id: started.payment_id })).payment).toMatchObject({
      status: 'failed',
      failure_code: 'expired',
      failure_message: errors.paymentExpired.message,
    });
    // A declined deposit notifies nobody; an expired one neither.
    expect((await me.api.notifications({ page: 1 })).data).toHaveLength(notices);
    const audits = await query<{ action: string }>(t, sql`select action from audit_log where target_type = 'invoice' and target_id = ${String(started.invoice_id)}`);
    expect(audits.map((a) => a.action)).toContain('invoice.expired');

    // Run again: nothing is closed twice.
    await runExpiryJob();
    expect(await invoiceEvents(t.database, started.invoice_id)).toHaveLength(2);
    expect(await balanceCents(t, me.id)).toBe(0);
  });

  it('credits a Stripe payment confirmed after its deposit expired, and marks the invoice paid', async () => {
    const me = await payer();
    const { answer, intent } = await stripeDeposit(me);
    const failing = await payer();
    const other = await stripeDeposit(failing);
    clock.advance(25 * HOUR);
    await runExpiryJob();
    expect((await me.api.invoice({ id: answer.invoice_id })).status).toBe('Expired');

    // The card went through at Stripe after all and its notification arrives now: the money was
    // taken, so the wallet is credited and the invoice paid.
    stub.confirm(intent.id);
    expect((await deliverStripe(stub.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(await balanceCents(t, me.id)).toBe(200_000);
    expect((await ledger(t, me.id)).filter((r) => r.kind === 'deposit')).toEqual([expect.objectContaining({ amount_cents: 200_000, reference: `payment:${answer.payment_id}` })]);
    expect(await me.api.invoice({ id: answer.invoice_id })).toMatchObject({ status: 'Paid', payment_method: 'Card', transactions: [{ amountin: 2000 }] });
    expect(await paymentOf(answer.payment_id)).toMatchObject({ status: 'succeeded', failure_code: null, failure_message: null });
    expect(await invoiceEvents(t.database, answer.invoice_id)).toEqual([
      ['invoice.created', 'pending'],
      ['invoice.cancelled', 'cancelled'],
      ['invoice.paid', 'paid'],
    ]);
    // The same notification again credits nothing more; the job leaves a paid invoice alone.
    expect((await deliverStripe(stub.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    await runExpiryJob();
    expect(await balanceCents(t, me.id)).toBe(200_000);
    expect(await invoiceEvents(t.database, answer.invoice_id)).toHaveLength(3);

    // A late decline of an expired deposit changes nothing: it is closed already.
    const declined = stub.confirm(other.intent.id, { decline_code: 'generic_decline', message: 'Your card was declined.' });
    expect((await deliverStripe(stub.event('payment_intent.payment_failed', declined))).statusCode).toBe(200);
    expect(await paymentOf(other.answer.payment_id)).toMatchObject({ status: 'failed', failure_code: 'expired' });
    expect((await failing.api.invoice({ id: other.answer.invoice_id })).status).toBe('Expired');
    expect(await invoiceEvents(t.database, other.answer.invoice_id)).toHaveLength(2);
  });

  it('counts from the latest attempt: a declined deposit tried again a day later stays pending while it runs', async () => {
    const me = await payer();
    const { started } = await payTestCard(me.api, CARDS.declined, { amount: 2000 });
    await expect.poll(async () => (await me.api.invoice({ id: started.invoice_id })).status).toBe('Cancelled');
    clock.advance(48 * HOUR);
    const again = await startTestCard(me.api, CARDS.ok, { invoiceId: started.invoice_id });
    await runExpiryJob();
    expect((await me.api.invoice({ id: started.invoice_id })).status).toBe('Pending');
    expect(await paymentOf(again.payment_id)).toMatchObject({ status: 'pending' });
    expect(await invoiceEvents(t.database, started.invoice_id)).toEqual([
      ['invoice.created', 'pending'],
      ['invoice.cancelled', 'cancelled'],
    ]);
    // A day after that attempt, it is closed in its turn; the declined payment keeps its own reason.
    clock.advance(25 * HOUR);
    await runExpiryJob();
    expect((await me.api.invoice({ id: started.invoice_id })).status).toBe('Expired');
    expect(await paymentOf(started.payment_id)).toMatchObject({ status: 'failed', failure_code: 'generic_decline' });
    expect((await invoiceEvents(t.database, started.invoice_id)).slice(2)).toEqual([['invoice.cancelled', 'cancelled']]);
  });

  it('closes each deposit once when two processes run the job at once, twice each', async () => {
    const deposits = [];
    for (let i = 0; i < 6; i++) deposits.push(await startTestCard((await payer()).api, CARDS.ok, { amount: 2000 }));
    clock.advance(25 * HOUR);
    const second = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }), { database: t.database, clock, logger: false });
    try {
      const [one, two] = await Promise.all([expireDeposits(t.app.ctx), expireDeposits(second.ctx), runExpiryJob(), runExpiryJob()]);
      expect((one as number) + (two as number)).toBeLessThanOrEqual(deposits.length);
      for (const d of deposits) {
        expect(await invoiceEvents(t.database, d.invoice_id)).toEqual([
          ['invoice.created', 'pending'],
          ['invoice.cancelled', 'cancelled'],
        ]);
      }
      const audits = await query<{ n: number }>(
        t,
        sql`select count(*)::int as n from audit_log where action = 'invoice.expired' and target_id in (${sql.join(
          deposits.map((d) => sql`${String(d.invoice_id)}`),
          sql`, `,
        )})`,
      );
      expect(audits[0]?.n).toBe(deposits.length);
    } finally {
      await second.close();
    }
  }, 60_000);
});
