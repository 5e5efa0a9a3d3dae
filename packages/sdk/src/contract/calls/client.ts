/**
 * The API secret keys (002 §2, §4, §7) and the v2 client API the sandbox documents: a secret key
 * is exchanged for tokens, and the tokens manage the reseller's VPN users. A live key spends the
 * wallet and makes real accounts; a sandbox key spends play money on sandbox accounts.
 */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { MAX_ID, billingTypeSchema, cycleSchema, isoDate, usd, wholeNumber } from '../common.js';
import { CLIENT_API, CLIENT_USER_STATUSES, CYCLE_NAMES, KEY_MODES } from '../constants.js';
import { EMAIL_PATTERN, dollarsToCents, isStrongPassword, messages } from '../rules.js';

const s = messages.sandbox;
export const keyModeSchema = z.enum(KEY_MODES);

// ---- the secret keys, managed from the portal

const keyState = z.object({
  /** The live key masked (`sk_live_AbC123…wxyz`): it is shown in full only when made. */
  SecretKey: z.string().nullable(),
  /** Whether SecretKey is the masked form rather than the whole key. */
  masked: z.boolean(),
  created_at: isoDate.nullable(),
  last_used_at: isoDate.nullable(),
});
const newKey = z.object({ SecretKey: z.string(), mode: keyModeSchema, created_at: isoDate });

export const getSecretKey = defineCall({
  method: 'GET',
  path: '/api/v2/client/get-secret-key',
  access: 'reseller',
  permission: 'developers.manage',
  spec: '002 §7',
  summary: 'The live key (masked: it is shown in full only when made) and the sandbox key (in full); null where none exists.',
  response: keyState.extend({ sandbox: keyState }),
  successCode: 30013,
});

export const generateSecretKey = defineCall({
  method: 'POST',
  path: '/api/v2/client/generate-secret-key',
  access: 'reseller',
  permission: 'developers.manage',
  spec: '002 §7 (payload ours: mode)',
  summary: 'Makes the live (default) or sandbox key, answered in full; 409 when that key already exists.',
  body: z.object({ mode: keyModeSchema.optional() }).optional(),
  response: newKey,
  successCode: 30003,
});

export const updateSecretKey = defineCall({
  method: 'POST',
  path: '/api/v2/client/update-secret-key',
  access: 'reseller',
  permission: 'developers.manage',
  spec: '002 §4, §7',
  summary:
    'Regenerates a key: the old key and every token made from it stop working at once. secretKey (whole or as shown masked) names the key to replace; 409 when it was already replaced.',
  body: z.object({ secretKey: z.string().trim().max(200).optional(), mode: keyModeSchema.optional() }),
  response: newKey,
  successCode: 30008,
});

// ---- the v2 client API (server to server: a bearer access token, no CSRF)

const idField = (message: string) => wholeNumber(message).pipe(z.number().min(1, { error: message }).max(MAX_ID, { error: message }));

const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: `The value may not be longer than ${max} characters.` });

const emailValue = (message: string) => requiredText(message, 254).regex(EMAIL_PATTERN, { error: messages.emailInvalid });
const newPasswordValue = (message: string) =>
  z.string({ error: message }).min(1, { error: message }).max(128, { error: messages.passwordRule }).refine(isStrongPassword, { error: messages.passwordRule });

const tokens = z.object({
  AccessToken: z.string(),
  RefreshToken: z.string(),
  /** When the access token expires. */
  Expiry: isoDate,
  ExpiresIn: z.number().describe('seconds until Expiry'),
  RefreshExpiry: isoDate,
  mode: keyModeSchema,
});

export const clientUser = z.object({
  userId: z.number(),
  username: z.string(),
  email: z.string(),
  status: z.enum(CLIENT_USER_STATUSES),
  billing_type: billingTypeSchema,
  billing_cycle: cycleSchema,
  end_date: isoDate,
});
export type ClientUser = z.infer<typeof clientUser>;
/** A user as the v2 get and list calls and the vpn_user.* events show it: with when it was made. */
export const clientUserRecord = clientUser.extend({ created_at: isoDate });

export const clientGenerateToken = defineCall({
  method: 'POST',
  path: '/api/v2/client/generate',
  access: 'public',
  csrf: false,
  spec: '002 sandbox: generate (payload ours: secretKey)',
  summary: `Exchanges a secret key for an access token (${CLIENT_API.accessTokenSeconds / 60} minutes) and a refresh token (${CLIENT_API.refreshTokenSeconds / 86_400} days).`,
  body: z.object({ secretKey: requiredText(s.secretKey, 200) }),
  response: tokens,
  successCode: 200,
});

export const clientRefreshToken = defineCall({
  method: 'POST',
  path: '/api/v2/client/refresh',
  access: 'public',
  csrf: false,
  spec: '002 sandbox: refresh (payload ours: refreshToken)',
  summary: 'Exchanges a refresh token for new tokens; the refresh token is spent.',
  body: z.object({ refreshToken: requiredText(s.refreshToken, 200) }),
  response: tokens,
  successCode: 200,
});

export const clientBalance = defineCall({
  method: 'GET',
  path: '/api/v2/client/balance',
  access: 'client',
  spec: 'ours (the ninth endpoint of the sandbox: what a key can spend)',
  summary: 'The wallet balance a key spends: the live wallet, or the sandbox wallet for a sandbox key.',
  response: z.object({ balance: usd, mode: keyModeSchema }),
  successCode: 200,
});

export const clientSetSandboxBalance = defineCall({
  method: 'POST',
  path: '/api/v2/client/sandbox/balance',
  access: 'client',
  spec: 'ours (sandbox only: set the play money to test a refused purchase)',
  summary: 'Sandbox keys only: sets the sandbox wallet to any amount, to try purchases the balance cannot cover.',
  body: z.object({
    balance: z.union([z.number(), z.string()], { error: s.balance }).transform((value, ctx) => {
      const cents = dollarsToCents(value);
      if (cents === null || cents > CLIENT_API.sandboxMaxBalanceUsd * 100) {
        ctx.addIssue({ code: 'custom', message: s.balance });
        return z.NEVER;
      }
      return cents;
    }),
  }),
  response: z.object({ balance: usd, mode: keyModeSchema }),
  successCode: 200,
});

export const clientCreateUser = defineCall({
  method: 'POST',
  path: '/api/v2/client/users/create',
  access: 'client',
  spec: '002 sandbox: create (201; request fields ours)',
  summary: `Creates a VPN user, paid from the wallet (a sandbox key: the sandbox wallet). The plan defaults to recurring ${CLIENT_API.defaultPlan.billing_cycle}; 409 when the username is taken.`,
  body: z.object({
    username: requiredText(s.create, 32).regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/, { error: s.username }),
    password: newPasswordValue(s.create),
    email: emailValue(s.create),
    billing_type: billingTypeSchema.optional().describe('1 recurring (default), 2 onetime'),
    billing_cycle: z.enum(CYCLE_NAMES, { error: `billing_cycle must be one of ${CYCLE_NAMES.join(', ')}` }).optional(),
    addon_id: idField('addon_id must be the id of an addon').nullable().optional(),
  }),
  response: clientUser.extend({ amount: usd.describe('what the user cost'), balance: usd.describe('the wallet balance after it') }),
  successCode: 201,
  httpStatus: 201,
});

export const clientSearchUsers = defineCall({
  method: 'GET',
  path: '/api/v2/client/users/search',
  access: 'client',
  spec: '002 sandbox: search',
  summary: "Finds the reseller's VPN users whose e-mail (any case) or username is the query; newest first, at most 100.",
  query: z.object({ query: requiredText(s.search) }),
  response: z.array(clientUser),
  successCode: 200,
});

export const clientUpdateEmail = defineCall({
  method: 'POST',
  path: '/api/v2/client/users/update/email',
  access: 'client',
  spec: '002 sandbox: update/email',
  summary: "Changes a VPN user's e-mail.",
  body: z.object({ userId: idField(s.updateEmail), newEmail: emailValue(s.updateEmail) }),
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
    userId: idField(s.password),
    oldPassword: z.string({ error: s.password }).min(1, { error: s.password }).max(128, { error: s.password }),
    newPassword: newPasswordValue(s.password),
  }),
  response: z.object({ userId: z.number(), status: z.literal('password_changed') }),
  successCode: 200,
});

export const clientUpdateStatus = defineCall({
  method: 'POST',
  path: '/api/v2/client/users/update/status',
  access: 'client',
  spec: '002 sandbox: update/status',
  summary: "Sets a VPN user active or suspended; setting the status it already has changes nothing.",
  body: z.object({
    userId: idField(s.status),
    status: requiredText(s.status, 20)
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(['active', 'suspended'], { error: s.statusValue })),
  }),
  response: z.object({ userId: z.number(), status: z.enum(CLIENT_USER_STATUSES) }),
  successCode: 200,
});

export const clientDeleteUser = defineCall({
  method: 'DELETE',
  path: '/api/v2/client/users/delete',
  access: 'client',
  spec: '002 sandbox: delete',
  summary: 'Deletes a VPN user for good (nothing is refunded); deleting a deleted user answers the same.',
  body: z.object({ userId: idField(s.delete) }),
  response: z.object({ userId: z.number(), status: z.literal('deleted') }),
  successCode: 200,
});
