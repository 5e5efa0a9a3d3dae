/** What every benchmark shares: a real server on a fresh database, listening on loopback. */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Env } from '../src/config.js';
import { seedDemo } from '../src/modules/demo/seed.js';

export interface Bench {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/**
 * Production mode, as the product runs; it needs SMTP, though no bench sends mail. No renewal runs:
 * the figures are the calls', and a run charging a measured wallet would spoil its exactness check.
 */
export const PRODUCTION: Env = { NODE_ENV: 'production', LOG_LEVEL: 'warn', MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:9', RENEWALS_INTERVAL_SECONDS: '0' };

/** A data folder for one bench; as root, the postgres user must be able to enter it (mkdtemp makes 0700). */
export function benchDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pp-bench-'));
  chmodSync(dir, 0o755);
  return dir;
}

export async function startServer(env: Env = {}): Promise<Bench> {
  const dataDir = benchDataDir();
  const config = loadConfig({
    ...PRODUCTION,
    DATA_DIR: dataDir,
    PORT: '0',
    RATE_LIMIT_LOGIN_PER_IP: '1000000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000000',
    ...env,
  });
  const app = await buildApp(config);
  await seedDemo(app.ctx.db);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: address,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ duration: 5, connections: 10, ...options });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export const row = (label: string, value: string) => console.log(`  ${label.padEnd(52)} ${value}`);
