/**
 * The operator's Money (issue 35): every deposit (a payment through a provider), invoice, coupon
 * refund and manual adjustment across resellers, in one list under one filter that the page, its
 * count and the CSV export share; the manual credit or debit of a reseller's wallet, through the
 * wallet's one road (wallet/service.ts, `wallet_move`) with its audit entry and notification in the
 * same transaction; and the reconciliation of the payments the gateways reported succeeded against
 * the ledger's credits, which lists every mismatch (none is the normal state).
 */
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import {
  PAYMENT_METHOD_NAMES,
  WALLET_GATEWAY,
  centsToDollars,
  notice,
  description,
  type AdjustmentRow,
  type MismatchKind,
  type MismatchRow,
  type MoneyFilter,
  type MoneyKind,
  type MoneyRow,
  type MoneyStatus,
  type Reconciliation,
} from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows, type Tx } from '../../db/index.js';
import { transact } from '../../db/unit.js';
import { contains } from '../../db/search.js';
import { fail } from '../../http/errors.js';
import { audit } from '../audit/index.js';
import { copyCsv, csvMoney, csvTime, sqlText, type CsvColumn } from '../exports/copy.js';
import { credit, debit, formatUsd, isRefusedDebit } from '../wallet/service.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'notifier' | 'mail' | 'config' | 'log'>;
type Who = { operatorId: number; personId: number; ip?: string | undefined };

/** The ledger's kinds the list shows: a coupon refund, or an adjustment (the operator's, or a postpaid settlement). */
const REFUND_KINDS = ['coupon_refund'];
const ADJUSTMENT_KINDS = ['operator_credit', 'operator_debit', 'settlement'];
const inList = (values: readonly string[]) => values.map(sqlText).join(', ');

const gatewayOf = (column: string) =>
  `case ${column} ${Object.entries(PAYMENT_METHOD_NAMES)
    .map(([module, name]) => `when ${sqlText(module)} then ${sqlText(name)}`)
    .join(' ')} else ${sqlText(WALLET_GATEWAY)} end`;
/** The wallet's own transaction id (billing/transactions.ts walletTransactionId): WLT- and the ledger id, 8 digits at least. */
const walletId = (column: string) => `'WLT-' || case when length(${column}::text) >= 8 then ${column}::text else lpad(${column}::text, 8, '0') end`;

/**
 * Every movement, one shape (alias m), with its reseller (alias r): the list, its count and the
 * export read the same. Plain SQL without parameters, so COPY can read it too.
 */
const MOVEMENTS = `from (
    select 'deposit' as kind, p.id::bigint as record_id, p.reseller_id, p.amount_cents, p.status, ${gatewayOf('p.provider')} as gateway,
           coalesce(p.transaction_ref, p.provider_ref, '') as reference, 'Payment of invoice #' || p.invoice_id as description, p.created_at
    from payments p
    union all
    select 'invoice', i.id::bigint, i.reseller_id, i.amount_cents, i.status, coalesce(i.payment_method, ''), '#' || i.id, i.description, i.created_at
    from invoices i
    union all
    select case when l.kind in (${inList(REFUND_KINDS)}) then 'refund' else 'adjustment' end, l.id, l.reseller_id, l.amount_cents, 'completed',
           ${sqlText(WALLET_GATEWAY)}, ${walletId('l.id')}, l.description, l.created_at
    from wallet_ledger l where l.kind in (${inList([...REFUND_KINDS, ...ADJUSTMENT_KINDS])})
  ) m join resellers r on r.id = m.reseller_id`;

const DAY_MS = 24 * 3_600_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** The WHERE of the list under its filter (aliases m, r): one for the page, the count and the export. */
export function moneyWhere(f: MoneyFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.kind) parts.push(sql`m.kind = ${f.kind}`);
  if (f.status) parts.push(sql`m.status = ${f.status}`);
  if (f.reseller) {
    const pattern = contains(f.reseller);
    const id = /^#?(\d{1,9})$/.exec(f.reseller)?.[1];
    parts.push(id ? sql`(r.id = ${Number(id)} or r.name ilike ${pattern} or r.email ilike ${pattern})` : sql`(r.name ilike ${pattern} or r.email ilike ${pattern})`);
  }
  // ISO text cast in SQL, safe to inline for COPY, as the coupon filter does it.
  if (f.dateStart) parts.push(sql`m.created_at >= ${dayStart(f.dateStart).toISOString()}::timestamptz`);
  if (f.dateEnd) parts.push(sql`m.created_at < ${new Date(dayStart(f.dateEnd).getTime() + DAY_MS).toISOString()}::timestamptz`);
  if (f.amount_min !== null) parts.push(sql`abs(m.amount_cents) >= ${f.amount_min}`);
  if (f.amount_max !== null) parts.push(sql`abs(m.amount_cents) <= ${f.amount_max}`);
  return sql.join(parts, sql` and `);
}

const orderOf = (f: Pick<MoneyFilter, 'sort' | 'order'>) => {
  const dir = f.order === 'asc' ? 'asc' : 'desc';
  return f.sort === 'amount' ? `order by abs(m.amount_cents) ${dir}, m.created_at desc, m.record_id desc` : `order by m.created_at ${dir}, m.record_id ${dir}, m.kind`;
};

interface MovementRecord {
  kind: MoneyKind;
  record_id: number;
  reseller_id: number;
  reseller_name: string;
  reseller_email: string;
  amount_cents: number;
  status: MoneyStatus;
  gateway: string;
  reference: string;
  description: string;
  created_at: Date | string;
}

const presentMovement = (m: MovementRecord): MoneyRow => ({
  id: `${m.kind}-${Number(m.record_id)}`,
  kind: m.kind,
  record_id: Number(m.record_id),
  reseller: { id: Number(m.reseller_id), name: m.reseller_name, email: m.reseller_email },
  amount: centsToDollars(Number(m.amount_cents)),
  status: m.status,
  gateway: m.gateway,
  reference: m.reference,
  description: m.description,
  created_at: new Date(m.created_at).toISOString(),
});

const SELECT = sql.raw(`select m.kind, m.record_id, m.reseller_id, r.name as reseller_name, r.email as reseller_email, m.amount_cents, m.status,
  m.gateway, m.reference, m.description, m.created_at ${MOVEMENTS}`);

/** A page of the movements under the filter, and how many there are. */
export async function listMoney(ctx: Pick<AppContext, 'db'>, filter: MoneyFilter, paging: { page: number; limit: number }) {
  const where = moneyWhere(filter);
  const [page, count] = await Promise.all([
    rows<MovementRecord>(ctx.db, sql`${SELECT} where ${where} ${sql.raw(orderOf(filter))} limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`),
    rows<{ n: number }>(ctx.db, sql`select count(*)::int as n ${sql.raw(MOVEMENTS)} where ${where}`),
  ]);
  return { data: page.map(presentMovement), total: Number(count[0]?.n ?? 0) };
}

export const MONEY_COLUMNS: CsvColumn[] = [
  ['Date', csvTime('m.created_at')],
  ['Kind', `initcap(m.kind)`],
  ['Record', 'm.record_id::text'],
  ['Reseller ID', 'r.id::text'],
  ['Reseller', 'r.name'],
  ['Email', 'r.email'],
  ['Amount', `case when m.amount_cents < 0 then '-' else '' end || ${csvMoney('abs(m.amount_cents)')}`],
  ['Status', 'initcap(m.status)'],
  ['Gateway', 'm.gateway'],
  ['Reference', 'm.reference'],
  ['Description', 'm.description'],
];

/** The filtered list as CSV, in the list's order, streamed from COPY. */
export function moneyExportStream(ctx: Pick<AppContext, 'database'>, filter: MoneyFilter): Promise<Readable> {
  return copyCsv(ctx, MONEY_COLUMNS, MOVEMENTS, moneyWhere(filter), orderOf(filter));
}

interface WalletRow {
  id: number;
  name: string;
  email: string;
  kind: string;
  balance_cents: number;
  credit_limit_cents: number;
}

async function lockWallet(tx: Tx, id: number) {
  const [row] = await rows<WalletRow>(tx, sql`select id, name, email, kind, balance_cents, credit_limit_cents from resellers where id = ${id} for update`);
  if (!row) throw fail('resellerNotFound');
  if (row.kind === 'operator') throw fail('moneyOperatorWallet');
  return { id: Number(row.id), name: row.name, email: row.email, balanceCents: Number(row.balance_cents), creditLimitCents: Number(row.credit_limit_cents) };
}

/**
 * A manual credit or debit of a reseller's wallet, with its reason: the ledger row (kind
 * operator_credit or operator_debit, the reason in its description, the operator as its actor), the
 * audit entry (the person, the balance before and after, the reason) and the reseller's notification,
 * in one transaction. A debit is refused, writing nothing, when it would take a prepaid wallet below
 * zero or a postpaid one past its credit limit. The ledger row names no person, so that no member's
 * daily spending of the reseller's account counts the operator's debit; the audit entry names them.
 */
export async function adjustWallet(ctx: Ctx, who: Who, input: { resellerId: number; type: 'credit' | 'debit'; cents: number; reason: string }): Promise<AdjustmentRow> {
  return transact(ctx, async (unit) => {
    const wallet = await lockWallet(unit.tx, input.resellerId);
    const movement = {
      resellerId: wallet.id,
      amountCents: input.cents,
      reference: `operator_adjustment:${ctx.clock.now().getTime()}`,
      actorId: who.operatorId,
    };
    let balance: number;
    if (input.type === 'credit') {
      balance = await credit(ctx, unit, { ...movement, kind: 'operator_credit', description: description('operatorCredit', { reason: input.reason }) });
    } else {
      try {
        balance = await debit(ctx, unit, { ...movement, kind: 'operator_debit', description: description('operatorDebit', { reason: input.reason }) });
      } catch (error) {
        if (!isRefusedDebit(error)) throw error;
        const amount = formatUsd(input.cents);
        if (wallet.creditLimitCents > 0) {
          throw fail('moneyPastCreditLimit', { name: wallet.name, owed: formatUsd(Math.max(0, -wallet.balanceCents)), limit: formatUsd(wallet.creditLimitCents), amount });
        }
        throw fail('moneyBelowZero', { name: wallet.name, balance: formatUsd(wallet.balanceCents), amount });
      }
    }
    const [row] = await rows<MovementRecord>(
      unit.tx,
      sql`${SELECT} where m.kind = 'adjustment' and m.reseller_id = ${wallet.id} order by m.record_id desc limit 1`,
    );
    if (!row) throw new Error('adjustment not read back');
    await audit(unit.tx, {
      actorId: who.operatorId,
      personId: who.personId,
      subjectId: wallet.id,
      action: `wallet.operator_${input.type === 'credit' ? 'credited' : 'debited'}`,
      targetType: 'reseller',
      targetId: wallet.id,
      data: { ledger_id: Number(row.record_id), amount_cents: input.cents, reason: input.reason },
      before: { balance_cents: wallet.balanceCents },
      after: { balance_cents: balance },
      ip: who.ip,
    });
    await ctx.notifier.notify(unit, wallet.id, {
      type: 'balance_adjusted',
      message: notice(input.type === 'credit' ? 'operatorCredited' : 'operatorDebited', { amount: formatUsd(input.cents), reason: input.reason }),
      redirect: 'billing/transactions',
      refId: Number(row.record_id),
    });
    return { ...presentMovement(row), balance_before: centsToDollars(wallet.balanceCents), balance_after: centsToDollars(balance) };
  });
}

/** The reconciliation's range: the days asked (UTC, inclusive), or by default the 30 ending today. */
export function reconciliationRange(now: Date, asked: { dateStart: string; dateEnd: string }) {
  const today = now.toISOString().slice(0, 10);
  const day = (at: Date) => at.toISOString().slice(0, 10);
  const dateEnd = asked.dateEnd || (asked.dateStart && asked.dateStart > today ? asked.dateStart : today);
  const dateStart = asked.dateStart || day(new Date(dayStart(dateEnd).getTime() - 29 * DAY_MS));
  return { dateStart, dateEnd, from: dayStart(dateStart), until: new Date(dayStart(dateEnd).getTime() + DAY_MS) };
}

interface MismatchRecord {
  kind: MismatchKind;
  payment_id: number | null;
  ledger_ids: (number | string)[];
  reseller_id: number;
  reseller_name: string;
  reseller_email: string;
  paid_cents: number | null;
  credited_cents: number;
  at: Date | string;
}

/**
 * The payments the gateways reported succeeded in the range against the ledger's credits of
 * payments (deposits and invoice payments). A credit belongs to its payment by `payment_id`, or, for
 * a row written without it, by its reference `payment:{id}`. Listed: a succeeded payment with no
 * credit, one with two or more, one credited another amount, and a credit of no succeeded payment.
 */
export async function reconcile(ctx: Pick<AppContext, 'db' | 'clock'>, asked: { dateStart: string; dateEnd: string }): Promise<Reconciliation> {
  const range = reconciliationRange(ctx.clock.now(), asked);
  const from = range.from.toISOString();
  const until = range.until.toISOString();
  const common = sql`
    with pay as (select p.id, p.reseller_id, p.amount_cents, p.succeeded_at as at from payments p where p.status = 'succeeded'),
    cred as (
      select l.id, l.reseller_id, l.amount_cents, l.created_at as at,
             coalesce(l.payment_id, case when l.reference ~ '^payment:[0-9]{1,18}$' then substring(l.reference from 9)::bigint end) as pid
      from wallet_ledger l where l.kind in ('deposit', 'invoice_payment')
    )`;
  const [found, totals] = await Promise.all([
    rows<MismatchRecord>(
      ctx.db,
      sql`${common},
      per_payment as (
        select p.id, p.reseller_id, p.amount_cents, p.at, count(c.id)::int as n, coalesce(sum(c.amount_cents), 0) as credited,
               coalesce(array_agg(c.id order by c.id) filter (where c.id is not null), '{}') as ledger_ids
        from pay p left join cred c on c.pid = p.id
        where p.at >= ${from}::timestamptz and p.at < ${until}::timestamptz
        group by p.id, p.reseller_id, p.amount_cents, p.at
      ),
      found as (
        select case when n = 0 then 'not_credited' when n > 1 then 'credited_twice' else 'amount_differs' end as kind,
               id as payment_id, ledger_ids, reseller_id, amount_cents as paid_cents, credited as credited_cents, at
        from per_payment where n <> 1 or credited <> amount_cents
        union all
        select 'no_payment', null, array[c.id], c.reseller_id, null, c.amount_cents, c.at
        from cred c
        where c.at >= ${from}::timestamptz and c.at < ${until}::timestamptz and not exists (select 1 from pay p where p.id = c.pid)
      )
      select f.kind, f.payment_id, f.ledger_ids, f.reseller_id, r.name as reseller_name, r.email as reseller_email, f.paid_cents, f.credited_cents, f.at
      from found f join resellers r on r.id = f.reseller_id
      order by f.at, f.payment_id nulls last`,
    ),
    rows<{ payments: number; paid: number; credits: number; credited: number }>(
      ctx.db,
      sql`${common}
      select (select count(*)::int from pay where at >= ${from}::timestamptz and at < ${until}::timestamptz) as payments,
             (select coalesce(sum(amount_cents), 0) from pay where at >= ${from}::timestamptz and at < ${until}::timestamptz) as paid,
             (select count(*)::int from cred where at >= ${from}::timestamptz and at < ${until}::timestamptz) as credits,
             (select coalesce(sum(amount_cents), 0) from cred where at >= ${from}::timestamptz and at < ${until}::timestamptz) as credited`,
    ),
  ]);
  const sum = totals[0];
  const paid = Number(sum?.paid ?? 0);
  const credited = Number(sum?.credited ?? 0);
  const mismatches = found.map((m): MismatchRow => {
    const ledgerIds = m.ledger_ids.map(Number);
    return {
      id: `${m.kind}-${m.payment_id === null ? `ledger-${ledgerIds[0]}` : Number(m.payment_id)}`,
      kind: m.kind,
      payment_id: m.payment_id === null ? null : Number(m.payment_id),
      ledger_ids: ledgerIds,
      reseller: { id: Number(m.reseller_id), name: m.reseller_name, email: m.reseller_email },
      paid: m.paid_cents === null ? null : centsToDollars(Number(m.paid_cents)),
      credited: centsToDollars(Number(m.credited_cents)),
      at: new Date(m.at).toISOString(),
    };
  });
  return {
    dateStart: range.dateStart,
    dateEnd: range.dateEnd,
    payments: { count: Number(sum?.payments ?? 0), amount: centsToDollars(paid) },
    credits: { count: Number(sum?.credits ?? 0), amount: centsToDollars(credited) },
    difference: centsToDollars(credited - paid),
    mismatches,
  };
}
