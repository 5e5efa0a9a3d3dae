/** Products and pricing, coupon generation and lists, the admin views of a user's data (001 §7). */
import { z } from 'zod';
import { defineCall } from '../define.js';
import {
  billingTypeInput,
  billingTypeSchema,
  cycleSchema,
  idInput,
  isoDate,
  listOf,
  optionalIdInput,
  pageQuery,
  rowId,
  usd,
  wholeNumber,
} from '../common.js';
import { CYCLE_NAMES } from '../constants.js';
import { emailField, messages } from '../rules.js';

const priced = z.object({ id: z.number(), price: usd });
const addonIds = z.object({
  dedicated_ip: priced,
  port_forwarding: priced,
  multi_login_20_sessions: priced.nullable(),
});
const addonGroup = z.object({
  dedicated_ip_monthly_price: usd.nullable(),
  port_forwarding_monthly_price: usd.nullable(),
  multi_login_20_sessions_monthly_price: usd.nullable(),
  ...Object.fromEntries(CYCLE_NAMES.map((cycle) => [cycle, addonIds.optional()])),
});
const productGroup = z.object({
  product: z.partialRecord(cycleSchema, priced),
  addon: addonGroup,
});
export const productsSchema = z.object({
  recurring: productGroup,
  onetime: productGroup,
  addon_type: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type Products = z.infer<typeof productsSchema>;

export const products = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/products',
  access: 'reseller',
  permission: 'coupons.read',
  spec: '001 §3, §7 (payload ours: none)',
  summary: "The signed-in reseller's products, addons and prices.",
  body: z.object({}).optional(),
  response: productsSchema,
  successCode: 50001,
});

export const productPricing = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/products/pricing',
  access: 'reseller',
  permission: 'coupons.read',
  spec: '001 §2.2, §7 (payload ours: none)',
  summary: 'The price table of recurring and onetime products.',
  body: z.object({}).optional(),
  response: productsSchema,
  successCode: 50002,
});

export const userProducts = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/get/user/vpnproducts',
  access: 'admin',
  permission: 'subresellers.read',
  spec: '001 §7',
  summary: "An admin's view of the products and prices of one of its own users.",
  body: z.object({ userResellerId: idInput }),
  response: productsSchema,
  successCode: 50001,
});

const prefixField = z
  .string()
  .trim()
  .max(12, { error: 'The prefix may not be greater than 12 characters' })
  .regex(/^[A-Za-z0-9-]*$/, { error: 'The prefix may contain only letters, digits and dashes' })
  .optional()
  .default('');

/** The generate form. The quantity's upper bound depends on the reseller (60, or 10 000 for 903). */
export const generateCouponsBody = z.object({
  quantity: wholeNumber(messages.quantityRange).pipe(
    z.number().min(1, { error: messages.quantityRange }).max(10_000, { error: messages.quantityRangeRestricted }),
  ),
  billing_cycle: cycleSchema,
  product_id: rowId,
  addon_type: optionalIdInput,
  billing_type: billingTypeInput,
  prefix: prefixField,
});

const generated = z.object({
  quantity: z.number(),
  amount: usd,
  balance: usd,
  codes: z.array(z.string()),
  expires_at: isoDate,
});

export const generateCoupons = defineCall({
  method: 'POST',
  path: '/api/v1/coupons/create',
  access: 'reseller',
  permission: 'coupons.spend',
  spec: '001 §2.1, §5, §7',
  summary: 'Generates coupons, paid from the wallet, all or nothing.',
  body: generateCouponsBody,
  response: generated,
  successCode: 70001,
});

export const generateUserCoupons = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/create/coupon',
  access: 'admin',
  permission: 'coupons.spend',
  spec: '001 §7, 002 §2',
  summary: "An admin generates coupons for one of its own users, paid from that user's wallet.",
  body: generateCouponsBody.extend({ userResellerId: idInput }),
  response: generated,
  successCode: 70001,
});

/** A selection of the list's rows: 1 to 1 000 coupon ids. */
export const couponSelection = z
  .array(rowId, { error: messages.couponSelection })
  .min(1, { error: messages.couponSelection })
  .max(1000, { error: messages.couponSelection });

export const couponFilter = z.object({
  code: z.string().trim().max(64).optional().default(''),
  dateStart: z.string().trim().optional().default(''),
  dateEnd: z.string().trim().optional().default(''),
  billingType: z
    .union([z.literal(''), billingTypeInput], { error: 'The billingType field must be 1, 2 or empty.' })
    .optional()
    .default(''),
  // Ours, beside 001 §3: all optional, so 001's body answers exactly as before.
  /** `prefix` (001's, the default) or `fragment`: the code holds the text anywhere. */
  code_match: z.enum(['prefix', 'fragment'], { error: messages.couponCodeMatch }).optional(),
  redeemed: z.enum(['all', 'yes', 'no'], { error: messages.couponRedeemedFilter }).optional(),
  plan: z.union([z.literal(''), cycleSchema], { error: messages.couponPlanFilter }).optional(),
});

export const couponRow = z.object({
  Coupon_ID: z.number(),
  code: z.string(),
  billing_type: billingTypeSchema,
  billing_cycle: cycleSchema,
  redeemed: z.enum(['yes', 'no']),
  generated_at: isoDate,
  expires_at: isoDate,
  // Ours, beside 001 §3's columns.
  /** The cycle's label, "Annually Plan (12 Months)". */
  plan: z.string(),
  /** The addon's name, or null. */
  addon: z.string().nullable(),
  redeemed_at: isoDate.nullable(),
  /** The e-mail of the VPN account the coupon became, or null. */
  redeemed_by: z.string().nullable(),
});
export type CouponRow = z.infer<typeof couponRow>;

/** A coupon page: a filtered total is exact up to 10 000, then total_capped says "or more". */
const couponPage = listOf(couponRow).extend({ total_capped: z.boolean() });

export const listCoupons = defineCall({
  method: 'POST',
  path: '/api/v1/coupons',
  access: 'reseller',
  permission: 'coupons.read',
  spec: '001 §2.3, §7',
  summary: "A page of the reseller's coupons, filtered; the export asks page_limit = total.",
  query: pageQuery,
  body: couponFilter,
  response: couponPage,
  successCode: 70011,
});

export const couponExportTicket = defineCall({
  method: 'POST',
  path: '/api/v1/coupons/export',
  access: 'reseller',
  permission: 'coupons.read',
  spec: 'ours (001 §2.3: export of big lists, streamed)',
  summary: "A two-minute signed link to the filtered list as CSV (id: an admin's own user).",
  // ids (ours): export only this selection of the list.
  body: couponFilter.extend({ id: rowId.optional(), ids: couponSelection.optional() }),
  response: z.object({ url: z.string(), expires_at: isoDate }),
  successCode: 70042,
});

export const exportCoupons = defineCall({
  method: 'GET',
  path: '/api/v1/coupons/export',
  access: 'public',
  spec: 'ours (001 §2.3: export of big lists, streamed)',
  summary: 'The filtered coupon list as a streamed CSV file; the signed ticket is the authorisation.',
  query: z.object({ ticket: z.string().min(1).max(4096) }),
  response: z.string(),
  successCode: 70041,
  raw: 'csv',
});

export const deleteCoupon = defineCall({
  method: 'POST',
  path: '/api/v1/coupons/delete',
  access: 'reseller',
  permission: 'coupons.spend',
  spec: '001 §4, §7',
  summary: 'Deletes an unredeemed coupon and refunds its price to the wallet.',
  body: z.object({ couponID: rowId }),
  response: z.object({ refunded: usd, balance: usd }),
  successCode: 70021,
});

export const quoteCouponDeletion = defineCall({
  method: 'POST',
  path: '/api/v1/coupons/delete/quote',
  access: 'reseller',
  permission: 'coupons.read',
  spec: 'ours (bulk delete beside 001 §4: the confirmation states the refund first)',
  summary: 'What deleting a selection would refund, and which of its coupons cannot be deleted (redeemed, or no longer in the list). Changes nothing.',
  body: z.object({ ids: couponSelection }),
  response: z.object({ deletable: z.number(), refund: usd, redeemed: z.array(z.number()), missing: z.array(z.number()) }),
  successCode: 70023,
});

export const deleteCoupons = defineCall({
  method: 'POST',
  path: '/api/v1/coupons/delete/bulk',
  access: 'reseller',
  permission: 'coupons.spend',
  spec: 'ours (bulk delete beside 001 §4)',
  summary: 'Deletes a selection of unredeemed coupons and refunds their prices in one ledger row, all or nothing: a selection holding a redeemed or missing coupon is refused whole.',
  body: z.object({ ids: couponSelection }),
  response: z.object({ deleted: z.number(), refunded: usd, balance: usd }),
  successCode: 70022,
});

export const deleteUserCoupon = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/delete/coupon',
  access: 'admin',
  permission: 'coupons.spend',
  spec: '001 §7',
  summary: "An admin deletes an unredeemed coupon of one of its users; the user's wallet is refunded.",
  body: z.object({ couponID: rowId, id: idInput }),
  response: z.object({ refunded: usd, balance: usd }),
  successCode: 70021,
});

export const sendCoupon = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/coupon/send',
  access: 'reseller',
  permission: 'coupons.send',
  spec: '001 §5, §7',
  summary: 'E-mails a coupon code to a recipient (903 also sends full_name).',
  body: z.object({
    reseller_id: rowId.optional(),
    coupon_id: rowId,
    email: emailField,
    full_name: z.string().trim().max(100).optional(),
  }),
  response: z.null(),
  successCode: 70031,
});

export const sendCoupons = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/coupon/send/bulk',
  access: 'reseller',
  permission: 'coupons.send',
  spec: 'ours (bulk e-mail beside 001 §5)',
  summary: "E-mails each coupon of a selection to one recipient, the single coupon's mail once per code, all or nothing: a selection holding a redeemed, expired or missing coupon sends nothing.",
  body: z.object({
    ids: couponSelection,
    email: emailField,
    full_name: z.string().trim().max(100).optional(),
  }),
  response: z.object({ sent: z.number() }),
  successCode: 70032,
});

export const resellerRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.number(),
  verified: z.boolean(),
  balance: usd,
  created_at: isoDate,
});

export const listUsers = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/get/users',
  access: 'admin',
  permission: 'subresellers.read',
  spec: '001 §2.6, §7',
  summary: "A page of the admin's own users, filtered by e-mail.",
  query: pageQuery,
  body: z.object({ email: z.string().trim().optional().default('') }),
  response: listOf(resellerRow),
  successCode: 80001,
});

export const listUserCoupons = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/get/user/listcoupons',
  access: 'admin',
  permission: 'subresellers.read',
  spec: '001 §2.4, §7',
  summary: "A page of one of the admin's users' coupons.",
  query: pageQuery,
  body: couponFilter.extend({ id: idInput }),
  response: couponPage,
  successCode: 70011,
});
