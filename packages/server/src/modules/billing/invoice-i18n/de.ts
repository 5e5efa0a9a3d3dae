import type { InvoiceCatalogue } from './en.js';

export const de = {
  title: 'RECHNUNG',
  number: 'Rechnung Nr. {id}',
  status: 'Status: {status}',
  status_Paid: 'Bezahlt',
  status_Unpaid: 'Offen',
  status_Cancelled: 'Storniert',
  status_Pending: 'Ausstehend',
  status_Expired: 'Abgelaufen',
  date: 'Rechnungsdatum: {date}',
  due: 'Fällig am: {date}',
  paid: 'Bezahlt am: {date}',
  method: 'Zahlungsart: {method}',
  invoicedTo: 'Rechnungsempfänger',
  description: 'Beschreibung',
  /** The description of the invoice a deposit makes (`descriptions.walletDeposit`). */
  walletDeposit: 'Wallet-Aufladung',
  amount: 'Betrag',
  total: 'Gesamtbetrag',
  transactions: 'Zahlungen',
  noPayment: 'Es ist noch keine Zahlung eingegangen.',
  transactionDate: 'Zahlungsdatum',
  transactionId: 'Transaktions-ID',
  taxId: 'Steuernummer: {id}',
} as const satisfies InvoiceCatalogue;
