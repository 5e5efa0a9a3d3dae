/** The real server for browser tests: the built portal, the API, a fresh database with demo data. */
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../../server/src/app.js';
import type { Clock } from '../../../server/src/context.js';
import { loadConfig, type Env } from '../../../server/src/config.js';
import { seedDemo } from '../../../server/src/modules/demo/seed.js';
import { freshDatabase } from '../../../server/test/support/db.js';
import { closeApp } from '../../../server/test/support/teardown.js';
import { closeBrowser } from './browser.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  realtimePort: number;
}

/** `clock`: the server's time, for a test that moves it across days (the server's tests' manualClock). */
export async function startServer(env: Env = {}, options: { clock?: Clock } = {}): Promise<RunningServer> {
  const database = await freshDatabase();
  const config = loadConfig({
    // Port 0 everywhere: the system picks free ports, and /api/settings tells the browser the one it got.
    REALTIME_PORT: '0',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    RATE_LIMIT_SIGNUP_PER_IP: '10000',
    RATE_LIMIT_FORGOT_PER_IP: '10000',
    // No scheduled renewal run: on a test's moved clock it would renew what the test did not ask for.
    RENEWALS_INTERVAL_SECONDS: '0',
    ...env,
  });
  const app = await buildApp(config, { database, logger: false, ...options });
  await seedDemo(database.db);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const realtimePort = (await app.ctx.realtime.server?.listen(0, '127.0.0.1')) ?? 0;
  afterAll(async () => {
    // The browser's own teardown was registered first, so it would run after this one: its pages
    // would keep calling and reconnecting while the server closes.
    await closeBrowser();
    await closeApp(app);
    await database.drop();
  });
  return { app, url: address, realtimePort };
}
