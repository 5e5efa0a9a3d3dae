/**
 * The operator's Money (ours, issue 35): every deposit, invoice, refund and manual adjustment
 * across resellers, filtered and exported as CSV; a manual credit or debit of any reseller's wallet
 * with a required reason; and the reconciliation of the payments the gateways reported against the
 * ledger's credits. Access `operator`: `operator.read` reads, `operator.manage` moves money (roles.ts).
 */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { MAX_ID, isoDate, listOf, pageQuery, usd, wholeNumber } from '../common.js';
import { OPERATOR_ADJUSTMENT_USD } from '../constants.js';
import { dollarsToCents, isInvertedRange, isOneLine, messages } from '../rules.js';

/** What the money list holds: a payment through a provider, an invoice, a coupon refund, a manual adjustment (or a settlement). */
export const MONEY_KINDS = ['deposit', 'invoice', 'refund', 'adjustment'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];
/** A payment's (pending, succeeded, failed), an invoice's (unpaid, pending, paid, cancelled), or a wallet movement's (completed). */
export const MONEY_STATUSES = ['pending', 'succeeded', 'failed', 'unpaid', 'paid', 'cancelled', 'completed'] as const;
export type MoneyStatus = (typeof MONEY_STATUSES)[number];
/** What the reconciliation finds wrong, each its own row. */
export const MISMATCH_KINDS = ['not_credited', 'credited_twice', 'amount_differs', 'no_payment'] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day, YYYY-MM-DD, between 1970 and 9998. */
export const isDay = (value: string) => {
  const at = new Date(`${value}T00:00:00Z`);
  return DAY.test(value) && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value && at.getUTCFullYear() >= 1970 && at.getUTCFullYear() <= 9998;
};
/** A day of a date filter: empty (no bound) or a real day. */
const dayFilter = z
  .string({ error: messages.dateInvalid })
  .trim()
  .refine((v) => v === '' || isDay(v), { error: messages.dateInvalid })
  .optional()
  .default('');
/** An amount bound in dollars, as a form or a query gives it; empty: no bound. */
const amountFilter = z
  .union([z.number({ error: messages.money.amountFilter }), z.string({ error: messages.money.amountFilter })], { error: messages.money.amountFilter })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return null;
    const cents = dollarsToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: messages.money.amountFilter });
      return z.NEVER;
    }
    return cents;
  });

/** The end of a range may not come before its start: said beside the end, as the lists' date filters say it. */
const rangeInOrder = (value: { dateStart: string; dateEnd: string }, ctx: z.RefinementCtx) => {
  if (isInvertedRange(value.dateStart, value.dateEnd)) ctx.addIssue({ code: 'custom', message: messages.dateRangeInverted, path: ['dateEnd'] });
};
const amountsInOrder = (value: { amount_min: number | null; amount_max: number | null }, ctx: z.RefinementCtx) => {
  if (value.amount_min !== null && value.amount_max !== null && value.amount_max < value.amount_min) {
    ctx.addIssue({ code: 'custom', message: messages.money.amountRangeInverted, path: ['amount_max'] });
  }
};

/** The money list's filter: the same for the page and for the CSV export. */
export const moneyFilter = z
  .object({
    kind: z.union([z.literal(''), z.enum(MONEY_KINDS)], { error: messages.money.kind }).optional().default(''),
    status: z.union([z.literal(''), z.enum(MONEY_STATUSES)], { error: messages.money.status }).optional().default(''),
    /** A reseller's id (exactly, `#` allowed), or a part of its name or e-mail (any case). */
    reseller: z.string({ error: messages.money.reseller }).trim().max(100, { error: messages.money.reseller }).optional().default(''),
    dateStart: dayFilter,
    dateEnd: dayFilter,
    /** Bounds of the amount's size in dollars, inclusive (a debit of $5 is an amount of 5). */
    amount_min: amountFilter,
    amount_max: amountFilter,
    sort: z.enum(['date', 'amount'], { error: messages.money.sort }).optional().default('date'),
    order: z.enum(['asc', 'desc'], { error: messages.money.sort }).optional().default('desc'),
  })
  .superRefine(rangeInOrder)
  .superRefine(amountsInOrder);
export type MoneyFilter = z.output<typeof moneyFilter>;

const resellerRef = z.object({ id: z.number(), name: z.string(), email: z.string() });

export const moneyRow = z.object({
  id: z.string().describe('the kind and its record, "deposit-12", "invoice-1001", "refund-345", "adjustment-346"'),
  kind: z.enum(MONEY_KINDS),
  /** The record's own id: the payment's, the invoice's, or the ledger row's. */
  record_id: z.number(),
  reseller: resellerRef,
  amount: usd.describe('as the wallet sees it: below zero a debit'),
  status: z.enum(MONEY_STATUSES),
  /** The payment's or the invoice's gateway ("Card", "PayPal"), or "Wallet". */
  gateway: z.string(),
  /** The provider's transaction id, the invoice the payment pays, or the wallet's own id (WLT-…). */
  reference: z.string(),
  description: z.string(),
  created_at: isoDate,
});
export type MoneyRow = z.infer<typeof moneyRow>;

export const operatorMoney = defineCall({
  method: 'POST',
  path: '/api/v1/operator/money',
  access: 'operator',
  permission: 'operator.read',
  spec: 'ours (issue 35: money)',
  summary:
    'Every deposit, invoice, coupon refund and manual adjustment across resellers, newest first (or by amount), filtered by kind, status, reseller, days (UTC, inclusive) and amount.',
  query: pageQuery,
  body: moneyFilter,
  response: listOf(moneyRow),
  successCode: 150101,
});

export const operatorMoneyExportTicket = defineCall({
  method: 'POST',
  path: '/api/v1/operator/money/export',
  access: 'operator',
  permission: 'operator.read',
  spec: 'ours (issue 35: money)',
  summary: 'A two-minute signed link to the filtered money list as CSV: every column of the list, money as dollars with two decimals.',
  body: moneyFilter,
  response: z.object({ url: z.string(), expires_at: isoDate }),
  successCode: 150102,
});

export const exportOperatorMoney = defineCall({
  method: 'GET',
  path: '/api/v1/operator/money/export',
  access: 'public',
  spec: 'ours (issue 35: money)',
  summary: 'The filtered money list as a streamed CSV file; the signed ticket is the authorisation.',
  query: z.object({ ticket: z.string().min(1).max(4096) }),
  response: z.string(),
  successCode: 150103,
  raw: 'csv',
});

/** A manual adjustment's reason: one line of 1 to 200 characters, spaces alone are none. */
export const adjustmentReasonField = z
  .string({ error: messages.money.reason })
  .trim()
  .min(1, { error: messages.money.reason })
  .max(200, { error: messages.money.reason })
  .refine(isOneLine, { error: messages.money.reason });

/** An adjustment's amount in dollars (a number or text), to integer cents. */
export const adjustmentAmountField = z
  .union([z.number({ error: messages.money.amount }), z.string({ error: messages.money.amount })], { error: messages.money.amount })
  .transform((value, ctx) => {
    const cents = dollarsToCents(value);
    if (cents === null || cents < 1 || cents > OPERATOR_ADJUSTMENT_USD.max * 100) {
      ctx.addIssue({ code: 'custom', message: messages.money.amount });
      return z.NEVER;
    }
    return cents;
  });

export const adjustmentRow = moneyRow.extend({
  balance_before: usd,
  balance_after: usd,
});
export type AdjustmentRow = z.infer<typeof adjustmentRow>;

export const adjustResellerWallet = defineCall({
  method: 'POST',
  path: '/api/v1/operator/money/adjust',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: money)',
  summary:
    "Credits or debits any reseller's wallet by hand, with a required reason: a ledger row the reseller's transactions show, an audit entry (who, before and after, the reason) and a notification. A debit may not take a prepaid wallet below zero nor a postpaid one past its credit limit.",
  body: z.object({
    reseller_id: wholeNumber(messages.money.resellerId)
      .pipe(z.number().positive({ error: messages.money.resellerId }).max(MAX_ID, { error: messages.money.resellerId }))
      .describe("the reseller's id"),
    type: z.enum(['credit', 'debit'], { error: messages.money.type }),
    amount: adjustmentAmountField,
    reason: adjustmentReasonField,
  }),
  response: adjustmentRow,
  successCode: 150104,
});

export const mismatchRow = z.object({
  id: z.string().describe('the kind and the payment (or the ledger row, for a credit with no payment)'),
  kind: z.enum(MISMATCH_KINDS).describe('not_credited: a succeeded payment no ledger row credits; credited_twice; amount_differs; no_payment: a deposit credit of no succeeded payment'),
  payment_id: z.number().nullable(),
  ledger_ids: z.array(z.number()),
  reseller: resellerRef,
  paid: usd.nullable().describe('what the gateway reported'),
  credited: usd.describe('what the ledger credited'),
  at: isoDate,
});
export type MismatchRow = z.infer<typeof mismatchRow>;

const tally = z.object({ count: z.number(), amount: usd });

export const reconciliation = z.object({
  dateStart: z.string(),
  dateEnd: z.string(),
  payments: tally.describe('payments the gateways reported succeeded in the range'),
  credits: tally.describe("the ledger's deposit and invoice-payment credits in the range"),
  difference: usd.describe('credits less payments'),
  mismatches: z.array(mismatchRow).describe('none is the normal state'),
});
export type Reconciliation = z.infer<typeof reconciliation>;

export const operatorReconciliation = defineCall({
  method: 'POST',
  path: '/api/v1/operator/money/reconciliation',
  access: 'operator',
  permission: 'operator.read',
  spec: 'ours (issue 35: money)',
  summary:
    "The payments the gateways reported succeeded in a range of days (UTC, inclusive; by default the last 30) against the ledger's credits, with every mismatch: a payment not credited, one credited twice or with another amount, a credit of no payment.",
  body: z
    .object({ dateStart: dayFilter, dateEnd: dayFilter })
    .superRefine(rangeInOrder),
  response: reconciliation,
  successCode: 150105,
});
