import type { InvoiceCatalogue } from './en.js';

// No brackets: a bracket in a right-to-left line is drawn mirrored (pdf-text.ts), and a reader's
// copied text keeps the mirrored one.
export const ar = {
  title: 'فاتورة',
  number: 'فاتورة رقم {id}',
  status: 'الحالة: {status}',
  status_Paid: 'مدفوعة',
  status_Unpaid: 'غير مدفوعة',
  status_Cancelled: 'ملغاة',
  status_Pending: 'قيد الانتظار',
  status_Expired: 'منتهية الصلاحية',
  date: 'تاريخ الفاتورة: {date}',
  due: 'تاريخ الاستحقاق: {date}',
  paid: 'تاريخ الدفع: {date}',
  method: 'طريقة الدفع: {method}',
  invoicedTo: 'صادرة إلى',
  description: 'الوصف',
  /** The description of the invoice a deposit makes (`descriptions.walletDeposit`). */
  walletDeposit: 'إيداع في المحفظة',
  amount: 'المبلغ',
  total: 'الإجمالي',
  transactions: 'المدفوعات',
  noPayment: 'لم تُستلم أي دفعة بعد.',
  transactionDate: 'تاريخ الدفعة',
  transactionId: 'رقم المعاملة',
  taxId: 'الرقم الضريبي: {id}',
} as const satisfies InvoiceCatalogue;
