/** Business constants of the spec (000 §9, 001 §9, 002 §9), defined once for server and UI. */

/** The restricted partner reseller (000 §6). */
export const RESTRICTED_RESELLER_ID = 903;

export const ACCOUNT_STATUS = { active: 1, inactive: 2 } as const;
export type AccountStatus = (typeof ACCOUNT_STATUS)[keyof typeof ACCOUNT_STATUS];

export const BILLING_TYPE = { recurring: 1, onetime: 2 } as const;
export type BillingType = (typeof BILLING_TYPE)[keyof typeof BILLING_TYPE];

/** Billing cycles, in the order the cycle select shows them, with their length in months. */
export const CYCLES = {
  monthly: { months: 1, label: 'Monthly Plan (1 Month)' },
  quarterly: { months: 3, label: 'Quaterly Plan (3 Months)' },
  semiannually: { months: 6, label: 'Semiannually Plan (6 Months)' },
  annually: { months: 12, label: 'Annually Plan (12 Months)' },
  biennially: { months: 24, label: 'Biennially Plan (2 Years)' },
  triennially: { months: 36, label: 'Triennially Plan (3 Years)' },
  lifetime: { months: 60, label: 'Lifetime Plan (5 Years)' },
} as const;
export type Cycle = keyof typeof CYCLES;
export const CYCLE_NAMES = Object.keys(CYCLES) as [Cycle, ...Cycle[]];
/** The six cycles a recurring product is sold in. */
export const RECURRING_CYCLES = [
  'monthly',
  'quarterly',
  'semiannually',
  'annually',
  'biennially',
  'triennially',
] as const satisfies readonly Cycle[];
export const DEFAULT_CYCLE: Cycle = 'biennially';

export const ADDON_KEYS = ['dedicated_ip', 'port_forwarding', 'multi_login_20_sessions'] as const;
export type AddonKey = (typeof ADDON_KEYS)[number];
/** Shown when the server sends no addon price (001 §9); null means "show a dash". */
export const DEFAULT_ADDON_MONTHLY_PRICES: Record<AddonKey, number | null> = {
  dedicated_ip: 1,
  port_forwarding: 0.25,
  multi_login_20_sessions: null,
};

export const COUPON_QUANTITY = { min: 1, max: 60, restrictedMax: 10_000, default: 1 } as const;
/** Coupons are valid for one year from generation (001 §4). */
export const COUPON_VALIDITY_MONTHS = 12;

export const REGISTER_EMAIL_MAX = 50;
export const HASH_MIN_LENGTH = 15;
export const PASSWORD_MIN_LENGTH = 12;

export const DEPOSIT_MIN_USD = 2000;
/** The most a card provider takes in one payment ($999,999.99). */
export const DEPOSIT_MAX_USD = 999_999.99;
/** Pay Invoice's text lines (002 §2): shown, not enforced. */
export const PAY_INVOICE_TEXT_USD = { min: 250, maxDeposit: 1000, maxBalance: 1800 } as const;
export const INVOICE_AMOUNT_USD = { min: 100, max: 10_000 } as const;
/** Ours: an admin's credit or debit of its user's wallet, and the highest per-cycle price it may set. */
export const USER_ADJUSTMENT_USD = { max: 10_000 } as const;
/** The operator's manual credit or debit of a reseller's wallet (issue 35): at most this much at once. */
export const OPERATOR_ADJUSTMENT_USD = { max: 1_000_000 } as const;
export const USER_PRICE_MAX_USD = 100_000;

export const PAGE_SIZES = {
  coupons: { options: [10, 20, 30], default: 10, paginationRange: 5 },
  vpn: { options: [5, 20, 25], default: 5, pages: 4 },
  transactions: { options: [5, 20, 25], default: 5 },
  invoices: { options: [10, 25, 50], default: 10 },
} as const;

/** How long a client waits before it asks for a CSRF token again (000 §7). */
export const CSRF_RETRY_MS = 1000;

export const TIMINGS_MS = {
  csrfRetry: CSRF_RETRY_MS,
  balanceRefreshIndicator: 2000,
  couponExportDelay: 500,
  statusToastDelay: 600,
  copyLabelRevert: 1500,
  sandboxDelay: 500,
} as const;

export const NOTIFICATION_SOUND_VOLUME = 0.1;
export const REALTIME_DEFAULT_PORT = 6001;

/** Captcha action names of the public calls (000 §7). */
export const CAPTCHA_ACTIONS = [
  'login',
  'register',
  'verification',
  'forgot',
  'password',
  'update_password',
  'redeem',
] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'CSRF-Token';

/** The realtime channel of a reseller (laravel-echo's name; Pusher's is `private-reseller.{id}`). */
export const resellerChannel = (resellerId: number) => `reseller.${resellerId}`;

/** The two events a reseller's channel carries (000 §4). */
export const REALTIME_EVENTS = { notification: 'notification.created', balance: 'balance.updated' } as const;

export const NOTIFICATIONS_PAGE_SIZE = 15;

/** The v2 client API: its two kinds of key, their prefixes, token lifetimes and the sandbox wallet. */
export const KEY_MODES = ['live', 'sandbox'] as const;
export type KeyMode = (typeof KEY_MODES)[number];
export const CLIENT_API = {
  keyPrefix: { live: 'sk_live_', sandbox: 'sk_test_' },
  accessTokenSeconds: 3600,
  refreshTokenSeconds: 30 * 86_400,
  /** Requests a minute per key (RATE_LIMIT_CLIENT_PER_MINUTE sets the server's figure). */
  requestsPerMinute: 120,
  /** Play money a sandbox wallet opens with, in dollars. */
  sandboxOpeningBalanceUsd: 10_000,
  sandboxMaxBalanceUsd: 1_000_000,
  /** What a new user buys when the create call names no plan. */
  defaultPlan: { billing_type: 1, billing_cycle: 'monthly' },
} as const;
/** The statuses a v2 user has; only the first two can be set. */
/** What outgoing webhooks report (Standard Webhooks; the events API lists the same). */
export const WEBHOOK_EVENT_TYPES = [
  'coupon.generated',
  'coupon.redeemed',
  'coupon.deleted',
  'vpn_user.created',
  'vpn_user.updated',
  'vpn_user.suspended',
  'vpn_user.enabled',
  'vpn_user.deleted',
  'vpn_user.renewed',
  'vpn_user.renewal_failed',
  'vpn_user.expired',
  'wallet.credited',
  'wallet.low_balance',
  'invoice.created',
  'invoice.paid',
  'invoice.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event "Send test event" delivers to one endpoint; never listed by the events API. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const WEBHOOKS = {
  /** How long the secret before a rotation keeps signing beside the new one. */
  rotationOverlapHours: 24,
  /** How far back the events API reaches. */
  eventsRetentionDays: 30,
  /** The most endpoints one reseller keeps per mode. */
  maxEndpoints: 16,
  /** How much of a receiver's answer the delivery log keeps. */
  responseLogBytes: 1024,
} as const;

/**
 * What an invoice is, as the server stores it and invoice.* events carry it: a deposit the reseller
 * started is pending until its money is confirmed (paid), declined (cancelled) or left unfinished for
 * a day (cancelled too); an invoice an admin sends is unpaid until paid. The v1 invoice calls show
 * these capitalised, with Expired besides (a deposit whose attempt was left unfinished for a day).
 */
export const INVOICE_STATUSES = ['pending', 'unpaid', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const CLIENT_USER_STATUSES = ['active', 'suspended', 'expired', 'deleted'] as const;
export type ClientUserStatus = (typeof CLIENT_USER_STATUSES)[number];

/** Where the browser keeps the signed-in user (000 §3); the redeem page sends such a visitor away. */
export const SESSION_USER_KEY = 'pp.user';

/** The public redeem page and the partner variant of reseller 903 (002 §2), and their calls. */
export const REDEEM_PAGES = { public: '/redeem', partner: '/redeem/brainrocket' } as const;
export const REDEEM_CALLS = { public: '/api/redeem', partner: '/api/redeem/brainrocket' } as const;
/** The script embed: it mounts the redeem page in an iframe that follows its content's height. */
export const REDEEM_LOADER_PATH = '/redeem.js';

/** The API reference page: written by the portal's build from the OpenAPI document, served by the server. */
export const API_REFERENCE_PATH = '/api/docs';
/**
 * Where the server serves the SDK as its build packed it, for `npm install <url>`: one file per
 * version (partner-panel-sdk-1.0.0.tgz), so a lockfile's checksum of a URL never changes.
 */
export const SDK_PACKAGE_PREFIX = '/api/sdk/';
export const sdkPackageName = (version: string) => `partner-panel-sdk-${version}.tgz`;

/**
 * The languages the product speaks (issue 36): the portal, the e-mails, the PDF invoice and the
 * redeem page. English is the default and the API's own language; Arabic is written right to left.
 */
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const RTL_LOCALES: readonly Locale[] = ['ar'];
/** Each language in its own words, for the language menus. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  ru: 'Русский',
  ar: 'العربية',
};

/**
 * The first of `wanted` (an Accept-Language header's or navigator.languages' tags, best first) that
 * we speak: an exact tag, else its language (pt-PT → pt-BR, es-MX → es), else null.
 */
export function matchLocale(wanted: readonly string[]): Locale | null {
  for (const tag of wanted) {
    const lower = tag.trim().toLowerCase();
    if (!lower) continue;
    const exact = LOCALES.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    const language = lower.split('-')[0];
    const near = LOCALES.find((l) => l.toLowerCase().split('-')[0] === language);
    if (near) return near;
  }
  return null;
}

/** An Accept-Language header's tags, best first (q=0 left out). */
export function acceptLanguageTags(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}

/**
 * What a partner may set on its embedded redeem page (002 §2, ours): the origins allowed to frame
 * it (CSP frame-ancestors; none: any origin), an accent colour, light/dark/auto, and a language.
 */
export const REDEEM_EMBED = {
  themes: ['light', 'dark', 'auto'],
  languages: LOCALES,
  /** The snippets' language: `auto` names none, so the page speaks the visitor's browser language; a language forces it. */
  snippetLanguages: ['auto', ...LOCALES],
  maxOrigins: 20,
  /** `#rgb` or `#rrggbb`. */
  accentPattern: /^#(?:[0-9a-fA-F]{3}){1,2}$/,
} as const;
export type RedeemTheme = (typeof REDEEM_EMBED.themes)[number];
export type RedeemLanguage = (typeof REDEEM_EMBED.languages)[number];
export type SnippetLanguage = (typeof REDEEM_EMBED.snippetLanguages)[number];

/**
 * The messages between the redeem page in its iframe and the host page's loader. Every message is
 * `{ pp: 'redeem', type, ... }`, and each side checks the sender's window and origin.
 */
export const REDEEM_MESSAGES = {
  tag: 'redeem',
  /** page → host: it is up and listening. */
  ready: 'ready',
  /** page → host: `{ height }` in CSS pixels, whenever the content's height changes. */
  resized: 'dimension-changed',
  /** page → host: a coupon was redeemed (no credentials are sent). */
  redeemed: 'redeemed',
  /** host → page: `{ accent?, theme?, lang? }`. */
  theme: 'theme',
  /** page → host: `{ reason }` (a REDEEM_BLOCKED key): this site may not frame the page. */
  blocked: 'blocked',
} as const;

/**
 * The header the redeem page sends with its calls: the reseller named by its `?reseller=` ('' for
 * none). A coupon of a reseller with an allowlist redeems only on a page naming that reseller, or
 * on a page no other site may frame (docs/api.md, "Embed allowlist").
 */
export const REDEEM_RESELLER_HEADER = 'Redeem-Reseller';

/** Why a site may not frame the redeem page, and what the blocked frame says. */
export const REDEEM_BLOCKED = {
  title: 'This redeem form cannot be shown on this website.',
  reasons: {
    origin_not_allowed: 'The seller has not allowed this website to show its redeem page.',
    reseller_required: 'This page does not name the seller it belongs to, so only Partner Panel itself may show it.',
  },
  instead: 'You can still redeem your coupon on our own page:',
  link: 'Open the redeem page',
  owner: "Own this website? Add it to the allowed sites on Partner Panel's Redeem Embed screen, and use the snippet given there.",
} as const;
export type RedeemBlockedReason = keyof typeof REDEEM_BLOCKED.reasons;

/** The header that makes a retry of a state-changing call safe (the first answer is given again). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The answer header carrying the server's id of the request (also `header.request_id` of a refusal). */
export const REQUEST_ID_HEADER = 'Request-Id';

/** The payment methods a server may offer: `type` says whether the browser confirms a card or is redirected. */
export const PAYMENT_MODULES = ['testgateway', 'stripe', 'paypal'] as const;
export type PaymentModule = (typeof PAYMENT_MODULES)[number];
/** How each method is named to the reseller: its button, the invoice's payment method, a transaction's gateway. */
export const PAYMENT_METHOD_NAMES: Record<PaymentModule, string> = {
  testgateway: 'Test Card',
  stripe: 'Card',
  paypal: 'PayPal',
};
/** A transaction's gateway when no payment provider moved the money (a purchase, a refund). */
export const WALLET_GATEWAY = 'Wallet';

/**
 * The built-in test gateway's cards (any future expiry, any 3-digit CVC). Every other number is
 * refused: the gateway moves no real money and must never see a real card. `key` names the outcome's
 * sentence in the portal's catalogues (pp.billing.test_outcomes).
 */
export const TEST_CARDS = [
  { number: '4242424242424242', outcome: 'succeeds', key: 'succeeds' },
  { number: '4000002500003155', outcome: 'asks for a confirmation step, then succeeds', key: 'confirm_then_succeeds' },
  { number: '4000000000000002', outcome: 'is declined (generic_decline)', key: 'generic_decline' },
  { number: '4000000000009995', outcome: 'is declined (insufficient_funds)', key: 'insufficient_funds' },
  { number: '4000000000000069', outcome: 'is declined (expired_card)', key: 'expired_card' },
  { number: '4000008400001629', outcome: 'asks for a confirmation step, then is declined (card_declined)', key: 'confirm_then_declined' },
  { number: '4000000000000077', outcome: "succeeds, but its notification is lost: the success page's check credits it", key: 'notification_lost' },
] as const;
