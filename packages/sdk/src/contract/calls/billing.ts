/** Billing: payment methods, payments, invoices and transactions (002 §2, §3, §4, §7). */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { MAX_PAGE, idInput, isoDate, rowId, usd, wholeNumber } from '../common.js';
import { PAGE_SIZES, PAYMENT_MODULES, type InvoiceStatus } from '../constants.js';
import { depositAmountField, messages } from '../rules.js';

export const paymentMethodSchema = z.object({
  module: z.enum(PAYMENT_MODULES),
  display_name: z.string(),
  /** `card`: the browser confirms with body.client_secret; `redirect`: it submits body.form. */
  type: z.enum(['card', 'redirect']),
  /** The provider's public key the browser needs (Stripe's publishable key), or null. */
  publishable_key: z.string().nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethods = defineCall({
  method: 'GET',
  path: '/api/v1/payments/methods',
  access: 'reseller',
  permission: 'billing.pay',
  spec: '002 §3, §7 (path not shown: ours)',
  summary: 'The payment methods this server offers.',
  response: z.object({ payment_methods: z.array(paymentMethodSchema) }),
  successCode: 400001,
});

export const paymentSchema = z.object({
  id: z.number(),
  provider: z.enum(PAYMENT_MODULES),
  amount: usd,
  status: z.enum(['pending', 'succeeded', 'failed']),
  invoice_id: z.number(),
  /** The provider's code and words for a failure ('card_declined', 'insufficient_funds'), or null. */
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  created_at: isoDate,
  paid_at: isoDate.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const payments = defineCall({
  method: 'GET',
  path: '/api/v1/payments',
  access: 'reseller',
  permission: 'billing.read',
  spec: '001 §7 (use not shown; ours: the payment methods, as the 400001 fetch, and the latest payments)',
  summary: "The payment methods, and the reseller's 20 latest payments.",
  response: z.object({ payment_methods: z.array(paymentMethodSchema), payments: z.array(paymentSchema) }),
  successCode: 400001,
});

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1', ''])])
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

const paymentFields = {
  email: z.string().trim().max(254).optional().default(''),
  /** Dollars: at least $2000 for a deposit; ignored when an invoice is paid (its total is paid). */
  amount: z.unknown().optional(),
  invoiceId: z.union([rowId, z.literal(''), z.null()]).optional(),
  invoicePayment: flag.optional().default(false),
};

type PaymentFields = { amount?: unknown; invoiceId?: number | '' | null | undefined; invoicePayment: boolean };

/**
 * Either a deposit (`amount`, $2000 or more) or the payment of an unpaid invoice (`invoiceId`,
 * with `invoicePayment`): adds `amount_cents` for the first, `invoice_id` for the second.
 */
function paymentTarget<T extends PaymentFields>(body: T, ctx: z.RefinementCtx) {
  const invoiceId = typeof body.invoiceId === 'number' ? body.invoiceId : null;
  if (body.invoicePayment || invoiceId !== null) {
    if (invoiceId === null) {
      ctx.addIssue({ code: 'custom', message: 'Please choose the invoice to pay', path: ['invoiceId'] });
      return z.NEVER;
    }
    return { ...body, invoice_id: invoiceId as number | null, amount_cents: null as number | null };
  }
  const amount = depositAmountField.safeParse(body.amount ?? '');
  if (!amount.success) {
    ctx.addIssue({ code: 'custom', message: amount.error.issues[0]?.message ?? messages.amountInvalid, path: ['amount'] });
    return z.NEVER;
  }
  return { ...body, invoice_id: null as number | null, amount_cents: amount.data as number | null };
}

const cardHolder = z.string({ error: messages.cardNameRequired }).trim().min(1, { error: messages.cardNameRequired }).max(100);
const cardBody = z
  .object({ ...paymentFields, name: cardHolder, token: z.string().trim().min(1, { error: 'The card token is missing.' }).max(255) })
  .transform(paymentTarget);

/**
 * The payment forms of the portal (002 §5): Add Funds asks for an amount ('Please enter valid
 * amount', 'Amount should be greater than $2000'); the card methods for the holder's name ('Name is
 * required.'); the test gateway's card form for its card, which its token call checks.
 */
export function paymentFormSchema(options: { deposit: boolean; card: boolean; testCard: boolean }) {
  return z.object({
    ...(options.deposit ? { amount: depositAmountField } : {}),
    // react-admin's text inputs give null for an empty field.
    ...(options.card ? { name: cardHolder, email: z.string().trim().max(254).nullish().transform((v) => v ?? '') } : {}),
    ...(options.testCard
      ? {
          number: z.string({ error: 'Please enter the card number.' }).trim().min(1, { error: 'Please enter the card number.' }).max(30),
          exp_month: wholeNumber('Please enter the expiry month.').pipe(z.number().min(1, { error: 'Please enter the expiry month.' }).max(12, { error: 'Please enter the expiry month.' })),
          exp_year: wholeNumber('Please enter the expiry year.').pipe(z.number().min(2000, { error: 'Please enter the expiry year (4 digits).' }).max(2200, { error: 'Please enter the expiry year (4 digits).' })),
          cvc: z.string({ error: 'Please enter the security code.' }).trim().min(3, { error: 'Please enter the security code.' }).max(4, { error: 'Please enter the security code.' }),
        }
      : {}),
  });
}

const confirmAnswer = z.object({
  client_secret: z.string(),
  payment_id: z.number(),
  invoice_id: z.number(),
  status: z.literal('requires_confirmation'),
});

export const payByCard = defineCall({
  method: 'POST',
  path: '/api/v1/payments/stripe',
  access: 'reseller',
  permission: 'billing.pay',
  spec: '002 §4, §5, §7',
  summary: 'Starts a card payment with Stripe; 400002 asks the browser to confirm it with body.client_secret.',
  body: cardBody,
  response: confirmAnswer,
  successCode: 400002,
});

export const payByTestCard = defineCall({
  method: 'POST',
  path: '/api/v1/payments/testgateway',
  access: 'reseller',
  permission: 'billing.pay',
  spec: 'ours (the built-in test gateway: the card path of 002 §4 with test cards)',
  summary: 'Starts a card payment with the built-in test gateway; answers like the Stripe call.',
  body: cardBody,
  response: confirmAnswer,
  successCode: 400002,
});

export const payByRedirect = defineCall({
  method: 'POST',
  path: '/api/v1/payments/paypal',
  access: 'reseller',
  permission: 'billing.pay',
  spec: '002 §4, §7',
  summary: 'Starts a PayPal payment; 400002 answers an HTML form the browser submits to PayPal.',
  body: z.object({ ...paymentFields, name: z.string().trim().max(100).optional().default('') }).transform(paymentTarget),
  response: z.object({ form: z.string(), approve_url: z.string(), payment_id: z.number(), invoice_id: z.number() }),
  successCode: 400002,
});

export const verifyPayment = defineCall({
  method: 'POST',
  path: '/api/v1/payments/verify',
  access: 'reseller',
  permission: 'billing.pay',
  spec: 'ours (002 §2 payment success: the page asks the server, which asks the provider)',
  summary: "Asks the provider for a payment's real state and credits it if no notification has yet.",
  body: z.object({ payment_id: rowId }),
  response: z.object({ payment: paymentSchema, balance: usd }),
  successCode: 400003,
});

const received = z.object({ received: z.literal(true) });

export const stripeWebhook = defineCall({
  method: 'POST',
  path: '/api/webhooks/stripe',
  access: 'signature',
  spec: 'ours (payment confirmation, 000 §9: may take 1 to 2 minutes)',
  summary: "Stripe's event webhook, checked with the Stripe-Signature header.",
  body: z.unknown(),
  response: received,
  successCode: 400010,
});

export const paypalWebhook = defineCall({
  method: 'POST',
  path: '/api/webhooks/paypal',
  access: 'signature',
  spec: 'ours (the redirect provider notifies the server)',
  summary: "PayPal's event webhook, checked with PayPal's signature verification.",
  body: z.unknown(),
  response: received,
  successCode: 400011,
});

export const testGatewayWebhook = defineCall({
  method: 'POST',
  path: '/api/webhooks/testgateway',
  access: 'signature',
  spec: 'ours (the built-in test gateway signs its events like Stripe)',
  summary: "The built-in test gateway's event webhook, checked with its signature header.",
  body: z.unknown(),
  response: received,
  successCode: 400012,
});

export const cardErrorSchema = z.object({
  code: z.string(),
  decline_code: z.string().nullable(),
  message: z.string(),
});

const gatewayIntent = z.object({
  status: z.enum(['requires_confirmation', 'requires_action', 'processing', 'succeeded', 'failed']),
  /** `authenticate`: the card asks for a confirmation step (the browser asks the user, then calls authenticate). */
  next_action: z.enum(['authenticate']).nullable(),
  error: cardErrorSchema.nullable(),
});

export const testGatewayToken = defineCall({
  method: 'POST',
  path: '/api/test-gateway/tokens',
  access: 'public',
  spec: 'ours (the test gateway\'s card form: the card token of 002 §4)',
  summary: 'Turns a test card into a token (only the gateway\'s test numbers are accepted).',
  body: z.object({
    number: z.string().trim().max(30),
    exp_month: wholeNumber().pipe(z.number().min(1).max(12)),
    exp_year: wholeNumber().pipe(z.number().min(2000).max(2200)),
    cvc: z.string().trim().max(4),
    name: cardHolder,
  }),
  response: z.object({
    token: z.string().nullable(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    error: cardErrorSchema.nullable(),
  }),
  successCode: 400020,
});

export const testGatewayConfirm = defineCall({
  method: 'POST',
  path: '/api/test-gateway/confirm',
  access: 'public',
  spec: 'ours (the test gateway\'s confirmation of 002 §4, as the browser makes it with the client secret)',
  summary: 'Confirms a test-gateway payment with its client secret.',
  body: z.object({ client_secret: z.string().trim().min(1).max(200) }),
  response: gatewayIntent,
  successCode: 400021,
});

export const testGatewayAuthenticate = defineCall({
  method: 'POST',
  path: '/api/test-gateway/authenticate',
  access: 'public',
  spec: 'ours (the test gateway\'s confirmation step, like a card issuer\'s check)',
  summary: 'Completes (or fails) the confirmation step a test card asked for.',
  body: z.object({ client_secret: z.string().trim().min(1).max(200), approve: z.boolean() }),
  response: gatewayIntent,
  successCode: 400022,
});

export const invoiceTransaction = z.object({ transid: z.string(), date: isoDate, amountin: usd });
export const invoiceSchema = z.object({
  id: z.number(),
  /** Compared case-insensitively by the browser (002 §3). */
  /** Pending / Expired (ours): a deposit started and not (yet) paid — never owed, never Unpaid. */
  status: z.enum(['Paid', 'Unpaid', 'Cancelled', 'Pending', 'Expired']),
  date: isoDate,
  datepaid: isoDate.nullable(),
  duedate: isoDate,
  /** The payer. */
  name: z.string(),
  email: z.string(),
  payment_method: z.string().nullable(),
  description: z.string(),
  total: usd,
  transactions: z.array(invoiceTransaction),
  generated_at: isoDate,
});
export type Invoice = z.infer<typeof invoiceSchema>;
// The statuses shown are the stored ones (INVOICE_STATUSES, what invoice.* events carry) capitalised,
// and Expired: a status added to one side and not the other fails to compile here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const statusesAgree: Same<Lowercase<Invoice['status']>, InvoiceStatus | 'expired'> = true;
void statusesAgree;

export const invoice = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/invoice',
  access: 'reseller',
  permission: 'billing.read',
  spec: '002 §2, §7',
  summary: "One of the reseller's invoices, with the payments that paid it.",
  body: z.object({ id: idInput }),
  response: invoiceSchema,
  successCode: 40001,
});

export const invoicePdf = defineCall({
  method: 'GET',
  path: '/api/v1/resellers/invoice/pdf',
  access: 'reseller',
  permission: 'billing.read',
  spec: '002 §2 (download as PDF; path ours)',
  summary: "One of the reseller's invoices as a PDF file.",
  query: z.object({ id: idInput }),
  response: z.string(),
  successCode: 40005,
  raw: 'pdf',
});

const listBody = (defaultLimit: number) =>
  z
    .object({
      page: wholeNumber().pipe(z.number().min(1).max(MAX_PAGE)).optional().default(1),
      page_limit: wholeNumber().pipe(z.number().min(1).max(100)).optional().default(defaultLimit),
      /** Matches the description, the transaction id or the gateway (any case), or an id or amount exactly. */
      search: z.string().trim().max(100).optional().default(''),
    })
    .optional()
    .transform((b) => b ?? { page: 1, page_limit: defaultLimit, search: '' });

const invoiceRow = invoiceSchema.omit({ transactions: true });
const invoiceList = z.object({ invoices: z.array(invoiceRow), total: z.number() });

export const invoices = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/invoices',
  access: 'reseller',
  permission: 'billing.read',
  spec: '002 §2, §7 (payload ours: paging and search)',
  summary: "The reseller's invoices, newest first.",
  body: listBody(PAGE_SIZES.invoices.default),
  response: invoiceList,
  successCode: 40002,
});

export const unpaidInvoices = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/unpaid/invoices',
  access: 'reseller',
  permission: 'billing.read',
  spec: '002 §2, §7 (payload ours: paging and search)',
  summary: "The reseller's unpaid invoices, newest first.",
  body: listBody(PAGE_SIZES.invoices.default),
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
export type Transaction = z.infer<typeof transactionSchema>;

export const transactions = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/transactions',
  access: 'reseller',
  permission: 'billing.read',
  spec: '002 §2, §7 (payload ours)',
  summary: "A page of the reseller's wallet movements (5, 20 or 25 a page), newest first, searchable.",
  body: listBody(PAGE_SIZES.transactions.default),
  response: z.object({ transactions: z.array(transactionSchema), total: z.number() }),
  successCode: 40004,
});

export const transaction = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/transaction',
  access: 'reseller',
  permission: 'billing.read',
  spec: '002 §2, §7',
  summary: "One of the reseller's transactions.",
  body: z.object({ id: idInput }),
  response: z.object({ transaction: transactionSchema }),
  successCode: 40006,
});

/** A two-minute signed download link (the streamed exports: the ticket is the download's authorisation). */
const exportLinkSchema = z.object({ url: z.string(), expires_at: isoDate });
const exportTicketQuery = z.object({ ticket: z.string().min(1).max(4096) });
const exportSearch = z.string().trim().max(100).optional().default('');

export const transactionExportTicket = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/transactions/export',
  access: 'reseller',
  permission: 'billing.read',
  spec: 'ours (002 §2: the Transactions list, exported)',
  summary: "A two-minute signed link to the searched transaction list as CSV: every column of the list, money as dollars with two decimals.",
  body: z.object({ search: exportSearch }),
  response: exportLinkSchema,
  successCode: 40008,
});

export const exportTransactions = defineCall({
  method: 'GET',
  path: '/api/v1/resellers/transactions/export',
  access: 'public',
  spec: 'ours (002 §2: the Transactions list, exported)',
  summary: 'The searched transaction list as a streamed CSV file; the signed ticket is the authorisation.',
  query: exportTicketQuery,
  response: z.string(),
  successCode: 40007,
  raw: 'csv',
});

export const invoiceExportTicket = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/invoices/export',
  access: 'reseller',
  permission: 'billing.read',
  spec: 'ours (002 §2: the Invoices and Unpaid Invoices lists, exported)',
  summary: 'A two-minute signed link to the searched invoice list (unpaid: the Unpaid Invoices list) as CSV: every column of the list, money as dollars with two decimals.',
  body: z.object({ search: exportSearch, unpaid: z.boolean({ error: 'The unpaid field must be true or false.' }).optional().default(false) }),
  response: exportLinkSchema,
  successCode: 40010,
});

export const exportInvoices = defineCall({
  method: 'GET',
  path: '/api/v1/resellers/invoices/export',
  access: 'public',
  spec: 'ours (002 §2: the Invoices and Unpaid Invoices lists, exported)',
  summary: 'The searched invoice list as a streamed CSV file; the signed ticket is the authorisation.',
  query: exportTicketQuery,
  response: z.string(),
  successCode: 40009,
  raw: 'csv',
});
