/**
 * The one crediting function. Every path that learns a payment succeeded — a provider's verified
 * notification, the success page's check with the provider, a PayPal capture — ends here, in one
 * transaction: the payment turns 'succeeded', the wallet and its ledger row, the invoice and its
 * transaction, the notification; the balance is pushed after commit.
 *
 * Exactly once: only the update that turns the payment 'succeeded' goes on (a second caller, even
 * one racing on another connection, waits on the row and then finds nothing to turn), and the
 * ledger holds at most one row per payment (unique index) should anything ever slip past that.
 */
import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_METHOD_NAMES, centsToDollars, notice, description, type PaymentModule } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import type { Unit } from '../../db/unit.js';
import { payments, resellers } from '../../db/schema/index.js';
import type { ProviderState } from '../../adapters/payments/types.js';
import { audit } from '../audit/index.js';
import { credit, formatUsd } from '../wallet/service.js';
import { cancelPendingInvoice, markInvoicePaid } from './invoices.js';

export type PaymentRow = typeof payments.$inferSelect;
type Succeeded = Extract<ProviderState, { status: 'succeeded' }>;
type Ctx = Pick<AppContext, 'clock' | 'notifier' | 'log'>;

export type CreditOutcome = 'credited' | 'already' | 'mismatch';

interface Turned {
  id: number;
  reseller_id: number;
  invoice_id: number;
  provider: PaymentModule;
  amount_cents: number;
  issued_by: number | null;
}

export async function creditPayment(ctx: Ctx, unit: Unit, paymentId: number, state: Succeeded, via: string): Promise<CreditOutcome> {
  const now = ctx.clock.now();
  const [turned] = await rows<Turned>(
    unit.tx,
    sql`update payments p set status = 'succeeded', transaction_ref = ${state.transactionRef}, succeeded_at = ${now},
               failure_code = null, failure_message = null, updated_at = ${now}
        from invoices i
        where p.id = ${paymentId} and i.id = p.invoice_id and p.status <> 'succeeded'
          and p.amount_cents = ${state.amountCents} and p.currency = ${state.currency}
        returning p.id, p.reseller_id, p.invoice_id, p.provider, p.amount_cents, i.issued_by`,
  );
  if (!turned) {
    const [payment] = await unit.tx
      .select({ status: payments.status, amount_cents: payments.amountCents, currency: payments.currency })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!payment || payment.status === 'succeeded') return 'already';
    // The provider says other money arrived than was asked for: nothing is credited, a person looks.
    ctx.log.error({ paymentId, expected: payment.amount_cents, received: state.amountCents, currency: state.currency, via }, 'payment amount mismatch');
    await audit(unit.tx, {
      actorId: null,
      action: 'payment.amount_mismatch',
      targetType: 'payment',
      targetId: paymentId,
      data: { expectedCents: Number(payment.amount_cents), receivedCents: state.amountCents, currency: state.currency, via },
    });
    return 'mismatch';
  }
  const amount = Number(turned.amount_cents);
  const method = PAYMENT_METHOD_NAMES[turned.provider];
  const sent = turned.issued_by !== null && turned.issued_by !== turned.reseller_id;
  await credit(ctx, unit, {
    resellerId: turned.reseller_id,
    amountCents: amount,
    kind: sent ? 'invoice_payment' : 'deposit',
    reference: `payment:${turned.id}`,
    description: description(sent ? 'invoicePayment' : 'deposit', { method, invoice: turned.invoice_id }),
    paymentId: turned.id,
  });
  await markInvoicePaid(unit.tx, turned.invoice_id, turned.provider, now);
  await audit(unit.tx, { actorId: turned.reseller_id, action: 'payment.credited', targetType: 'payment', targetId: turned.id, data: { amountCents: amount, via } });
  await ctx.notifier.notify(unit, turned.reseller_id, {
    type: 'payment_received',
    message: notice('paymentReceived', { amount: formatUsd(amount), method, invoice: turned.invoice_id }),
    redirect: `billing/invoice/${turned.invoice_id}`,
    refId: turned.invoice_id,
  });
  if (sent) {
    // The admin who sent it learns it was paid, and reaches the user's page from the notice.
    const [payer] = await unit.tx.select({ name: resellers.name }).from(resellers).where(eq(resellers.id, turned.reseller_id));
    await ctx.notifier.notify(unit, turned.issued_by as number, {
      type: 'invoice_paid',
      message: notice('invoicePaid', { name: payer?.name ?? `User #${turned.reseller_id}`, invoice: turned.invoice_id, amount: formatUsd(amount) }),
      redirect: `user/edit/${turned.reseller_id}`,
      refId: turned.invoice_id,
    });
  }
  return 'credited';
}

/** Records a failure the provider reports; a succeeded payment never goes back. */
export async function failPayment(unit: Unit, paymentId: number, failure: { code: string; message: string }, now: Date) {
  const [failed] = await unit.tx
    .update(payments)
    .set({ status: 'failed', failureCode: failure.code.slice(0, 100), failureMessage: failure.message.slice(0, 500), updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ invoice_id: payments.invoiceId });
  // A declined deposit was never owed: its pending invoice is cancelled (invoice.cancelled), never
  // left "Unpaid". Only the failure that turns the payment does it: a late repeat of an earlier
  // attempt's failure leaves a deposit tried again pending.
  if (failed) await cancelPendingInvoice(unit.tx, Number(failed.invoice_id));
}

export function presentPayment(p: PaymentRow) {
  return {
    id: p.id,
    provider: p.provider as PaymentModule,
    amount: centsToDollars(p.amountCents),
    status: p.status as 'pending' | 'succeeded' | 'failed',
    invoice_id: p.invoiceId,
    failure_code: p.failureCode,
    failure_message: p.failureMessage,
    created_at: p.createdAt.toISOString(),
    paid_at: p.succeededAt ? p.succeededAt.toISOString() : null,
  };
}
