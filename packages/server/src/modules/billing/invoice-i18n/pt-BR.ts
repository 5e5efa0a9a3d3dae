import type { InvoiceCatalogue } from './en.js';

export const ptBR = {
  title: 'FATURA',
  number: 'Fatura nº {id}',
  status: 'Status: {status}',
  status_Paid: 'Paga',
  status_Unpaid: 'Em aberto',
  status_Cancelled: 'Cancelada',
  status_Pending: 'Pendente',
  status_Expired: 'Expirada',
  date: 'Data da fatura: {date}',
  due: 'Vencimento: {date}',
  paid: 'Data do pagamento: {date}',
  method: 'Forma de pagamento: {method}',
  invoicedTo: 'Faturado para',
  description: 'Descrição',
  /** The description of the invoice a deposit makes (`descriptions.walletDeposit`). */
  walletDeposit: 'Depósito na carteira',
  amount: 'Valor',
  total: 'Total',
  transactions: 'Transações',
  noPayment: 'Nenhum pagamento foi recebido ainda.',
  transactionDate: 'Data da transação',
  transactionId: 'ID da transação',
  taxId: 'Identificação fiscal: {id}',
} as const satisfies InvoiceCatalogue;
