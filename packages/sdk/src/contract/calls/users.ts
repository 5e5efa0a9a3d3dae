/** Admin management of a reseller's own users (002 §2, §3, §7). */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { idInput, isoDate, listOf, pageQuery, rowId, usd, wholeNumber } from '../common.js';
import { RECURRING_CYCLES, USER_ADJUSTMENT_USD, USER_PRICE_MAX_USD } from '../constants.js';
import { captchaTokenField, dollarAmountField, invoiceAmountField, isOneLine, messages, requiredText } from '../rules.js';

const cyclePrices = z.object(Object.fromEntries(RECURRING_CYCLES.map((c) => [c, usd])) as Record<
  (typeof RECURRING_CYCLES)[number],
  typeof usd
>);

export const userProfileSchema = z.object({
  id: z.number(),
  clientId: z.string(),
  firstName: z.string(),
  email: z.string(),
  created_at: isoDate,
  balance: usd,
  active_subscriptions: z.number(),
  vpn_accounts_issued_in_last_24_hours: z.number(),
  total_coupons: z.number(),
  coupons_in_last_24_hours: z.number(),
  total_redeem_coupons: z.number(),
  verified: z.boolean(),
  status: z.union([z.literal(0), z.literal(1)]).describe('0 inactive, 1 active'),
  amountIn: usd,
  amountOut: usd,
  recuringPricing: cyclePrices,
  nonRecuringPricing: cyclePrices,
  /** Ours: whether the admin requires a second factor of this user (set with `two-factor/require`). */
  two_factor_required: z.boolean(),
});

export const getUser = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/get/user',
  access: 'admin',
  permission: 'subresellers.read',
  spec: '002 §3, §7',
  summary: "One of the admin's own users.",
  body: z.object({ id: idInput }),
  response: userProfileSchema,
  successCode: 80011,
});

/** The admin's own identity rides along (id, client_id) as the spec's browser sends it. */
const actingAdmin = {
  user_reseller_id: idInput,
  user_client_id: z.string().optional(),
  id: rowId.optional(),
  client_id: z.string().optional(),
};

export const updateUser = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/update/user',
  access: 'admin',
  permission: 'subresellers.manage',
  spec: '002 §2, §7',
  summary:
    "Updates one field of a user: `name`, `email` and `password` (with `password_confirmation` and a captcha token) once the user is verified, `status` (0 inactive, 1 active) at any time.",
  captcha: 'update_password',
  body: z.object({
    ...actingAdmin,
    update: requiredText(messages.fieldEmpty),
    value: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
    password_confirmation: z.string().optional(),
    token: captchaTokenField,
  }),
  response: userProfileSchema,
  successCode: 80021,
});

export const updateUserPricing = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/update/user/pricing',
  access: 'admin',
  permission: 'subresellers.manage',
  spec: '002 §7',
  summary: "Sets a user's price for one cycle of the recurring (1) or onetime (0) products.",
  body: z.object({
    ...actingAdmin,
    update: z.enum(RECURRING_CYCLES),
    recursive: wholeNumber('The recursive field must be 0 (onetime) or 1 (recurring).').pipe(
      z.union([z.literal(0), z.literal(1)], { error: 'The recursive field must be 0 (onetime) or 1 (recurring).' }),
    ),
    value: dollarAmountField.refine((cents) => cents <= USER_PRICE_MAX_USD * 100, {
      error: `The price may not be more than $${USER_PRICE_MAX_USD.toLocaleString('en-US')}`,
    }),
  }),
  response: userProfileSchema,
  successCode: 80022,
});

export const createUserInvoice = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/create/invoice',
  access: 'admin',
  permission: 'subresellers.billing',
  spec: '002 §5, §7',
  summary: 'Sends one of the admin\'s users an invoice of $100 to $10,000.',
  body: z.object({ ...actingAdmin, amount: invoiceAmountField, user_email: z.string().optional() }),
  response: z.object({ invoice_id: z.number() }),
  successCode: 80031,
});

export const verifyUser = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/verify/user',
  access: 'admin',
  permission: 'subresellers.manage',
  spec: '002 §4, §7',
  summary: "Marks one of the admin's users verified ('User Already Verified' otherwise).",
  body: z.object({ id: idInput }),
  response: userProfileSchema,
  successCode: 80041,
});

export const adjustmentMessages = {
  amount: `The amount must be between $0.01 and $${USER_ADJUSTMENT_USD.max.toLocaleString('en-US')}`,
  reason: 'Please give a reason (at most 200 characters, one line)',
} as const;

/** Ours: an admin moves money between its own wallet and its user's, with a reason (docs/api.md). */
export const adjustUserBalance = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/update/user/balance',
  access: 'admin',
  permission: 'subresellers.billing',
  spec: 'ours (002 §2: amounts can be edited)',
  summary:
    "Credits the user's wallet from the admin's, or debits it back into the admin's, with a required reason; never below zero on either side.",
  body: z.object({
    user_reseller_id: idInput,
    type: z.enum(['credit', 'debit'], { error: "type must be 'credit' or 'debit'" }),
    amount: dollarAmountField.refine((cents) => cents >= 1 && cents <= USER_ADJUSTMENT_USD.max * 100, { error: adjustmentMessages.amount }),
    reason: z
      .string({ error: adjustmentMessages.reason })
      .trim()
      .min(1, { error: adjustmentMessages.reason })
      .max(200, { error: adjustmentMessages.reason })
      .refine(isOneLine, { error: adjustmentMessages.reason }),
  }),
  response: userProfileSchema,
  successCode: 80023,
});

const auditValue = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string().describe('what was done, e.g. user.status_updated'),
  actor: z.object({ id: z.number().nullable(), name: z.string(), email: z.string() }),
  person: z
    .object({ id: z.number(), name: z.string(), email: z.string() })
    .nullable()
    .describe("the member of the admin's account who acted; null when no person did (a key, the system)"),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: auditValue,
  after: auditValue,
  ip: z.string().nullable(),
  created_at: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Ours: the audit lines of what the admin did to this user, newest first (docs/api.md). */
export const userAuditLog = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/get/user/audit',
  access: 'admin',
  permission: 'subresellers.read',
  spec: 'ours (the audit log of admin actions)',
  summary: "A page of the admin's own actions on one of its users, newest first.",
  query: pageQuery,
  body: z.object({ id: idInput }),
  response: listOf(auditEntrySchema),
  successCode: 80051,
});
