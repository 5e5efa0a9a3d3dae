/**
 * Payments (002 §4): start one with a provider, learn its outcome from the provider's signed
 * notification or from the provider itself when the success page asks, and credit it through the
 * one crediting function. The redirect back from a provider is never trusted on its own.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { centsToDollars, errors, type PaymentModule } from '@partner-panel/sdk';
import type { AppContext, SessionReseller } from '../../context.js';
import { transact } from '../../db/unit.js';
import { paymentEvents, payments, resellers } from '../../db/schema/index.js';
import { AppError, fail } from '../../http/errors.js';
import { ProviderError, type PaymentGateway, type ProviderEvent, type ProviderState } from '../../adapters/payments/types.js';
import { audit } from '../audit/index.js';
import { creditPayment, failPayment, presentPayment, type PaymentRow } from './credit.js';
import { cancelPendingInvoice, createInvoice, lockOwnInvoice } from './invoices.js';
import { redirectForm } from './redirect-form.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'notifier' | 'log' | 'payments' | 'counters' | 'config'>;

export function paymentMethods(ctx: Pick<AppContext, 'payments'>) {
  return ctx.payments.list.map((g) => ({ module: g.module, display_name: g.displayName, type: g.type, publishable_key: g.publishableKey }));
}

export async function latestPayments(ctx: Pick<AppContext, 'db'>, resellerId: number) {
  const list = await ctx.db.select().from(payments).where(eq(payments.resellerId, resellerId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(20);
  return list.map(presentPayment);
}

export interface StartBody {
  name: string;
  email: string;
  token?: string;
  invoice_id: number | null;
  amount_cents: number | null;
}

/** Card-testing defence: every attempt counts, per reseller and per address. */
async function countAttempt(ctx: Ctx, resellerId: number, ip: string) {
  const { windowMs } = ctx.config.rateLimits;
  await ctx.counters.take(`payment:reseller:${resellerId}`, ctx.config.payments.attemptsPerReseller, windowMs);
  await ctx.counters.take(`payment:ip:${ip}`, ctx.config.payments.attemptsPerIp, windowMs);
}

function gatewayOf(ctx: Pick<AppContext, 'payments'>, module: string): PaymentGateway {
  const gateway = ctx.payments.get(module);
  if (!gateway) throw fail('paymentMethodUnavailable');
  return gateway;
}

/** A card error as the browser shows it: the provider's code and message (002 §8). */
const cardFailure = (card: { code: string; message: string }) =>
  new AppError({ ...errors.paymentFailed, message: card.message }, {}, { code: card.code, decline_code: null });

export async function startPayment(ctx: Ctx, reseller: SessionReseller, module: PaymentModule, body: StartBody, ip: string) {
  const gateway = gatewayOf(ctx, module);
  await countAttempt(ctx, reseller.id, ip);
  const now = ctx.clock.now();
  const { invoice, payment, created } = await transact(ctx, async (unit) => {
    let invoice;
    if (body.invoice_id !== null) {
      invoice = await lockOwnInvoice(unit.tx, reseller.id, body.invoice_id);
      if (invoice.status === 'paid') throw fail('invoicePaid');
      // A deposit the reseller started and whose card was declined may be tried again: it is
      // pending once more while the new attempt runs. An invoice an admin cancelled may not.
      const deposit = invoice.issuedBy === null || invoice.issuedBy === reseller.id;
      if (invoice.status === 'cancelled' && !deposit) throw fail('invoiceCancelled');
      if (deposit && invoice.status !== 'unpaid') await unit.tx.execute(sql`update invoices set status = 'pending' where id = ${invoice.id} and status <> 'paid'`);
    } else {
      invoice = await createInvoice(ctx, unit, { resellerId: reseller.id, amountCents: body.amount_cents as number, ip, pending: true });
    }
    const [payment] = await unit.tx
      .insert(payments)
      .values({ resellerId: reseller.id, invoiceId: invoice.id, provider: module, amountCents: invoice.amountCents, ip, createdAt: now, updatedAt: now })
      .returning();
    if (!payment) throw fail('paymentFailed');
    await audit(unit.tx, { actorId: reseller.id, action: 'payment.started', targetType: 'payment', targetId: payment.id, data: { provider: module, invoice: invoice.id }, ip });
    return { invoice, payment, created: body.invoice_id === null };
  });

  const base = `${ctx.config.publicUrl}/${encodeURIComponent(reseller.customUrl)}`;
  let started;
  try {
    started = await gateway.start({
      paymentId: payment.id,
      invoiceId: invoice.id,
      resellerId: reseller.id,
      amountCents: invoice.amountCents,
      description: `${invoice.description} — invoice #${invoice.id}`,
      payer: { name: body.name || reseller.name, email: body.email || reseller.email },
      ...(body.token !== undefined ? { token: body.token } : {}),
      returnUrl: `${base}/payments/success?payment=${payment.id}`,
      cancelUrl: `${base}/billing/pay/invoice/${invoice.id}?cancelled=${payment.id}`,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ err: error, payment: payment.id }, 'a payment could not be started');
    await transact(ctx, async (unit) => {
      await failPayment(unit, payment.id, error.cardError ?? { code: 'provider_unavailable', message: error.message }, ctx.clock.now());
      // A deposit invoice made for this attempt only would be left unpayable clutter.
      if (created) await cancelPendingInvoice(unit.tx, invoice.id);
    });
    throw error.cardError ? cardFailure(error.cardError) : fail('paymentProviderDown');
  }
  await ctx.db.update(payments).set({ providerRef: started.ref, updatedAt: ctx.clock.now() }).where(eq(payments.id, payment.id));
  return { payment_id: payment.id, invoice_id: invoice.id, started };
}

export async function startCardPayment(ctx: Ctx, reseller: SessionReseller, module: 'stripe' | 'testgateway', body: StartBody, ip: string) {
  const { started, ...ids } = await startPayment(ctx, reseller, module, body, ip);
  if (started.kind !== 'confirm') throw fail('paymentMethodUnavailable');
  return { ...ids, client_secret: started.clientSecret, status: 'requires_confirmation' as const };
}

export async function startRedirectPayment(ctx: Ctx, reseller: SessionReseller, body: StartBody, ip: string) {
  const { started, ...ids } = await startPayment(ctx, reseller, 'paypal', body, ip);
  if (started.kind !== 'redirect') throw fail('paymentMethodUnavailable');
  return { ...ids, form: redirectForm(started.approveUrl), approve_url: started.approveUrl };
}

/** Applies what the provider says a payment's state is: credit, failure, or nothing yet. */
async function apply(ctx: Ctx, payment: PaymentRow, state: ProviderState, via: string) {
  if (state.status === 'pending') return;
  await transact(ctx, async (unit) => {
    if (state.status === 'succeeded') await creditPayment(ctx, unit, payment.id, state, via);
    else await failPayment(unit, payment.id, state, ctx.clock.now());
  });
}

async function ownPayment(ctx: Pick<AppContext, 'db'>, resellerId: number, id: number): Promise<PaymentRow> {
  const [row] = await ctx.db.select().from(payments).where(and(eq(payments.id, id), eq(payments.resellerId, resellerId)));
  if (!row) throw fail('paymentNotFound');
  return row;
}

/**
 * The success page's check (002 §2): until a payment is credited, ask its provider for the real
 * state and credit it if no notification has yet. A provider that cannot be reached leaves the
 * payment as it is; the page asks again.
 */
export async function verifyPayment(ctx: Ctx, reseller: SessionReseller, paymentId: number) {
  const payment = await ownPayment(ctx, reseller.id, paymentId);
  const gateway = ctx.payments.get(payment.provider);
  if (payment.status !== 'succeeded' && payment.providerRef && gateway) {
    try {
      await apply(ctx, payment, await gateway.settle({ id: payment.id, providerRef: payment.providerRef }), 'verify');
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      ctx.log.warn({ err: error, payment: payment.id }, 'the provider could not be asked about a payment');
    }
  }
  const [fresh] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
  const [owner] = await ctx.db.select({ balance: resellers.balanceCents }).from(resellers).where(eq(resellers.id, reseller.id));
  return { payment: presentPayment(fresh ?? payment), balance: centsToDollars(owner?.balance ?? 0) };
}

/**
 * A verified notification. Its id is recorded in the transaction that acts on it, so a replay
 * finds it and does nothing; if that transaction fails, nothing is recorded and the provider's
 * retry acts again. An approved PayPal order is captured first (outside any transaction).
 */
export async function handleEvent(ctx: Ctx, gateway: PaymentGateway, event: ProviderEvent): Promise<string> {
  if (event.outcome === 'ignored' || !event.ref) return 'ignored';
  const [payment] = await ctx.db.select().from(payments).where(and(eq(payments.provider, gateway.module), eq(payments.providerRef, event.ref)));
  if (!payment) {
    ctx.log.warn({ provider: gateway.module, event: event.id, ref: event.ref }, 'a payment notification names no payment of ours');
    return 'unknown';
  }
  const [seen] = await ctx.db
    .select({ id: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, gateway.module), eq(paymentEvents.eventId, event.id)));
  if (seen) return 'duplicate';
  const state = event.outcome === 'approved' ? await gateway.settle({ id: payment.id, providerRef: event.ref }) : event.state;
  return transact(ctx, async (unit) => {
    const [recorded] = await unit.tx
      .insert(paymentEvents)
      .values({ provider: gateway.module, eventId: event.id, type: event.type, paymentId: payment.id })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.eventId });
    if (!recorded) return 'duplicate';
    if (!state || state.status === 'pending') return 'pending';
    if (state.status === 'failed') {
      await failPayment(unit, payment.id, state, ctx.clock.now());
      return 'failed';
    }
    return creditPayment(ctx, unit, payment.id, state, `webhook:${event.type}`);
  });
}
