/**
 * Prometheus metrics (prom-client), served at `GET /metrics` to a caller that presents
 * METRICS_TOKEN as a bearer token; without the setting the endpoint does not exist. Counters the
 * code increments are process-wide (one process is one app in production); what is read at scrape
 * time (pool, backlogs, sockets) comes from the app that serves the scrape. docs/deploy.md lists
 * each metric and a starting set of alert rules.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const shared = new Registry();
collectDefaultMetrics({ register: shared, prefix: 'partner_panel_' });

export const metrics = {
  requests: new Histogram({
    name: 'partner_panel_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [shared],
  }),
  signInFailures: new Counter({ name: 'partner_panel_sign_in_failures_total', help: 'Sign-ins refused for a wrong e-mail or password', registers: [shared] }),
  signInLockouts: new Counter({ name: 'partner_panel_sign_in_lockouts_total', help: 'Sign-ins refused because the account or address is over its limit', registers: [shared] }),
  walletMovements: new Counter({
    name: 'partner_panel_wallet_movements_total',
    help: 'Committed wallet movements (ledger rows) by direction',
    labelNames: ['direction'] as const,
    registers: [shared],
  }),
  walletCents: new Counter({
    name: 'partner_panel_wallet_cents_total',
    help: 'Cents moved by committed wallet movements, by direction',
    labelNames: ['direction'] as const,
    registers: [shared],
  }),
  realtimeMessages: new Counter({ name: 'partner_panel_realtime_messages_total', help: 'Realtime events published', registers: [shared] }),
  mailFailures: new Counter({ name: 'partner_panel_mail_delivery_failures_total', help: 'Mail delivery attempts that failed (retried with backoff)', registers: [shared] }),
};

/** What one app reports at scrape time. */
function appRegistry(app: FastifyInstance): Registry {
  const registry = new Registry();
  const { ctx } = app;
  new Gauge({
    name: 'partner_panel_db_pool_connections',
    help: 'Database pool connections by state (total, idle) and requests waiting for one (waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = ctx.database.pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  const running = new Gauge({ name: 'partner_panel_worker_running', help: 'Background workers running (1) or not (0)', labelNames: ['worker'] as const, registers: [registry] });
  const depth = new Gauge({ name: 'partner_panel_queue_depth', help: 'Items waiting in a background worker\'s queue', labelNames: ['worker'] as const, registers: [registry] });
  new Gauge({
    name: 'partner_panel_queue_oldest_age_seconds',
    help: 'Age of the oldest waiting item of a background worker\'s queue (mail: delivery lag)',
    labelNames: ['worker'] as const,
    registers: [registry],
    async collect() {
      for (const worker of ctx.workers.list()) {
        running.set({ worker: worker.name }, worker.running() ? 1 : 0);
        if (!worker.backlog) continue;
        const backlog = await worker.backlog().catch(() => null);
        if (!backlog) continue;
        depth.set({ worker: worker.name }, backlog.depth);
        this.set({ worker: worker.name }, backlog.oldestAgeSeconds);
      }
    },
  });
  new Gauge({
    name: 'partner_panel_realtime_connections',
    help: 'Sockets open on this process\'s embedded realtime server',
    registers: [registry],
    async collect() {
      const server = ctx.realtime.server;
      if (server?.port) this.set((await server.stats().catch(() => ({ connections: 0 }))).connections);
    },
  });
  new Gauge({
    name: 'partner_panel_draining',
    help: '1 while this process is shutting down (readiness 503)',
    registers: [registry],
    collect() {
      this.set(ctx.lifecycle.draining ? 1 : 0);
    },
  });
  return registry;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function metricsRoutes(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.requests.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const token = app.ctx.config.metricsToken;
  if (!token) return;
  const own = appRegistry(app);
  app.get('/metrics', async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('The metrics need the METRICS_TOKEN as a bearer token.\n');
    }
    const registry = Registry.merge([shared, own]);
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });
}
