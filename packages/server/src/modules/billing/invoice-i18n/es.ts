import type { InvoiceCatalogue } from './en.js';

export const es = {
  title: 'FACTURA',
  number: 'Factura n.º {id}',
  status: 'Estado: {status}',
  status_Paid: 'Pagada',
  status_Unpaid: 'Pendiente de pago',
  status_Cancelled: 'Cancelada',
  status_Pending: 'En curso',
  status_Expired: 'Caducada',
  date: 'Fecha de la factura: {date}',
  due: 'Fecha de vencimiento: {date}',
  paid: 'Fecha de pago: {date}',
  method: 'Forma de pago: {method}',
  invoicedTo: 'Facturado a',
  description: 'Concepto',
  /** The description of the invoice a deposit makes (`descriptions.walletDeposit`). */
  walletDeposit: 'Depósito en el monedero',
  amount: 'Importe',
  total: 'Total',
  transactions: 'Transacciones',
  noPayment: 'Todavía no se ha recibido ningún pago.',
  transactionDate: 'Fecha de la transacción',
  transactionId: 'ID de la transacción',
  taxId: 'Identificación fiscal: {id}',
} as const satisfies InvoiceCatalogue;
