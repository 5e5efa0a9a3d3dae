/**
 * The streamed CSV exports of Transactions and Invoices (002 §2): every column of the list call,
 * under the list's search (and Unpaid Invoices' filter), money as dollars with two decimals, times in
 * UTC as the coupon export writes them. Rows come out of PostgreSQL's COPY (exports/copy.ts); the
 * download's authorisation is the signed ticket (exports/ticket.ts).
 */
import type { Readable } from 'node:stream';
import { PAYMENT_METHOD_NAMES, WALLET_GATEWAY } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { copyCsv, csvMoney, csvTime, sqlText, type CsvColumn } from '../exports/copy.js';
import { INVOICE_STATE_SQL, INVOICE_STATUS, invoiceWhere } from './invoices.js';
import { LEDGER_FROM, transactionWhere } from './transactions.js';

export interface TransactionExportFilter {
  search: string;
}

export interface InvoiceExportFilter {
  search: string;
  unpaid: boolean;
}

const gateway = `case p.provider ${Object.entries(PAYMENT_METHOD_NAMES)
  .map(([module, name]) => `when ${sqlText(module)} then ${sqlText(name)}`)
  .join(' ')} else ${sqlText(WALLET_GATEWAY)} end`;

/** The wallet's own transaction id (transactions.ts walletTransactionId): WLT- and the ledger id, 8 digits at least. */
const walletId = `'WLT-' || case when length(l.id::text) >= 8 then l.id::text else lpad(l.id::text, 8, '0') end`;

export const TRANSACTION_COLUMNS: CsvColumn[] = [
  ['Date', csvTime('l.created_at')],
  ['Transaction ID', `coalesce(p.transaction_ref, p.provider_ref, ${walletId})`],
  ['Gateway', gateway],
  ['Description', 'l.description'],
  ['Amount In', csvMoney('greatest(l.amount_cents, 0)')],
  ['Amount Out', csvMoney('greatest(-l.amount_cents, 0)')],
  ['Balance After', csvMoney('l.balance_after_cents')],
  ['Invoice', 'p.invoice_id::text'],
];

export const INVOICE_COLUMNS: CsvColumn[] = [
  ['Invoice', 'i.id::text'],
  ['Date', csvTime('i.created_at')],
  ['Due Date', csvTime('i.due_at')],
  ['Date Paid', csvTime('i.paid_at')],
  ['Description', 'i.description'],
  ['Payment Method', 'i.payment_method'],
  ['Total', csvMoney('i.amount_cents')],
  [
    'Status',
    `case ${INVOICE_STATE_SQL} ${Object.entries(INVOICE_STATUS)
      .map(([state, label]) => `when ${sqlText(state)} then ${sqlText(label)}`)
      .join(' ')} end`,
  ],
];

export function transactionExportStream(ctx: Pick<AppContext, 'database'>, owner: number, filter: TransactionExportFilter): Promise<Readable> {
  return copyCsv(ctx, TRANSACTION_COLUMNS, LEDGER_FROM, transactionWhere(owner, filter.search), 'order by l.created_at desc, l.id desc');
}

export function invoiceExportStream(ctx: Pick<AppContext, 'database'>, owner: number, filter: InvoiceExportFilter): Promise<Readable> {
  return copyCsv(ctx, INVOICE_COLUMNS, 'from invoices i', invoiceWhere(owner, filter.search, filter.unpaid), 'order by i.created_at desc, i.id desc');
}
