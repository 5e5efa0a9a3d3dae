import type { InvoiceCatalogue } from './en.js';

export const ru = {
  title: 'СЧЁТ',
  number: 'Счёт № {id}',
  status: 'Статус: {status}',
  status_Paid: 'Оплачен',
  status_Unpaid: 'Не оплачен',
  status_Cancelled: 'Отменён',
  status_Pending: 'Ожидает оплаты',
  status_Expired: 'Истёк',
  date: 'Дата счёта: {date}',
  due: 'Оплатить до: {date}',
  paid: 'Дата оплаты: {date}',
  method: 'Способ оплаты: {method}',
  invoicedTo: 'Плательщик',
  description: 'Описание',
  /** The description of the invoice a deposit makes (`descriptions.walletDeposit`). */
  walletDeposit: 'Пополнение кошелька',
  amount: 'Сумма',
  total: 'Итого',
  transactions: 'Платежи',
  noPayment: 'Платежей по этому счёту пока не поступало.',
  transactionDate: 'Дата платежа',
  transactionId: 'ID транзакции',
  taxId: 'Налоговый номер: {id}',
} as const satisfies InvoiceCatalogue;
