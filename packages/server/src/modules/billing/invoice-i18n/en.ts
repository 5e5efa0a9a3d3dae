/**
 * The PDF invoice's words in English; every other language's file is typed against this one
 * (`InvoiceCatalogue`), so a missing or extra key fails `pnpm typecheck`. `{date}`, `{id}` are filled
 * in by invoice-pdf.ts, dates and amounts already written by Intl in the same language.
 */
export const en = {
  title: 'INVOICE',
  number: 'Invoice #{id}',
  status: 'Status: {status}',
  status_Paid: 'Paid',
  status_Unpaid: 'Unpaid',
  status_Cancelled: 'Cancelled',
  status_Pending: 'Pending',
  status_Expired: 'Expired',
  date: 'Invoice date: {date}',
  due: 'Due date: {date}',
  paid: 'Date paid: {date}',
  method: 'Payment method: {method}',
  invoicedTo: 'Invoiced to',
  description: 'Description',
  /** The description of the invoice a deposit makes (`descriptions.walletDeposit`). */
  walletDeposit: 'Wallet Deposit',
  amount: 'Amount',
  total: 'Total',
  transactions: 'Transactions',
  noPayment: 'No payment has been received yet.',
  transactionDate: 'Transaction date',
  transactionId: 'Transaction id',
  taxId: 'Tax ID: {id}',
} as const;

export type InvoiceKey = keyof typeof en;
export type InvoiceCatalogue = { readonly [K in InvoiceKey]: string };
