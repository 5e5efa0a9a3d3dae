/** Billing: payment methods, payments, invoices and transactions (002 §2, §3, §7). */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { MAX_PAGE, idInput, isoDate, rowId, usd } from '../common.js';
import { messages } from '../rules.js';

export const paymentMethodSchema = z.object({ module: z.string(), display_name: z.string() });

export const paymentMethods = defineCall({
  method: 'GET',
  path: '/api/v1/payments/methods',
  access: 'reseller',
  spec: '002 §7 (path ours)',
  summary: 'The payment methods this server offers.',
  response: z.object({ payment_methods: z.array(paymentMethodSchema) }),
  successCode: 400001,
});

export const paymentSchema = z.object({
  id: z.number(),
  provider: z.string(),
  amount: usd,
  status: z.enum(['pending', 'succeeded', 'failed']),
  invoice_id: z.number().nullable(),
  created_at: isoDate,
});

export const payments = defineCall({
  method: 'GET',
  path: '/api/v1/payments',
  access: 'reseller',
  spec: '001 §7 (use not shown; ours: the latest payments)',
  summary: "The reseller's latest payments.",
  response: z.object({ payments: z.array(paymentSchema) }),
  successCode: 400004,
});

/** Either a deposit (amount, at least $2000) or the payment of an invoice (invoiceId). */
const paymentBody = z.object({
  name: z.string().trim().min(1, { error: messages.cardNameRequired }),
  email: z.string().trim().optional().default(''),
  amount: z.union([z.number(), z.string()]).optional(),
  invoiceId: rowId.optional().nullable(),
  invoicePayment: z.coerce.boolean().optional().default(false),
});

export const payByCard = defineCall({
  method: 'POST',
  path: '/api/v1/payments/stripe',
  access: 'reseller',
  spec: '002 §4, §7',
  summary: 'Starts a card payment; 400002 asks the browser to confirm it with body.client_secret.',
  body: paymentBody.extend({ token: z.string().min(1) }),
  response: z.object({ client_secret: z.string().nullable(), payment_id: z.number(), status: z.string() }),
  successCode: 400002,
});

export const payByRedirect = defineCall({
  method: 'POST',
  path: '/api/v1/payments/paypal',
  access: 'reseller',
  spec: '002 §4, §7',
  summary: 'Starts a redirect payment; 400002 answers an HTML form the browser submits.',
  body: paymentBody,
  response: z.object({ form: z.string(), payment_id: z.number() }),
  successCode: 400002,
});


export const stripeWebhook = defineCall({
  method: 'POST',
  path: '/api/webhooks/stripe',
  access: 'signature',
  spec: 'ours (payment confirmation, 000 §9: may take 1 to 2 minutes)',
  summary: "Stripe's event webhook, checked with the Stripe-Signature header.",
  body: z.unknown(),
  response: z.object({ received: z.literal(true) }),
  successCode: 400010,
});

export const redirectReturn = defineCall({
  method: 'POST',
  path: '/api/webhooks/paypal',
  access: 'signature',
  spec: 'ours (the redirect provider notifies the server)',
  summary: "The redirect provider's payment notification, checked by its signature.",
  body: z.unknown(),
  response: z.object({ received: z.literal(true) }),
  successCode: 400011,
});

export const invoiceTransaction = z.object({ transid: z.string(), date: isoDate, amountin: usd });
export const invoiceSchema = z.object({
  id: z.number(),
  status: z.enum(['Paid', 'Unpaid', 'Cancelled']),
  date: isoDate,
  datepaid: isoDate.nullable(),
  duedate: isoDate,
  name: z.string(),
  email: z.string(),
  payment_method: z.string().nullable(),
  description: z.string(),
  total: usd,
  transactions: z.array(invoiceTransaction),
  generated_at: isoDate,
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoice = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/invoice',
  access: 'reseller',
  spec: '002 §2, §7',
  summary: 'One of the reseller\'s invoices.',
  body: z.object({ id: idInput }),
  response: invoiceSchema,
  successCode: 40001,
});

export const invoicePdf = defineCall({
  method: 'GET',
  path: '/api/v1/resellers/invoice/pdf',
  access: 'reseller',
  spec: '002 §2 (download as PDF; path ours)',
  summary: 'One of the reseller\'s invoices as a PDF file.',
  query: z.object({ id: idInput }),
  response: z.string(),
  successCode: 40005,
  raw: 'pdf',
});

const invoiceList = z.object({ invoices: z.array(invoiceSchema.omit({ transactions: true })) });

export const invoices = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/invoices',
  access: 'reseller',
  spec: '002 §2, §7 (payload ours: none)',
  summary: "The reseller's invoices, newest first.",
  body: z.object({}).optional(),
  response: invoiceList,
  successCode: 40002,
});

export const unpaidInvoices = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/unpaid/invoices',
  access: 'reseller',
  spec: '002 §2, §7 (payload ours: none)',
  summary: "The reseller's unpaid invoices.",
  body: z.object({}).optional(),
  response: invoiceList,
  successCode: 40003,
});

export const transactionSchema = z.object({
  id: z.number(),
  date: isoDate,
  transaction_id: z.string(),
  gateway: z.string(),
  description: z.string(),
  amount_in: usd,
  amount_out: usd,
  balance_after: usd,
  invoice_id: z.number().nullable(),
});

export const transactions = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/transactions',
  access: 'reseller',
  spec: '002 §2, §7 (payload ours)',
  summary: "A page of the reseller's wallet transactions, searchable.",
  body: z.object({
    page: z.coerce.number().int().min(1).max(MAX_PAGE).optional().default(1),
    page_limit: z.coerce.number().int().min(1).max(100).optional().default(5),
    search: z.string().trim().max(100).optional().default(''),
  }),
  response: z.object({ transactions: z.array(transactionSchema), total: z.number() }),
  successCode: 40004,
});

export const transaction = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/transaction',
  access: 'reseller',
  spec: '002 §2, §7',
  summary: 'One of the reseller\'s transactions.',
  body: z.object({ id: idInput }),
  response: z.object({ transaction: transactionSchema }),
  successCode: 40006,
});
