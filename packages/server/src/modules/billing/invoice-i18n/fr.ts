import type { InvoiceCatalogue } from './en.js';

// A colon takes a no-break space before it (\u00a0), as French typography wants.
export const fr = {
  title: 'FACTURE',
  number: 'Facture n°\u00a0{id}',
  status: 'Statut\u00a0: {status}',
  status_Paid: 'Payée',
  status_Unpaid: 'Impayée',
  status_Cancelled: 'Annulée',
  status_Pending: 'En attente',
  status_Expired: 'Expirée',
  date: 'Date de facture\u00a0: {date}',
  due: 'Date d’échéance\u00a0: {date}',
  paid: 'Date de paiement\u00a0: {date}',
  method: 'Moyen de paiement\u00a0: {method}',
  invoicedTo: 'Facturé à',
  description: 'Désignation',
  /** The description of the invoice a deposit makes (`descriptions.walletDeposit`). */
  walletDeposit: 'Approvisionnement du portefeuille',
  amount: 'Montant',
  total: 'Total',
  transactions: 'Transactions',
  noPayment: 'Aucun paiement n’a encore été reçu.',
  transactionDate: 'Date de la transaction',
  transactionId: 'Identifiant de la transaction',
  taxId: 'Identifiant fiscal\u00a0: {id}',
} as const satisfies InvoiceCatalogue;
