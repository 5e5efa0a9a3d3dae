/** The signed-in reseller's profile, dashboard and public settings (000 §2, §3, §7). */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { signedInUser } from './team.js';
import { MAX_PAGE, resellerUser, usd, wholeNumber } from '../common.js';
import { CAPTCHA_ACTIONS } from '../constants.js';
import { messages, requiredText } from '../rules.js';

export const publicSettings = defineCall({
  method: 'GET',
  path: '/api/settings',
  access: 'public',
  spec: 'ours (000 §7: the realtime, card and captcha providers are initialised with public keys)',
  summary: 'What the browser needs at start-up: captcha, realtime and payment public keys.',
  response: z.object({
    captcha: z.object({
      provider: z.enum(['off', 'recaptcha', 'turnstile', 'hcaptcha']),
      site_key: z.string().nullable(),
      actions: z.array(z.enum(CAPTCHA_ACTIONS)),
    }),
    realtime: z
      .object({
        key: z.string(),
        host: z.string(),
        port: z.number(),
        tls: z.boolean(),
        auth_endpoint: z.string(),
        user_auth_endpoint: z.string(),
      })
      .nullable(),
    payments: z.object({
      stripe_publishable_key: z.string().nullable(),
      methods: z.array(z.string()),
    }),
    /** The redeem page's terms checkbox links these when they are configured; its success dialog the apps' page. */
    redeem: z.object({ terms_url: z.string().nullable(), privacy_url: z.string().nullable(), apps_url: z.string().nullable() }),
    production: z.boolean(),
  }),
  successCode: 10003,
});

export const profile = defineCall({
  method: 'GET',
  path: '/api/v1/resellers/profile',
  access: 'reseller',
  permission: 'account.read',
  operator: true,
  spec: '000 §7',
  summary: 'The signed-in reseller, and the member acting for it (their role and permissions).',
  response: signedInUser,
  successCode: 20071,
});

export const dashboard = defineCall({
  method: 'GET',
  path: '/api/v1/dashboard',
  access: 'reseller',
  permission: 'account.read',
  spec: '000 §3, §7',
  summary: 'The dashboard counters, computed from the tables.',
  response: z.object({
    coupons_in_last_24_hours: z.number(),
    vpn_accounts_issued_in_last_24_hours: z.number(),
    total_coupons: z.number(),
    total_redeem_coupons: z.number(),
    active_subscriptions: z.number(),
  }),
  successCode: 20021,
});

export const updateProfile = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/update',
  access: 'reseller',
  permission: 'account.manage',
  spec: '000 §3, §7',
  summary: "Updates one field of the signed-in reseller's profile: name or status.",
  body: z.object({
    update: requiredText(messages.fieldEmpty),
    value: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  }),
  response: resellerUser,
  successCode: 20081,
});

export const totalCredited = defineCall({
  method: 'GET',
  path: '/api/v1/resellers/amount',
  access: 'reseller',
  permission: 'account.read',
  spec: '000 §7',
  summary: 'Total Amount Credited: the sum of every credit to the wallet, in dollars.',
  response: z.object({ amount: usd }),
  successCode: 20091,
});

export const notificationSchema = z.object({
  uid: z.string(),
  read_at: z.string().nullable(),
  data: z.string().describe('JSON text: { message, type, created_at, redirect, Id }'),
  created_at: z.string(),
});
/** The parsed `data` of a notification. */
export const notificationDataSchema = z.object({
  message: z.string(),
  type: z.string(),
  created_at: z.string(),
  redirect: z.string().nullable(),
  Id: z.union([z.number(), z.string()]).nullable(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const unreadNotifications = defineCall({
  method: 'GET',
  path: '/api/v1/resellers/notifications/unread',
  access: 'reseller',
  permission: 'self',
  spec: '000 §7',
  summary:
    "Unread notifications, newest first (at most 50) and their count. With `since` (the uid of the newest notification the caller holds), only the unread ones written after it: what a socket that reconnects missed. A `since` that is not one of the caller's notifications is refused (404).",
  query: z.object({
    since: z.uuid().optional().describe('uid of the newest notification the caller holds; answers only the unread ones after it'),
  }),
  response: z.object({ data: z.array(notificationSchema), total: z.number() }),
  successCode: 60001,
});

export const notifications = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/notifications',
  access: 'reseller',
  permission: 'self',
  spec: '000 §7, 002 §7',
  summary: 'A page of notifications, newest first.',
  body: z.object({ page: wholeNumber().pipe(z.number().min(1).max(MAX_PAGE)).default(1) }),
  response: z.object({
    data: z.array(notificationSchema),
    current_page: z.number(),
    last_page: z.number(),
    total: z.number(),
  }),
  successCode: 60002,
});

export const broadcastingAuth = defineCall({
  method: 'POST',
  path: '/broadcasting/auth',
  access: 'reseller',
  permission: 'self',
  // It changes nothing and answers only to the bearer of the session: no cookie rides on it.
  csrf: false,
  spec: 'ours (000 §7: the channel naming is not shown)',
  summary:
    "Signs a socket's subscription to the reseller's own private channel (private-reseller.{id}) for the caller's session; answers { auth, channel_data } unwrapped, as stock pusher-js and laravel-echo expect, and both must be sent with the subscription. Ending that session closes the socket (4009), signed in or not.",
  body: z.object({ socket_id: z.string().regex(/^\d+\.\d+$/), channel_name: z.string().min(1).max(164) }),
  response: z.object({
    auth: z.string(),
    channel_data: z
      .string()
      .optional()
      .describe('{"user_id":"session-{id}"}: the session the subscription is for, covered by auth. Absent when the server publishes to a socket server that does not read it.'),
  }),
  successCode: 60004,
  bare: true,
});

export const broadcastingUserAuth = defineCall({
  method: 'POST',
  path: '/broadcasting/user-auth',
  access: 'reseller',
  permission: 'self',
  // Like /broadcasting/auth: it changes nothing and answers only to the bearer of the session.
  csrf: false,
  spec: 'ours (ending a session closes its sockets)',
  summary:
    "Signs a socket in as the caller's session (Pusher user authentication, pusher-js `signin()`): answers { auth, user_data } unwrapped. Ending that session, or a password or second-factor change that ends it, closes the socket (4009).",
  body: z.object({ socket_id: z.string().regex(/^\d+\.\d+$/) }),
  response: z.object({ auth: z.string(), user_data: z.string() }),
  successCode: 60005,
  bare: true,
});

export const markNotificationsRead = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/notifications/markread',
  access: 'reseller',
  permission: 'self',
  spec: '000 §7, 002 §7',
  summary: 'Marks one notification read (uid), or all when no uid is sent.',
  body: z.object({ uid: z.uuid().optional(), id: z.uuid().optional() }),
  response: z.object({ unread: z.number() }),
  successCode: 60003,
});

