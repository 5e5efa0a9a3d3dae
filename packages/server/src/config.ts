/**
 * The server's settings. This is the only module that reads the environment; everything else gets a
 * Config. Every setting has an embedded default so that one command starts the whole product.
 */
import { z } from 'zod';
import { CLIENT_API, REALTIME_DEFAULT_PORT } from '@partner-panel/sdk';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** The partner reseller's postpaid credit limit unless PARTNER_CREDIT_LIMIT_USD says otherwise. */
export const DEFAULT_PARTNER_CREDIT_LIMIT_USD = 1_000_000;

const envFields = z.object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: optional,
    DATA_DIR: z.string().default('./.data'),
    DATABASE_URL: optional,
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    APP_SECRET: optional.pipe(z.string().min(32, 'APP_SECRET must be at least 32 characters').optional()),
    SESSION_TTL_HOURS: z.coerce.number().min(1).max(24 * 90).default(12),
    // `true` would believe any X-Forwarded-For a client writes; name the proxies or count the hops.
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((v, ctx): false | number | string[] => {
        if (v === 'false' || v === '' || v === '0') return false;
        if (/^\d+$/.test(v)) return Number(v);
        if (v === 'true') {
          ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY=true trusts every X-Forwarded-For; give the number of proxy hops (1) or their addresses (10.0.0.0/8,127.0.0.1)' });
          return z.NEVER;
        }
        return v.split(',').map((part) => part.trim()).filter(Boolean);
      }),
    // A shutdown keeps serving (readiness 503) while the proxy's health check notices, then waits
    // this long at most for requests and jobs in hand.
    METRICS_TOKEN: optional.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DEMO_DATA: bool.optional(),
    PORTAL_DIR: optional,
    SDK_PACKAGE_DIR: optional,
    REDEEM_WIDGET_DIR: optional,
    REDEEM_WORDS_DIR: optional,
    REDEEM_TERMS_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'REDEEM_TERMS_URL must be an http(s) URL' }).optional()),
    REDEEM_PRIVACY_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'REDEEM_PRIVACY_URL must be an http(s) URL' }).optional()),
    MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: optional,
    MAIL_FROM: z.string().default('Partner Panel <no-reply@partner-panel.local>'),
    SELLER_NAME: z.string().trim().min(1).max(200).default('Partner Panel'),
    SELLER_ADDRESS: optional,
    SELLER_TAX_ID: optional,
    REDEEM_APPS_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'REDEEM_APPS_URL must be an http(s) URL' }).optional()),
    OPERATOR_EMAIL: optional.pipe(z.email({ error: 'OPERATOR_EMAIL must be an e-mail address' }).optional()),
    CAPTCHA_PROVIDER: z.enum(['off', 'recaptcha', 'turnstile', 'hcaptcha']).default('off'),
    CAPTCHA_SITE_KEY: optional,
    CAPTCHA_SECRET_KEY: optional,
    CAPTCHA_VERIFY_URL: optional,
    CAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    CAPTCHA_CHALLENGE_SCORE: z.coerce.number().min(0).max(1).default(0.9),
    RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(50),
    RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_FORGOT_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    RATE_LIMIT_FORGOT_PER_IP: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_REDEEM_PER_IP: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_REDEEM_PER_PREFIX: z.coerce.number().int().min(1).default(100),
    RATE_LIMIT_REDEEM_FAILURES_PER_IP: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    RATE_LIMIT_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).default(CLIENT_API.requestsPerMinute),
    RATE_LIMIT_CLIENT_TOKENS_PER_IP: z.coerce.number().int().min(1).default(60),
    /**
     * embedded: this process runs the socket server; pusher: it publishes to another over the Pusher
     * HTTP API; bus: it runs none and sends its events on the PostgreSQL bus, which the socket
     * processes (dist/cli/realtime.js with REALTIME_BUS=postgres) listen on.
     */
    REALTIME_DRIVER: z.enum(['embedded', 'pusher', 'bus']).default('embedded'),
    /** postgres: events travel between processes by NOTIFY, sent in the transaction of their change (adapters/realtime/bus.ts). */
    REALTIME_BUS: z.enum(['none', 'postgres']).default('none'),
    REALTIME_PORT: z.coerce.number().int().min(0).max(65535).default(REALTIME_DEFAULT_PORT),
    REALTIME_HOST: optional,
    REALTIME_APP_ID: z.string().default('partner-panel'),
    REALTIME_KEY: z.string().default('partner-panel-key'),
    REALTIME_SECRET: optional,
    REALTIME_API_URL: optional,
    REALTIME_PUBLIC_HOST: optional,
    REALTIME_PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    REALTIME_PUBLIC_TLS: bool.default(false),
    REALTIME_CHANNEL_DATA: bool.default(true),
    // A recurring job of the queue, which runs on the minute (jobs/queue.ts): whole minutes only.
    RENEWALS_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(86_400)
      .refine((s) => s % 60 === 0, 'RENEWALS_INTERVAL_SECONDS must be 0 (off) or a whole number of minutes in seconds (60, 120, 300…): renewals run on the minute')
      .default(60),
    JOB_WORKERS: z.coerce.number().int().min(0).max(64).default(4),
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: bool.optional(),
    WEBHOOK_RETRY_SECONDS: z
      .string()
      .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, 'a comma-separated list of seconds, e.g. 5,300,1800')
      .default('5,300,1800,7200,18000,36000,36000,36000,36000,36000,36000'),
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
    REALTIME_ACTIVITY_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(120),
    PAYMENTS_TEST_GATEWAY: bool.optional(),
    TEST_GATEWAY_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
    RATE_LIMIT_TEST_GATEWAY_PER_IP: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_COUPON_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(200),
    STRIPE_SECRET_KEY: optional,
    STRIPE_PUBLISHABLE_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_API_URL: optional.pipe(z.url({ error: 'STRIPE_API_URL must be a URL' }).optional()),
    PAYPAL_CLIENT_ID: optional,
    PAYPAL_CLIENT_SECRET: optional,
    PAYPAL_WEBHOOK_ID: optional,
    PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
    PAYPAL_API_URL: optional.pipe(z.url({ error: 'PAYPAL_API_URL must be a URL' }).optional()),
    RATE_LIMIT_PAYMENTS_PER_RESELLER: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_PAYMENTS_PER_IP: z.coerce.number().int().min(1).default(30),
    PARTNER_CREDIT_LIMIT_USD: z.coerce.number().int().min(0).max(1_000_000_000).default(DEFAULT_PARTNER_CREDIT_LIMIT_USD),
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(100),
  });

const envSchema = envFields.superRefine((env, ctx) => {
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required when MAIL_TRANSPORT=smtp' });
    }
    // The outbox only keeps mail: in production no verification or reset link would ever arrive.
    if (env.NODE_ENV === 'production' && env.MAIL_TRANSPORT !== 'smtp') {
      ctx.addIssue({ code: 'custom', path: ['MAIL_TRANSPORT'], message: 'In production MAIL_TRANSPORT must be smtp (with SMTP_URL): the outbox never sends mail' });
    }
    // The bus feeds embedded socket servers; a process publishing to another server uses its HTTP API.
    if (env.REALTIME_BUS === 'postgres' && env.REALTIME_DRIVER === 'pusher') {
      ctx.addIssue({ code: 'custom', path: ['REALTIME_BUS'], message: 'REALTIME_BUS=postgres needs REALTIME_DRIVER=embedded: the bus feeds the embedded socket servers' });
    }
    // The socket processes listen in the database the events are sent in: the embedded one is
    // reached over this process's own Unix socket only, so no other process could hear them.
    if (env.REALTIME_DRIVER === 'bus' && !env.DATABASE_URL?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['REALTIME_DRIVER'], message: 'REALTIME_DRIVER=bus needs DATABASE_URL: the socket processes listen on the bus in that database' });
    }
    if (env.REALTIME_DRIVER === 'pusher' && (!env.REALTIME_API_URL || !env.REALTIME_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['REALTIME_API_URL'],
        message: 'REALTIME_API_URL and REALTIME_SECRET are required when REALTIME_DRIVER=pusher',
      });
    }
    // The test gateway credits wallets for test cards: real money must never depend on it.
    if (env.NODE_ENV === 'production' && env.PAYMENTS_TEST_GATEWAY === true) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENTS_TEST_GATEWAY'], message: 'The test gateway credits wallets without real money: it cannot be enabled in production' });
    }
    // A payment provider's settings come all together or not at all.
    const providers = [
      ['Stripe', ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']],
      ['PayPal', ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID']],
    ] as const;
    for (const [name, keys] of providers) {
      const set = keys.filter((k) => env[k]);
      if (set.length > 0 && set.length < keys.length) {
        ctx.addIssue({ code: 'custom', path: [keys[0]], message: `${name} needs ${keys.slice(0, -1).join(', ')} and ${keys.at(-1)} together` });
      }
    }
    if (env.CAPTCHA_PROVIDER !== 'off' && (!env.CAPTCHA_SITE_KEY || !env.CAPTCHA_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_SECRET_KEY'],
        message: 'CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY are required when a captcha provider is set',
      });
    }
  });

/** The environment as text, the way a process receives it. */
export type Env = Partial<Record<keyof z.input<typeof envSchema>, string>>;

const invalid = (error: z.ZodError) =>
  new Error(`Invalid configuration:\n${error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw invalid(parsed.error);
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appSecret: e.APP_SECRET,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    /** Unset: no /metrics endpoint. */
    metricsToken: e.METRICS_TOKEN,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000, timeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000 },
    demoData: e.DEMO_DATA ?? !production,
    portalDir: e.PORTAL_DIR,
    /** Where the SDK's build leaves its packed .tgz files (packages/sdk/pack unless set). */
    sdkPackageDir: e.SDK_PACKAGE_DIR,
    redeem: {
      widgetDir: e.REDEEM_WIDGET_DIR,
      /** The redeem page's translations (its i18n/<locale>.json), which the redeem API answers in too. */
      wordsDir: e.REDEEM_WORDS_DIR,
      /** Linked from the redeem page's terms checkbox. */
      termsUrl: e.REDEEM_TERMS_URL ?? null,
      privacyUrl: e.REDEEM_PRIVACY_URL ?? null,
      /** Where the redeem success dialog sends a customer for the VPN apps. */
      appsUrl: e.REDEEM_APPS_URL ?? null,
    },
    mail: { transport: e.MAIL_TRANSPORT, smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    /** The seller named on invoices: its name, address lines ("\n" or "|" between them) and tax id. */
    seller: {
      name: e.SELLER_NAME,
      address: (e.SELLER_ADDRESS ?? '').split(/\\n|\n|\|/).map((line) => line.trim()).filter(Boolean),
      taxId: e.SELLER_TAX_ID ?? null,
    },
    /** Where white-label enquiries are mailed (unset: listed in the portal for the operator only). */
    operatorEmail: e.OPERATOR_EMAIL ?? null,
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      siteKey: e.CAPTCHA_SITE_KEY,
      secretKey: e.CAPTCHA_SECRET_KEY,
      verifyUrl: e.CAPTCHA_VERIFY_URL,
      minScore: e.CAPTCHA_MIN_SCORE,
      challengeScore: e.CAPTCHA_CHALLENGE_SCORE,
    },
    rateLimits: {
      windowMs: e.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      signupPerIp: e.RATE_LIMIT_SIGNUP_PER_IP,
      forgotPerAccount: e.RATE_LIMIT_FORGOT_PER_ACCOUNT,
      forgotPerIp: e.RATE_LIMIT_FORGOT_PER_IP,
      /** v2 client API: requests a minute per secret key, and token requests a minute per IP. */
      clientPerMinute: e.RATE_LIMIT_CLIENT_PER_MINUTE,
      clientTokensPerIp: e.RATE_LIMIT_CLIENT_TOKENS_PER_IP,
      redeemPerIp: e.RATE_LIMIT_REDEEM_PER_IP,
      /** Refused redemptions per coupon prefix (or reseller) and window, past which its guessers wait. */
      redeemFailuresPerPrefix: e.RATE_LIMIT_REDEEM_PER_PREFIX,
      /** Refused redemptions per address and window, past which the address waits, longer each time. */
      redeemFailuresPerIp: e.RATE_LIMIT_REDEEM_FAILURES_PER_IP,
      /** Coupon mails an hour per reseller. */
      couponMailsPerHour: e.RATE_LIMIT_COUPON_MAILS_PER_HOUR,
    },
    payments: {
      /** The built-in test gateway: on by default outside production, never in production. */
      testGateway: {
        enabled: e.PAYMENTS_TEST_GATEWAY ?? !production,
        webhookDelayMs: e.TEST_GATEWAY_WEBHOOK_DELAY_MS,
        /** Calls a window per address to each of its endpoints (token, confirm, 3-D Secure). */
        requestsPerIp: e.RATE_LIMIT_TEST_GATEWAY_PER_IP,
      },
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
          : null,
      paypal:
        e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET && e.PAYPAL_WEBHOOK_ID
          ? {
              clientId: e.PAYPAL_CLIENT_ID,
              clientSecret: e.PAYPAL_CLIENT_SECRET,
              webhookId: e.PAYPAL_WEBHOOK_ID,
              apiUrl: (e.PAYPAL_API_URL ?? (e.PAYPAL_ENVIRONMENT === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com')).replace(/\/$/, ''),
            }
          : null,
      attemptsPerReseller: e.RATE_LIMIT_PAYMENTS_PER_RESELLER,
      attemptsPerIp: e.RATE_LIMIT_PAYMENTS_PER_IP,
    },
    /** The partner reseller's postpaid credit limit, in cents. */
    partnerCreditLimitCents: e.PARTNER_CREDIT_LIMIT_USD * 100,
    /** How often the renewal job runs (0: never, in this process). */
    renewalsIntervalMs: e.RENEWALS_INTERVAL_SECONDS * 1000,
    /** How many jobs (webhook deliveries) this process works on at once; 0: none here. */
    jobWorkers: e.JOB_WORKERS,
    webhooks: {
      /** http and private, loopback and link-local addresses as destinations: outside production only, unless set. */
      allowPrivateDestinations: e.WEBHOOK_ALLOW_PRIVATE_DESTINATIONS ?? !production,
      /** The waits before each retry of a failed delivery (about three days in all). */
      retrySeconds: e.WEBHOOK_RETRY_SECONDS.split(',').map(Number),
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
    },
    realtime: {
      ...realtimeSettings(e),
      /**
       * Whether a private channel's authorisation names the session that asked (channel_data,
       * signed with it), so that ending the session closes the sockets subscribed with it. Always
       * with the embedded and bus drivers (our own socket servers); with `pusher`, off for a socket
       * server that checks a private channel's signature without its channel_data (Soketi).
       */
      channelData: e.REALTIME_DRIVER !== 'pusher' || e.REALTIME_CHANNEL_DATA,
    },
  };
}

/** The realtime settings, and the only ones the socket server run as its own process reads. */
const realtimeFields = envFields.pick({
  HOST: true,
  DATABASE_URL: true,
  TRUST_PROXY: true,
  REALTIME_DRIVER: true,
  REALTIME_BUS: true,
  REALTIME_PORT: true,
  REALTIME_HOST: true,
  REALTIME_APP_ID: true,
  REALTIME_KEY: true,
  REALTIME_SECRET: true,
  REALTIME_API_URL: true,
  REALTIME_PUBLIC_HOST: true,
  REALTIME_PUBLIC_PORT: true,
  REALTIME_PUBLIC_TLS: true,
  REALTIME_ACTIVITY_TIMEOUT: true,
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: true,
});
type RealtimeEnv = z.output<typeof realtimeFields>;

function realtimeSettings(e: RealtimeEnv) {
  return {
    driver: e.REALTIME_DRIVER,
    bus: e.REALTIME_BUS,
    port: e.REALTIME_PORT,
    host: e.REALTIME_HOST ?? e.HOST,
    appId: e.REALTIME_APP_ID,
    key: e.REALTIME_KEY,
    /** Unset: derived from the app secret, so every process sharing the database agrees on it. */
    secret: e.REALTIME_SECRET,
    apiUrl: e.REALTIME_API_URL,
    /** What the browser connects to; host unset means the page's own host name. */
    publicHost: e.REALTIME_PUBLIC_HOST,
    /** Unset: the port the embedded server listens on (the one it got, with REALTIME_PORT=0). */
    publicPort: e.REALTIME_PUBLIC_PORT,
    publicTls: e.REALTIME_PUBLIC_TLS,
    activityTimeout: e.REALTIME_ACTIVITY_TIMEOUT,
    maxConnectionsPerAddress: e.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
  };
}

/**
 * The settings of the socket server run as its own process (`dist/cli/realtime.js`): only the
 * realtime ones, TRUST_PROXY and (fed by the bus) DATABASE_URL are read, so it shares the app's
 * image and environment.
 */
export function loadRealtimeConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = realtimeFields
    .superRefine((e, ctx) => {
      // Fed by the bus, the socket process listens in the database the app processes send in.
      if (e.REALTIME_BUS === 'postgres' && !e.DATABASE_URL) {
        ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: "REALTIME_BUS=postgres needs DATABASE_URL: the socket process listens on the bus in the app processes' database" });
      }
    })
    .safeParse(env);
  if (!parsed.success) throw invalid(parsed.error);
  return { realtime: realtimeSettings(parsed.data), trustProxy: parsed.data.TRUST_PROXY, databaseUrl: parsed.data.DATABASE_URL };
}

export type Config = ReturnType<typeof loadConfig>;
