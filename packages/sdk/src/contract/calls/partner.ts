/** Public redemption, the API secret key and the v2 client API (002 §2, §3, §7, sandbox). */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { MAX_ID, isoDate } from '../common.js';
import { REDEEM_PASSWORD_MIN_LENGTH } from '../constants.js';
import { captchaTokenField, EMAIL_PATTERN, messages } from '../rules.js';

const r = messages.redeem;
export const redeemBody = z
  .object({
    name: z.string({ error: r.name }).trim().min(1, { error: r.name }),
    email: z.string({ error: r.email }).trim().min(1, { error: r.email }).regex(EMAIL_PATTERN, {
      error: messages.emailInvalid,
    }),
    password: z
      .string({ error: r.password })
      .min(1, { error: r.password })
      .min(REDEEM_PASSWORD_MIN_LENGTH, { error: r.passwordTooShort }),
    password_confirmation: z.string(),
    coupon: z.string({ error: r.coupon }).trim().min(1, { error: r.coupon }),
    addon_id: z
      .union([z.coerce.number().int().min(0).max(MAX_ID), z.literal(''), z.null()])
      .optional()
      .transform((v) => (v === '' || v === null || v === undefined || v === 0 ? null : v)),
    token: captchaTokenField,
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({ code: 'custom', message: r.passwordsDontMatch, path: ['password_confirmation'] });
    }
  });

/** Success: the new account; status `actionrequired`: pick a dedicated IP from `addons` and resend. */
const redeemAnswer = z.object({
  addons: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
  username: z.string().optional(),
  email: z.string().optional(),
  end_date: isoDate.optional(),
});

export const redeem = defineCall({
  method: 'POST',
  path: '/api/redeem',
  access: 'public',
  spec: '002 §2, §4, §7',
  summary: 'Redeems a coupon for a VPN account.',
  captcha: 'redeem',
  body: redeemBody,
  response: redeemAnswer,
  successCode: 90001,
});

export const redeemPartner = defineCall({
  method: 'POST',
  path: '/api/redeem/brainrocket',
  access: 'public',
  spec: '002 §2, §7',
  summary: "Redeems a coupon of the partner reseller (903) on its own page.",
  captcha: 'redeem',
  body: redeemBody,
  response: redeemAnswer,
  successCode: 90001,
});

export const getSecretKey = defineCall({
  method: 'GET',
  path: '/api/v2/client/get-secret-key',
  access: 'reseller',
  spec: '002 §7',
  summary: 'The secret key, masked after it was first shown; null when none exists.',
  response: z.object({ SecretKey: z.string().nullable(), created_at: isoDate.nullable() }),
  successCode: 30013,
});

export const generateSecretKey = defineCall({
  method: 'POST',
  path: '/api/v2/client/generate-secret-key',
  access: 'reseller',
  spec: '002 §7',
  summary: 'Generates the first secret key; it is shown in full once.',
  body: z.object({}).optional(),
  response: z.object({ SecretKey: z.string(), created_at: isoDate }),
  successCode: 30003,
});

export const updateSecretKey = defineCall({
  method: 'POST',
  path: '/api/v2/client/update-secret-key',
  access: 'reseller',
  spec: '002 §4, §7',
  summary: 'Regenerates the secret key; the old one stops working at once.',
  body: z.object({ secretKey: z.string().optional() }),
  response: z.object({ SecretKey: z.string(), created_at: isoDate }),
  successCode: 30008,
});

// ---- v2 client API (the sandbox documents it; it authenticates with the secret key)

const s = messages.sandbox;
const tokens = z.object({ AccessToken: z.string(), RefreshToken: z.string(), Expiry: isoDate });
export const clientUser = z.object({
  userId: z.number(),
  username: z.string(),
  email: z.string(),
  status: z.string(),
});

export const clientGenerateToken = defineCall({
  method: 'POST',
  path: '/api/v2/client/generate',
  access: 'public',
  csrf: false,
  spec: '002 sandbox: generate',
  summary: 'Exchanges the secret key for an access and a refresh token.',
  body: z.object({ secretKey: z.string({ error: s.secretKey }).min(1, { error: s.secretKey }) }),
  response: tokens,
  successCode: 200,
});

export const clientRefreshToken = defineCall({
  method: 'POST',
  path: '/api/v2/client/refresh',
  access: 'public',
  csrf: false,
  spec: '002 sandbox: refresh',
  summary: 'Exchanges a refresh token for new tokens; the old refresh token is spent.',
  body: z.object({ refreshToken: z.string({ error: s.refreshToken }).min(1, { error: s.refreshToken }) }),
  response: tokens,
  successCode: 200,
});

export const clientCreateUser = defineCall({
  method: 'POST',
  path: '/api/v2/client/users/create',
  access: 'client',
  spec: '002 sandbox: create (201)',
  summary: 'Creates a VPN user paid from the wallet.',
  body: z.object({
    username: z.string({ error: s.create }).trim().min(1, { error: s.create }),
    password: z.string({ error: s.create }).min(1, { error: s.create }),
    email: z.string({ error: s.create }).trim().min(1, { error: s.create }),
    billing_cycle: z.string().optional(),
    billing_type: z.coerce.number().optional(),
  }),
  response: clientUser,
  successCode: 201,
  httpStatus: 201,
});

export const clientSearchUsers = defineCall({
  method: 'GET',
  path: '/api/v2/client/users/search',
  access: 'client',
  spec: '002 sandbox: search',
  summary: "Finds the reseller's VPN users by e-mail or username.",
  query: z.object({ query: z.string({ error: s.search }).trim().min(1, { error: s.search }) }),
  response: z.array(clientUser.omit({ status: true })),
  successCode: 200,
});

export const clientUpdateEmail = defineCall({
  method: 'POST',
  path: '/api/v2/client/users/update/email',
  access: 'client',
  spec: '002 sandbox: update/email',
  summary: "Changes a VPN user's e-mail.",
  body: z.object({
    userId: z.coerce.number({ error: s.updateEmail }).int().positive({ error: s.updateEmail }).max(MAX_ID, { error: s.updateEmail }),
    newEmail: z.string({ error: s.updateEmail }).trim().min(1, { error: s.updateEmail }),
  }),
  response: clientUser,
  successCode: 200,
});

export const clientUpdatePassword = defineCall({
  method: 'POST',
  path: '/api/v2/client/users/update/password',
  access: 'client',
  spec: '002 sandbox: update/password',
  summary: "Changes a VPN user's password; 401 when the old password does not match.",
  body: z.object({
    userId: z.coerce.number({ error: s.password }).int().positive({ error: s.password }).max(MAX_ID, { error: s.password }),
    oldPassword: z.string({ error: s.password }).min(1, { error: s.password }),
    newPassword: z.string({ error: s.password }).min(1, { error: s.password }),
  }),
  response: z.object({ userId: z.number(), status: z.literal('password_changed') }),
  successCode: 200,
});

export const clientUpdateStatus = defineCall({
  method: 'POST',
  path: '/api/v2/client/users/update/status',
  access: 'client',
  spec: '002 sandbox: update/status',
  summary: 'Sets a VPN user active or suspended.',
  body: z.object({
    userId: z.coerce.number({ error: s.status }).int().positive({ error: s.status }).max(MAX_ID, { error: s.status }),
    status: z.string({ error: s.status }).trim().min(1, { error: s.status }),
  }),
  response: z.object({ userId: z.number(), status: z.string() }),
  successCode: 200,
});

export const clientDeleteUser = defineCall({
  method: 'DELETE',
  path: '/api/v2/client/users/delete',
  access: 'client',
  spec: '002 sandbox: delete',
  summary: 'Deletes a VPN user for good.',
  body: z.object({ userId: z.coerce.number({ error: s.delete }).int().positive({ error: s.delete }).max(MAX_ID, { error: s.delete }) }),
  response: z.object({ userId: z.number(), status: z.literal('deleted') }),
  successCode: 200,
});

