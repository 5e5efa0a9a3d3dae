/**
 * Invoices (002 §2, §3): a reseller is asked to pay an amount into its wallet. Starting a deposit
 * creates one ('Wallet Deposit', due at once) that its payment pays; an admin's Send Invoice creates
 * one for its user with the same function. Unpaid becomes paid when a payment of it is credited.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_METHOD_NAMES, centsToDollars, dollarsToCents, notice, description, type EventObject, type Invoice, type InvoiceStatus, type PaymentModule } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows, type Tx } from '../../db/index.js';
import { contains } from '../../db/search.js';
import type { Unit } from '../../db/unit.js';
import { invoices } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { audit } from '../audit/index.js';
import { recordEvent } from '../events/record.js';
import { formatUsd } from '../wallet/service.js';

export const DEPOSIT_DESCRIPTION = description('walletDeposit');
/** How long a sent invoice gives its payer; a deposit the reseller starts itself is due at once. */
export const SENT_INVOICE_DUE_DAYS = 7;

export type InvoiceRow = typeof invoices.$inferSelect;

export interface NewInvoice {
  resellerId: number;
  amountCents: number;
  description?: string;
  /** The admin who sends it; null or the payer itself for a deposit the reseller starts. */
  issuedBy?: number | null;
  issuedByName?: string;
  dueAt?: Date;
  ip?: string;
  /** A deposit the reseller starts: a pending payment, not an invoice it owes, until the money is confirmed. */
  pending?: boolean;
}

/** Creates an unpaid invoice in the caller's transaction and, when someone else sent it, tells the payer. */
export async function createInvoice(ctx: Pick<AppContext, 'clock' | 'notifier'>, unit: Unit, input: NewInvoice): Promise<InvoiceRow> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new Error(`invalid invoice amount ${input.amountCents}`);
  const now = ctx.clock.now();
  const sent = input.issuedBy != null && input.issuedBy !== input.resellerId;
  const [row] = await unit.tx
    .insert(invoices)
    .values({
      resellerId: input.resellerId,
      issuedBy: input.issuedBy ?? null,
      amountCents: input.amountCents,
      description: input.description ?? DEPOSIT_DESCRIPTION,
      status: input.pending ? 'pending' : 'unpaid',
      createdAt: now,
      dueAt: input.dueAt ?? (sent ? new Date(now.getTime() + SENT_INVOICE_DUE_DAYS * 86_400_000) : now),
    })
    .returning();
  if (!row) throw fail('fetchInvoices');
  await audit(unit.tx, {
    actorId: input.issuedBy ?? input.resellerId,
    action: sent ? 'invoice.sent' : 'invoice.created',
    targetType: 'invoice',
    targetId: row.id,
    data: { reseller: input.resellerId, amountCents: input.amountCents },
    // An admin's invoice is one of its actions on its user: the user's page lists it.
    ...(sent ? { subjectId: input.resellerId, after: { invoice_id: row.id, amount: centsToDollars(row.amountCents), due_at: row.dueAt.toISOString() } } : {}),
    ...(input.ip ? { ip: input.ip } : {}),
  });
  await recordEvent(unit.tx, { resellerId: input.resellerId, mode: 'live', type: 'invoice.created', object: invoiceObject(row) });
  if (sent) {
    await ctx.notifier.notify(unit, input.resellerId, {
      type: 'invoice_created',
      message:
        input.issuedByName === undefined
          ? notice('invoiceSentByAdmin', { invoice: row.id, amount: formatUsd(row.amountCents) })
          : notice('invoiceSent', { admin: input.issuedByName, invoice: row.id, amount: formatUsd(row.amountCents) }),
      redirect: `billing/invoice/${row.id}`,
      refId: row.id,
    });
  }
  return row;
}

/** The reseller's own invoice, locked for the rest of the transaction; 'No Record Found' otherwise. */
export async function lockOwnInvoice(tx: Tx, resellerId: number, id: number): Promise<InvoiceRow> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.resellerId, resellerId)))
    .for('update');
  if (!row) throw fail('invoiceNotFound');
  return row;
}

interface InvoiceRecord {
  id: number;
  status: string;
  amount_cents: number;
  description: string;
  payment_method: string | null;
  created_at: Date | string;
  due_at: Date | string;
  paid_at: Date | string | null;
  name: string;
  email: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();
/** The status an invoice shows (the database's, or Expired for a deposit left unfinished too long). */
export const INVOICE_STATUS: Record<InvoiceStatus | 'expired', Invoice['status']> = { paid: 'Paid', unpaid: 'Unpaid', cancelled: 'Cancelled', pending: 'Pending', expired: 'Expired' };
/** How long a started deposit shows as a pending payment before it reads as expired and is closed (expiry.ts). */
export const PENDING_DEPOSIT_HOURS = 24;
/** The failure code of a deposit's payment left unfinished for those hours (expiry.ts). */
export const EXPIRED_PAYMENT_CODE = 'expired';

function present(r: InvoiceRecord): Omit<Invoice, 'transactions'> {
  return {
    id: Number(r.id),
    status: INVOICE_STATUS[r.status as InvoiceStatus | 'expired'],
    date: iso(r.created_at),
    datepaid: r.paid_at ? iso(r.paid_at) : null,
    duedate: iso(r.due_at),
    name: r.name,
    email: r.email,
    payment_method: r.payment_method,
    description: r.description,
    total: centsToDollars(Number(r.amount_cents)),
    generated_at: iso(r.created_at),
  };
}

/**
 * An invoice's state as it reads now: a deposit whose latest attempt is past its hours reads as
 * expired, whether the job (expiry.ts) has closed it yet or not, so what the reseller sees does not
 * change when the job runs. Counted from the latest attempt, as the job counts: a declined deposit
 * tried again today is pending, not expired. A deposit closed for being declined stays Cancelled.
 */
export const INVOICE_STATE_SQL = `case
    when i.status = 'pending' and greatest(i.created_at, (select max(p.created_at) from payments p where p.invoice_id = i.id))
      < now() - make_interval(hours => ${PENDING_DEPOSIT_HOURS}) then 'expired'
    when i.status = 'cancelled' and (select p.failure_code from payments p where p.invoice_id = i.id order by p.id desc limit 1) = '${EXPIRED_PAYMENT_CODE}' then 'expired'
    else i.status end`;

const SELECT = sql`select i.id,
    ${sql.raw(INVOICE_STATE_SQL)} as status,
    i.amount_cents, i.description, i.payment_method, i.created_at, i.due_at, i.paid_at, r.name, r.email
  from invoices i join resellers r on r.id = i.reseller_id`;

/** Matches the invoice number or the total exactly, or the description or status in part. */
function searchOf(search: string): SQL | undefined {
  if (!search) return undefined;
  const parts: SQL[] = [sql`i.description ilike ${contains(search)}`, sql`i.status ilike ${contains(search)}`];
  const number = /^#?(\d{1,9})$/.exec(search)?.[1];
  if (number) parts.push(sql`i.id = ${Number(number)}`);
  const cents = dollarsToCents(search.replace(/^\$/, '').replace(/,/g, ''));
  if (cents !== null) parts.push(sql`i.amount_cents = ${cents}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The WHERE of a reseller's invoices (alias i) under the list's search: one for the page and the export. */
export const invoiceWhere = (resellerId: number, search: string, unpaidOnly: boolean) =>
  sql.join(
    [sql`i.reseller_id = ${resellerId}`, unpaidOnly ? sql`i.status = 'unpaid'` : undefined, searchOf(search)].filter((p): p is SQL => p !== undefined),
    sql` and `,
  );

export async function listInvoices(
  ctx: Pick<AppContext, 'db'>,
  resellerId: number,
  query: { page: number; page_limit: number; search: string },
  unpaidOnly: boolean,
) {
  const where = invoiceWhere(resellerId, query.search, unpaidOnly);
  const [page, count] = await Promise.all([
    rows<InvoiceRecord>(
      ctx.db,
      sql`${SELECT} where ${where} order by i.created_at desc, i.id desc limit ${query.page_limit} offset ${(query.page - 1) * query.page_limit}`,
    ),
    rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from invoices i where ${where}`),
  ]);
  return { invoices: page.map(present), total: Number(count[0]?.n ?? 0) };
}

/** One of the reseller's invoices with the payments that paid it (transid, date, amountin). */
export async function getInvoice(ctx: Pick<AppContext, 'db'>, resellerId: number, id: number): Promise<Invoice> {
  const [row] = await rows<InvoiceRecord>(ctx.db, sql`${SELECT} where i.id = ${id} and i.reseller_id = ${resellerId}`);
  if (!row) throw fail('invoiceNotFound');
  const paid = await rows<{ transid: string; succeeded_at: Date | string; amount_cents: number }>(
    ctx.db,
    sql`select coalesce(transaction_ref, provider_ref) as transid, succeeded_at, amount_cents from payments
        where invoice_id = ${id} and status = 'succeeded' order by succeeded_at, id`,
  );
  return {
    ...present(row),
    transactions: paid.map((p) => ({ transid: p.transid, date: iso(p.succeeded_at), amountin: centsToDollars(Number(p.amount_cents)) })),
  };
}

/** Marks an invoice paid by a credited payment (a cancelled one too: the money did arrive). */
export async function markInvoicePaid(tx: Tx, invoiceId: number, provider: PaymentModule, at: Date) {
  const [paid] = await tx
    .update(invoices)
    .set({ status: 'paid', paidAt: at, paymentMethod: PAYMENT_METHOD_NAMES[provider] })
    .where(and(eq(invoices.id, invoiceId), ne(invoices.status, 'paid')))
    .returning();
  if (paid) await recordEvent(tx, { resellerId: paid.resellerId, mode: 'live', type: 'invoice.paid', object: invoiceObject(paid) });
}

/**
 * Closes a deposit the provider declined or cancelled (pending → cancelled: nothing was credited)
 * and says so (invoice.cancelled). An invoice an admin sent stays unpaid: it is still owed.
 */
export async function cancelPendingInvoice(tx: Tx, invoiceId: number) {
  const [cancelled] = await tx
    .update(invoices)
    .set({ status: 'cancelled' })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'pending')))
    .returning();
  if (cancelled) await recordEvent(tx, { resellerId: cancelled.resellerId, mode: 'live', type: 'invoice.cancelled', object: invoiceObject(cancelled) });
}

/** `data.object` of an invoice.* event. */
function invoiceObject(row: InvoiceRow): EventObject<'invoice.created'> {
  return {
    object: 'invoice',
    id: row.id,
    status: row.status,
    amount: centsToDollars(row.amountCents),
    description: row.description,
    created_at: row.createdAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
  };
}
