/**
 * The operator's Resellers page (ours, issue 35): every reseller of the programme, admin or not,
 * with its parent, status, money and terms, and what the operator does to one — open an account,
 * verify it, suspend or reactivate it with a reason, place it under an admin, set its terms
 * (prepaid, or postpaid with a credit limit and a settlement day) and record a settlement.
 * Access `operator`: no reseller, admin or not, reaches these; `operator.read` reads, `operator.manage` acts.
 */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { MAX_ID, isoDate, listOf, pageQuery, usd, wholeNumber } from '../common.js';
import { isOneLine } from '../checks.js';
import { dollarsToCents, emailField, fullNameField, messages } from '../rules.js';

export const RESELLER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export const RESELLER_TERMS = ['prepaid', 'postpaid'] as const;
export const RESELLER_SORTS = ['created_at', 'name', 'balance', 'spend_30d'] as const;
/** The highest credit limit the operator may grant, in dollars. */
export const CREDIT_LIMIT_MAX_USD = 1_000_000;
/** The largest settlement one call records, in dollars (a typo of a few zeros is refused). */
export const SETTLEMENT_MAX_USD = 1_000_000;

const resellerId = wholeNumber(messages.resellerId).pipe(z.number().min(1, { error: messages.resellerId }).max(MAX_ID, { error: messages.resellerId }));

/** A reason or note the operator gives: one line, 1 to 200 characters once trimmed. */
const reasonField = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: message }).refine(isOneLine, { error: message });

/** Dollars (a number or text) to cents, between 0.01 and `max` dollars. */
const dollarsUpTo = (max: number, message: string) =>
  z.union([z.number({ error: message }), z.string({ error: message })], { error: message }).transform((value, ctx) => {
    const cents = dollarsToCents(value);
    if (cents === null || cents < 1 || cents > max * 100) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

export const operatorResellerRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  parent: z.object({ id: z.number(), name: z.string() }).nullable().describe('the admin reseller it is placed under'),
  sub_resellers: z.number().describe("an admin's resellers"),
  status: z.enum(RESELLER_STATUSES).describe('inactive: paused by itself or its admin; suspended: by the operator'),
  suspension_reason: z.string().nullable(),
  verified: z.boolean(),
  balance: usd.describe('below zero only on a postpaid account: what it owes'),
  terms: z.enum(RESELLER_TERMS),
  credit_limit: usd.describe('0 on prepaid terms'),
  settlement_day: z.number().nullable().describe('postpaid: the day of the month it settles by'),
  next_settlement: z.string().nullable().describe('postpaid: the next settlement date (YYYY-MM-DD, UTC)'),
  spend_30d: usd.describe('spent on coupons and VPN accounts in the last 30 days, net of refunds'),
  coupons: z.number(),
  created_at: isoDate,
});
export type OperatorResellerRow = z.infer<typeof operatorResellerRow>;

export const operatorResellerFilter = pageQuery.extend({
  q: z.string({ error: messages.resellerSearch }).max(100, { error: messages.resellerSearch }).optional().describe('part of the name or e-mail, or the id'),
  status: z.enum(RESELLER_STATUSES, { error: messages.resellerStatusFilter }).optional(),
  terms: z.enum(RESELLER_TERMS, { error: messages.resellerTerms }).optional(),
  kind: z.enum(['admin', 'reseller'], { error: messages.resellerKind }).optional().describe('admin: admin resellers only; reseller: the others'),
  parent_id: resellerId.optional().describe("an admin's resellers only"),
  sort: z.enum(RESELLER_SORTS, { error: messages.resellerSort }).optional(),
  order: z.enum(['asc', 'desc'], { error: messages.resellerSort }).optional(),
});

export const operatorResellers = defineCall({
  method: 'GET',
  path: '/api/v1/operator/resellers',
  access: 'operator',
  permission: 'operator.read',
  spec: 'ours (issue 35: resellers)',
  summary: 'Every reseller of the programme, newest first by default: search, status, terms, admins or an admin\'s resellers, sorted.',
  query: operatorResellerFilter,
  response: listOf(operatorResellerRow),
  successCode: 150401,
});

export const operatorReseller = defineCall({
  method: 'GET',
  path: '/api/v1/operator/reseller',
  access: 'operator',
  permission: 'operator.read',
  spec: 'ours (issue 35: resellers)',
  summary: 'One reseller as the list shows it.',
  query: z.object({ id: resellerId }),
  response: operatorResellerRow,
  successCode: 150402,
});

export const createOperatorReseller = defineCall({
  method: 'POST',
  path: '/api/v1/operator/resellers',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: resellers)',
  summary:
    'Opens a reseller account, or an admin reseller\'s, optionally under an admin; its Owner is mailed a link to set a password. It starts prepaid and unverified.',
  body: z.object({
    name: fullNameField,
    email: emailField,
    is_admin: z.boolean({ error: messages.resellerIsAdmin }).optional(),
    parent_id: z.union([resellerId, z.null()], { error: messages.resellerId }).optional(),
  }),
  response: operatorResellerRow,
  successCode: 150403,
  httpStatus: 201,
});

export const verifyOperatorReseller = defineCall({
  method: 'POST',
  path: '/api/v1/operator/resellers/verify',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: resellers)',
  summary: 'Marks a reseller verified, and its Owner able to sign in, as opening the verification link would.',
  body: z.object({ id: resellerId }),
  response: operatorResellerRow,
  successCode: 150404,
});

export const setOperatorResellerStatus = defineCall({
  method: 'POST',
  path: '/api/v1/operator/resellers/status',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: resellers)',
  summary:
    'Suspends a reseller (it signs in and reads but buys nothing, and neither it nor its admin can undo it) or reactivates it, with a reason it is told.',
  body: z.object({
    id: resellerId,
    action: z.enum(['suspend', 'reactivate'], { error: messages.resellerStatusAction }),
    reason: reasonField(messages.resellerReason),
  }),
  response: operatorResellerRow,
  successCode: 150405,
});

export const moveOperatorReseller = defineCall({
  method: 'POST',
  path: '/api/v1/operator/resellers/parent',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: resellers)',
  summary: 'Places a reseller under an admin reseller, or on its own (`parent_id` null). Its own prices stay.',
  body: z.object({ id: resellerId, parent_id: z.union([resellerId, z.null()], { error: messages.resellerId }) }),
  response: operatorResellerRow,
  successCode: 150406,
});

export const setOperatorResellerTerms = defineCall({
  method: 'POST',
  path: '/api/v1/operator/resellers/terms',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: resellers)',
  summary:
    'Prepaid (it adds funds before it buys), or postpaid: it buys up to `credit_limit` dollars owed and settles by `settlement_day` of each month.',
  body: z
    .object({
      id: resellerId,
      terms: z.enum(RESELLER_TERMS, { error: messages.resellerTerms }),
      credit_limit: dollarsUpTo(CREDIT_LIMIT_MAX_USD, messages.creditLimit).optional().describe('postpaid only'),
      settlement_day: wholeNumber(messages.settlementDay)
        .pipe(z.number().min(1, { error: messages.settlementDay }).max(28, { error: messages.settlementDay }))
        .optional()
        .describe('postpaid only: 1 to 28'),
    })
    .superRefine((v, ctx) => {
      if (v.terms === 'postpaid') {
        if (v.credit_limit === undefined) ctx.addIssue({ code: 'custom', path: ['credit_limit'], message: messages.creditLimit });
        if (v.settlement_day === undefined) ctx.addIssue({ code: 'custom', path: ['settlement_day'], message: messages.settlementDay });
      } else {
        // A limit or a day sent with prepaid terms says the sender meant something else: refused, not dropped.
        for (const field of ['credit_limit', 'settlement_day'] as const) {
          if (v[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: messages.prepaidHasNoCredit });
        }
      }
    }),
  response: operatorResellerRow,
  successCode: 150407,
});

export const settleOperatorReseller = defineCall({
  method: 'POST',
  path: '/api/v1/operator/resellers/settle',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: resellers)',
  summary:
    'Records money a postpaid account paid outside the panel (a bank transfer): a `settlement` credit in its ledger that lowers what it owes, never past it.',
  body: z.object({ id: resellerId, amount: dollarsUpTo(SETTLEMENT_MAX_USD, messages.settlementAmount), note: reasonField(messages.settlementNote) }),
  response: operatorResellerRow,
  successCode: 150408,
});
