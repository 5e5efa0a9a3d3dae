/** Admin management of a reseller's own users (002 §2, §3, §7). */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { idInput, isoDate, nothing, rowId, usd, wholeNumber } from '../common.js';
import { RECURRING_CYCLES } from '../constants.js';
import { captchaTokenField, dollarAmountField, invoiceAmountField } from '../rules.js';

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
});

export const getUser = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/get/user',
  access: 'admin',
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
  spec: '002 §2, §7',
  summary: "Updates one field of a user: name, email, status, password (needs a captcha token) or balance.",
  captcha: 'update_password',
  body: z.object({
    ...actingAdmin,
    update: z.string().min(1, { error: 'Field is empty' }),
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
  spec: '002 §7',
  summary: "Sets a user's price for one cycle of the recurring (1) or onetime (0) products.",
  body: z.object({
    ...actingAdmin,
    update: z.enum(RECURRING_CYCLES),
    recursive: wholeNumber('The recursive field must be 0 (onetime) or 1 (recurring).').pipe(
      z.union([z.literal(0), z.literal(1)], { error: 'The recursive field must be 0 (onetime) or 1 (recurring).' }),
    ),
    value: dollarAmountField,
  }),
  response: userProfileSchema,
  successCode: 80022,
});

export const createUserInvoice = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/create/invoice',
  access: 'admin',
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
  spec: '002 §4, §7',
  summary: "Marks one of the admin's users verified ('User Already Verified' otherwise).",
  body: z.object({ id: idInput }),
  response: nothing,
  successCode: 80041,
});
