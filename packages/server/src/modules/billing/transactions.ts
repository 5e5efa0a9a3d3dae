/**
 * Transactions (002 §2): the wallet ledger as its reseller sees it — every movement (deposits,
 * invoice payments, coupon purchases and refunds, VPN purchases and renewals), newest first.
 * Money that came through a provider carries the provider's transaction id and name; the rest is
 * the wallet's own movement, numbered from the ledger.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PAYMENT_METHOD_NAMES, PAYMENT_MODULES, WALLET_GATEWAY, centsToDollars, dollarsToCents, type Transaction } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { contains } from '../../db/search.js';
import { fail } from '../../http/errors.js';

interface LedgerRecord {
  id: number;
  created_at: Date | string;
  amount_cents: number;
  balance_after_cents: number;
  description: string;
  provider: keyof typeof PAYMENT_METHOD_NAMES | null;
  provider_txn: string | null;
  invoice_id: number | null;
}

/** The wallet's own transaction id for a movement no provider made. */
export const walletTransactionId = (ledgerId: number) => `WLT-${String(ledgerId).padStart(8, '0')}`;

function present(r: LedgerRecord): Transaction {
  const amount = Number(r.amount_cents);
  return {
    id: Number(r.id),
    date: new Date(r.created_at).toISOString(),
    transaction_id: r.provider_txn ?? walletTransactionId(Number(r.id)),
    gateway: r.provider ? PAYMENT_METHOD_NAMES[r.provider] : WALLET_GATEWAY,
    description: r.description,
    amount_in: amount > 0 ? centsToDollars(amount) : 0,
    amount_out: amount < 0 ? centsToDollars(-amount) : 0,
    balance_after: centsToDollars(Number(r.balance_after_cents)),
    invoice_id: r.invoice_id === null ? null : Number(r.invoice_id),
  };
}

/** The ledger and the payments that made its movements; the export reads the same. */
export const LEDGER_FROM = 'from wallet_ledger l left join payments p on p.id = l.payment_id';
const FROM = sql.raw(LEDGER_FROM);
const COLUMNS = sql`select l.id, l.created_at, l.amount_cents, l.balance_after_cents, l.description, p.provider,
  coalesce(p.transaction_ref, p.provider_ref) as provider_txn, p.invoice_id`;

/**
 * Matches the description, the transaction id or the gateway's name in part (any case), or the
 * wallet's own transaction id (WLT-…), the invoice number or the amount exactly.
 */
function searchOf(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = contains(search);
  const parts: SQL[] = [
    sql`l.description ilike ${pattern}`,
    sql`p.transaction_ref ilike ${pattern}`,
    sql`p.provider_ref ilike ${pattern}`,
  ];
  const providers = PAYMENT_MODULES.filter((m) => PAYMENT_METHOD_NAMES[m].toLowerCase().includes(search.toLowerCase()));
  if (providers.length) parts.push(sql`p.provider in (${sql.join(providers.map((m) => sql`${m}`), sql`, `)})`);
  if (WALLET_GATEWAY.toLowerCase().includes(search.toLowerCase())) parts.push(sql`l.payment_id is null`);
  const walletId = /^WLT-0*(\d{1,15})$/i.exec(search)?.[1];
  if (walletId && Number(walletId) <= Number.MAX_SAFE_INTEGER) parts.push(sql`l.id = ${Number(walletId)}`);
  const number = /^#?(\d{1,9})$/.exec(search)?.[1];
  if (number) parts.push(sql`p.invoice_id = ${Number(number)}`);
  const cents = dollarsToCents(search.replace(/^\$/, '').replace(/,/g, ''));
  if (cents !== null && cents > 0) parts.push(sql`abs(l.amount_cents) = ${cents}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The WHERE of a reseller's ledger (aliases l, p) under the list's search: one for the page and the export. */
export const transactionWhere = (resellerId: number, search: string) =>
  sql.join([sql`l.reseller_id = ${resellerId}`, searchOf(search)].filter((p): p is SQL => p !== undefined), sql` and `);

export async function listTransactions(ctx: Pick<AppContext, 'db'>, resellerId: number, query: { page: number; page_limit: number; search: string }) {
  const where = transactionWhere(resellerId, query.search);
  const [page, count] = await Promise.all([
    rows<LedgerRecord>(
      ctx.db,
      sql`${COLUMNS} ${FROM} where ${where} order by l.created_at desc, l.id desc limit ${query.page_limit} offset ${(query.page - 1) * query.page_limit}`,
    ),
    rows<{ n: number }>(ctx.db, sql`select count(*)::int as n ${FROM} where ${where}`),
  ]);
  return { transactions: page.map(present), total: Number(count[0]?.n ?? 0) };
}

export async function getTransaction(ctx: Pick<AppContext, 'db'>, resellerId: number, id: number) {
  const [row] = await rows<LedgerRecord>(ctx.db, sql`${COLUMNS} ${FROM} where l.id = ${id} and l.reseller_id = ${resellerId}`);
  if (!row) throw fail('transactionNotFound');
  return { transaction: present(row) };
}
