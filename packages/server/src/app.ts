/** Builds the whole server without listening: database, adapters, hooks and every module's routes. */
import { createHmac, randomBytes } from 'node:crypto';
import type { DestinationStream } from 'pino';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { eq } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { systemClock, type AppContext, type Clock } from './context.js';
import { openDatabase, type Database, type Db } from './db/index.js';
import { serverSettings } from './db/schema/index.js';
import { createCaptcha } from './adapters/captcha/index.js';
import { createMail } from './adapters/mail/index.js';
import { createPayments } from './adapters/payments/index.js';
import { createRealtime } from './adapters/realtime/index.js';
import { listenOnBus } from './adapters/realtime/bus.js';
import { createCsrf } from './http/csrf.js';
import { BODY_LIMIT, clientErrorHandler, frameworkErrors, registerErrorHandlers } from './http/error-handler.js';
import { guardInput } from './http/input-guard.js';
import { registerBodyParsers } from './http/body-parsers.js';
import { exposeRequestId, requestIdOptions } from './http/request-id.js';
import { validatorCompiler } from './http/validation.js';
import { defaultPortalDir, portal } from './http/portal.js';
import { defaultSdkPackageDir, sdkPackage } from './http/sdk-package.js';
import { createSecurity } from './http/security.js';
import { createCounters } from './http/rate-limit.js';
import { authRoutes } from './modules/auth/routes.js';
import { securityRoutes } from './modules/auth/security-routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { testGatewayRoutes } from './modules/billing/test-gateway-routes.js';
import { webhookRoutes } from './modules/billing/webhooks.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { createNotifier } from './modules/notifications/notifier.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { couponRoutes } from './modules/coupons/routes.js';
import { whiteLabelRoutes } from './modules/white-label/routes.js';
import { operatorRoutes } from './modules/operator/routes.js';
import { teamRoutes } from './modules/team/routes.js';
import { seedCatalogue } from './modules/products/catalogue.js';
import { productRoutes } from './modules/products/routes.js';
import { vpnRoutes } from './modules/vpn/routes.js';
import { clientApiRoutes } from './modules/client-api/routes.js';
import { FOLD_EVERY_MS, foldDaily } from './modules/dashboard/fold.js';
import { devMailRoutes } from './modules/dev/mail.js';
import { profileRoutes } from './modules/profile/routes.js';
import { defaultWidgetDir, redeemPage } from './modules/redeem/page.js';
import { redeemRoutes } from './modules/redeem/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { syncCreditLimits } from './modules/wallet/service.js';
import { createChargeQueues } from './modules/wallet/charge-queue.js';
import { createPriceBooks } from './modules/products/price-cache.js';
import { healthRoutes } from './ops/health.js';
import { logDestination } from './ops/log-destination.js';
import { logRequests } from './ops/request-log.js';
import { metricsRoutes } from './ops/metrics.js';
import { createWorkers } from './ops/workers.js';
import { checkDataDir, databaseFailure } from './ops/startup.js';
import { createQueue } from './jobs/queue.js';
import { backgroundJobs } from './jobs/background.js';
import { webhookEndpointRoutes } from './modules/webhooks/routes.js';

export interface BuildOptions {
  /** An open database (tests pass a migrated snapshot); otherwise opened from the config. */
  database?: Database;
  clock?: Clock;
  /** The fetch used to reach external services (captcha, PayPal); tests point it at local peers. */
  fetch?: typeof fetch;
  logger?: boolean;
  /** Told as each start-up phase ends (`--verbose` prints where the time went). */
  onPhase?: (phase: string) => void;
  /** Where the log goes instead of stdout (the bench writes it to /dev/null at the product's level). */
  logStream?: DestinationStream;
}

/** The secret that signs CSRF tokens: configured, or generated once and shared through the database. */
async function appSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(serverSettings)
    .values({ key: 'app_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, 'app_secret'));
  if (!row) throw new Error('could not create the app secret');
  return row.value;
}

/** The configured database, or one sentence saying why it could not be opened. */
async function openConfiguredDatabase(config: Config, onNotice: (message: string) => void, onPhase?: (phase: string) => void): Promise<Database> {
  try {
    if (!config.databaseUrl) checkDataDir(config.dataDir);
    return await openDatabase(config, onNotice, onPhase);
  } catch (error) {
    throw databaseFailure(error, Boolean(config.databaseUrl));
  }
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  let stdout: ReturnType<typeof logDestination> | undefined;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, stream: options.logStream ?? (stdout = logDestination()).stream },
    // A hop count trusts that many proxies nearest to us (the addresses they append), no more.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: BODY_LIMIT,
    ...requestIdOptions(),
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openConfiguredDatabase(config, (message) => app.log.warn(message), options.onPhase));
  const { db } = database;
  const secret = await appSecret(db, config.appSecret);
  await seedCatalogue(db);
  await syncCreditLimits(db, config.partnerCreditLimitCents, app.log);
  options.onPhase?.('catalogue and credit limits synced');
  const realtime = createRealtime(
    {
      ...config.realtime,
      // Every process that shares the database derives the same secret.
      secret: config.realtime.secret ?? createHmac('sha256', secret).update('realtime').digest('hex'),
      trustProxy: config.trustProxy,
    },
    app.log,
  );
  // With the bus, this process's socket server hears every process's events through PostgreSQL;
  // with the bus driver it has none, and only sends them there for the socket processes.
  let busListener: Awaited<ReturnType<typeof listenOnBus>> | null = null;
  if (config.realtime.driver === 'bus') realtime.useBus(db);
  else if (config.realtime.bus === 'postgres' && realtime.server) {
    realtime.useBus(db);
    busListener = await listenOnBus({ url: database.url, db, deliver: realtime.deliver, log: app.log });
  }
  const portalDir = config.portalDir ?? defaultPortalDir;
  const ctx: AppContext = {
    config,
    database,
    db,
    clock: options.clock ?? systemClock,
    secret,
    mail: createMail({ db, transport: config.mail.transport, smtpUrl: config.mail.smtpUrl, from: config.mail.from, log: app.log }),
    captcha: createCaptcha({
      ...config.captcha,
      hostname: new URL(config.publicUrl).hostname,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      log: (message, detail) => app.log.warn({ err: detail }, message),
    }),
    csrf: createCsrf(secret, config.publicUrl.startsWith('https://')),
    security: createSecurity(config, portalDir, () => config.realtime.publicPort ?? realtime.server?.port ?? config.realtime.port),
    counters: createCounters(database.lazyDb ?? db),
    realtime,
    notifier: createNotifier(realtime),
    payments: createPayments(config, { db, secret, fetch: options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a)), log: app.log }),
    queue: createQueue({ url: database.url, concurrency: Math.max(1, config.jobWorkers), log: app.log }),
    log: app.log,
    workers: createWorkers(),
    lifecycle: { draining: false },
    chargeQueues: createChargeQueues(),
    priceBooks: createPriceBooks(),
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('reseller', null);
  app.decorateRequest('client', null);
  app.decorateRequest('idempotency', null);

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, ctx.security.helmet);
  await app.register(fastifyRateLimit, { global: false, store: ctx.counters.Store as never });
  exposeRequestId(app);
  logRequests(app);
  registerErrorHandlers(app);
  guardInput(app);
  // JSON only (415 otherwise, with a sentence): text/plain is not read as a string, and a form is
  // read only where a standard Pusher client posts its channel authorisation as one.
  registerBodyParsers(app);

  healthRoutes(app);
  metricsRoutes(app);
  authRoutes(app);
  securityRoutes(app);
  profileRoutes(app);
  dashboardRoutes(app);
  notificationRoutes(app);
  productRoutes(app);
  couponRoutes(app);
  vpnRoutes(app);
  clientApiRoutes(app);
  redeemRoutes(app);
  billingRoutes(app);
  testGatewayRoutes(app);
  await webhookRoutes(app);
  settingsRoutes(app);
  userRoutes(app);
  webhookEndpointRoutes(app);
  whiteLabelRoutes(app);
  operatorRoutes(app);
  teamRoutes(app);
  if (ctx.mail.transport === 'outbox' && !config.production) devMailRoutes(app);
  await redeemPage(app, config.redeem.widgetDir ?? defaultWidgetDir);
  sdkPackage(app, config.sdkPackageDir ?? defaultSdkPackageDir);
  await portal(app, portalDir);

  // Background work is the queue's (jobs/background.ts): a process with JOB_WORKERS=0 does none.
  if (config.jobWorkers > 0) {
    const jobs = backgroundJobs(ctx);
    await ctx.queue.start(jobs.tasks, jobs.schedule);
    ctx.workers.register(ctx.mail);
    // The job queue reports to readiness, metrics and shutdown like the other workers.
    let queueRunning = true;
    ctx.workers.register({
      name: 'queue',
      running: () => queueRunning,
      backlog: () => ctx.queue.stats(db),
      async stop() {
        queueRunning = false;
        await ctx.queue.stop();
      },
    });
  }
  // The test gateway's signed events reach the webhook route over HTTP, like any provider's.
  ctx.payments.testGateway?.deliverTo(async (body, signature) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks/testgateway',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`the webhook answered ${res.statusCode}: ${res.body}`);
  });
  // The fold stays a timer of each process, not a job of the queue: it runs every five seconds, below
  // the one minute the queue's schedule counts in, and is safe in every process at once (fold_daily
  // moves each appended row once). As self-queued jobs it would add a queue write and a worker's
  // round trip to every fold, and a fold lost with a process costs nothing: the next one, in any
  // process, moves what it left (docs/architecture.md, "Events, webhooks and the job queue").
  let folding: Promise<unknown> = Promise.resolve();
  const fold = setInterval(() => {
    folding = foldDaily(db).catch((error: unknown) => app.log.warn({ err: error }, 'folding the dashboard rollups failed; the next fold retries'));
  }, FOLD_EVERY_MS);
  fold.unref();
  app.addHook('onClose', async () => {
    clearInterval(fold);
    await folding;
    ctx.payments.testGateway?.stop();
    await ctx.queue.stop();
    // Workers finish the job in hand (a renewal run, a mail batch) before the database closes.
    await ctx.workers.stopAll();
    await busListener?.close();
    // Registered only where jobs run; its transport is closed in every process.
    await ctx.mail.stop();
    await realtime.server?.close();
    // A database handed in by the caller is the caller's to close.
    if (!options.database) await database.close();
    stdout?.close();
  });
  return app;
}
