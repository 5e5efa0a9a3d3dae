/** VPN accounts and the subscription list (001 §2.7–2.9, §7). */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { billingTypeInput, billingTypeSchema, cycleSchema, idInput, isoDate, listOf, optionalIdInput, pageQuery, rowId, usd, wholeNumber } from '../common.js';
import { couponFilter } from './coupons.js';
import { messages, strongPasswordField, withConfirmation } from '../rules.js';

/** active or suspended (001 §3); a deleted account is suspended for good, its status 'Deleted'. */
export const hostingStatus = z.enum(['active', 'suspended']);

export const vpnAccount = z.object({
  coupon: z.string().nullable(),
  email: z.string(),
  vpn_username: z.string(),
  billing_cycle: cycleSchema,
  billing_type: billingTypeSchema,
  addons: z.array(z.string()),
  status: z.string(),
  start_date: isoDate,
  end_date: isoDate,
  hosting_id: z.number(),
  hosting_status: hostingStatus,
});
export type VpnAccount = z.infer<typeof vpnAccount>;

const username = z.string().trim().min(1, { error: 'Please select a VPN username' });
const done = z.object({ account: vpnAccount });

export const createVpnAccount = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/vpn/create',
  access: 'reseller',
  permission: 'vpn.manage',
  spec: '001 §2.7, §5, §7',
  summary: 'Creates a VPN account for an end-user e-mail, paid from the wallet; mails the credentials.',
  body: z.object({
    quantity: wholeNumber().pipe(z.number().min(1).max(1)).optional().default(1),
    billing_cycle: cycleSchema,
    product_id: rowId,
    billing_type: billingTypeInput,
    email: z
      .string({ error: messages.vpnEmailRequired })
      .trim()
      .min(1, { error: messages.vpnEmailRequired })
      .regex(/^[^@\s]+@[^@\s]+\.[A-Za-z]{2,15}$/, { error: 'Please enter a valid email address' }),
    addon_id: optionalIdInput,
  }),
  response: z.object({ account: vpnAccount, amount: usd, balance: usd }),
  successCode: 100001,
});

export const searchVpnAccounts = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/vpn/search',
  access: 'reseller',
  permission: 'vpn.read',
  spec: '001 §2.8, §5, §7',
  summary: "Finds the reseller's VPN accounts by e-mail, coupon code or username.",
  body: z.object({
    search: z.enum(['email', 'coupon', 'username'], { error: messages.vpnSearchRequired }),
    value: z.string({ error: messages.vpnSearchRequired }).trim().min(1, { error: messages.vpnSearchRequired }),
  }),
  response: z.object({ account_details: z.array(vpnAccount) }),
  successCode: 100011,
});

export const updateVpnStatus = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/vpn/update/status',
  access: 'reseller',
  permission: 'vpn.status',
  spec: '001 §4, §7',
  summary: 'Enables or disables a VPN account; the expiry does not change.',
  body: z.object({ username, status: z.enum(['enable', 'disable']) }),
  response: done,
  successCode: 100031,
});

export const deleteVpnAccount = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/vpn/delete',
  access: 'reseller',
  permission: 'vpn.manage',
  spec: '001 §4, §7',
  summary: 'Deletes a VPN account for good; nothing is refunded.',
  body: z.object({ username, status: z.literal('delete') }),
  response: done,
  successCode: 100041,
});

export const updateVpnEmail = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/vpn/update/email',
  access: 'reseller',
  permission: 'vpn.manage',
  spec: '001 §7',
  summary: "Changes a VPN account's e-mail; the expiry does not change.",
  body: z.object({
    username,
    email: z
      .string()
      .trim()
      .min(1, { error: messages.emailRequired })
      .regex(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,15}$/, {
        error: messages.emailInvalid,
      }),
  }),
  response: done,
  successCode: 100021,
});

export const updateVpnPassword = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/vpn/update/password',
  access: 'reseller',
  permission: 'vpn.manage',
  spec: '001 §5, §7',
  summary: "Changes a VPN account's password (the strength rule applies).",
  body: z
    .object({ username, password: strongPasswordField, password_confirmation: z.string() })
    .superRefine(withConfirmation()),
  response: done,
  successCode: 100022,
});

export const vpnListRow = vpnAccount.extend({ id: z.number(), created_at: isoDate });

export const listVpnAccounts = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/vpn',
  access: 'reseller',
  permission: 'vpn.read',
  spec: '001 §2.9, §7 (payload beyond paging ours)',
  summary: "A page of the reseller's VPN subscriptions; search matches e-mail, username or coupon.",
  query: pageQuery,
  body: z.object({ search: z.string().trim().max(100).optional().default('') }),
  response: listOf(vpnListRow),
  successCode: 100051,
});

export const listUserVpnAccounts = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/get/user/listvpn',
  access: 'admin',
  permission: 'subresellers.read',
  spec: '001 §2.5, §7',
  summary: "A page of one of the admin's users' VPN subscriptions.",
  query: pageQuery,
  body: couponFilter.extend({ id: idInput }),
  response: listOf(vpnListRow),
  successCode: 100051,
});

/** The filter of a subscription list (own: search; an admin's user: the coupon filter, code as search). */
const vpnExportFilter = couponFilter.extend({
  search: z.string().trim().max(100).optional().default(''),
  id: rowId.optional(),
});

export const vpnExportTicket = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/vpn/export',
  access: 'reseller',
  permission: 'vpn.read',
  spec: 'ours (001 §2.9: Export CSV of the subscription list, streamed)',
  summary: "A two-minute signed link to the filtered subscription list as CSV (id: an admin's own user).",
  body: vpnExportFilter,
  response: z.object({ url: z.string(), expires_at: isoDate }),
  successCode: 100062,
});

export const exportVpnAccounts = defineCall({
  method: 'GET',
  path: '/api/v1/resellers/vpn/export',
  access: 'public',
  spec: 'ours (001 §2.9: Export CSV of the subscription list, streamed)',
  summary: 'The filtered subscription list as a streamed CSV file; the signed ticket is the authorisation.',
  query: z.object({ ticket: z.string().min(1).max(4096) }),
  response: z.string(),
  successCode: 100061,
  raw: 'csv',
});
