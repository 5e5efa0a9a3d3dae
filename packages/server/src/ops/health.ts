/**
 * Health for proxies and orchestrators, outside the API envelope and the rate limits:
 * - `GET /health/live`: the process answers (restart it when this fails);
 * - `GET /health/ready`: the database answers, every migration is applied and every background
 *   worker runs; 503 from the moment a shutdown begins, so the proxy sends no new work here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { migrationsFolder, rows } from '../db/index.js';

/** What a process is doing with its life: serving, or draining before it exits. */
export interface Lifecycle {
  draining: boolean;
}

const migrationCount = (): number => (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

type Check = 'ok' | string;

export function healthRoutes(app: FastifyInstance) {
  const expected = migrationCount();
  const noStore = { 'cache-control': 'no-store' };

  app.get('/health/live', async (_request, reply) => reply.headers(noStore).send({ status: 'live' }));

  app.get('/health/ready', async (_request, reply) => {
    const { ctx } = app;
    const checks: Record<'shutdown' | 'database' | 'migrations' | 'workers', Check> = {
      shutdown: ctx.lifecycle.draining ? 'draining' : 'ok',
      database: 'ok',
      migrations: 'ok',
      workers: 'ok',
    };
    try {
      const [row] = await rows<{ applied: number }>(ctx.db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
      const applied = row?.applied ?? 0;
      if (applied < expected) checks.migrations = `${applied} of ${expected} applied`;
    } catch (error) {
      checks.database = `unreachable: ${(error as Error).message}`;
      checks.migrations = 'unknown';
    }
    const stopped = ctx.workers.stopped();
    if (stopped.length > 0) checks.workers = `not running: ${stopped.join(', ')}`;
    const ready = Object.values(checks).every((c) => c === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'not_ready', checks });
  });
}
