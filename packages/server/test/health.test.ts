/**
 * Health for the proxy: /health/live and /health/ready answer outside the envelope and the rate
 * limits; readiness checks the database, the migrations and the background workers, and turns 503
 * when a shutdown begins. A SIGTERM finishes the requests in hand, closes realtime sockets with
 * 4200 (reconnect at once) and exits 0.
 */
import { request } from 'node:http';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/index.js';
import { testApp } from './support/app.js';
import { startMain } from './support/process.js';
import { rawSocket } from './support/realtime.js';

describe('health endpoints', async () => {
  const t = await testApp();
  const { app } = t;

  it('/health/live answers while the process runs, as plain JSON with its request id and no caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'live' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['request-id']).toMatch(/^req_/);
  });

  it('/health/ready checks the database, the migrations and the workers', async () => {
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { shutdown: 'ok', database: 'ok', migrations: 'ok', workers: 'ok' } });
  });

  it('is never rate limited: a proxy checking every few milliseconds always gets its answer', async () => {
    const statuses = await Promise.all(Array.from({ length: 300 }, () => app.inject({ method: 'GET', url: '/health/ready' }).then((r) => r.statusCode)));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('is not ready while a migration is missing', async () => {
    const [last] = await rows<Record<string, unknown>>(app.ctx.db, sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *`);
    try {
      const res = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', checks: { migrations: expect.stringMatching(/^\d+ of \d+ applied$/) } });
    } finally {
      await app.ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last?.id}, ${last?.hash}, ${last?.created_at})`);
    }
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('is not ready once a shutdown begins, while still live', async () => {
    app.ctx.lifecycle.draining = true;
    try {
      const res = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', checks: { shutdown: 'draining' } });
      expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      app.ctx.lifecycle.draining = false;
    }
  });

  it('is not ready when a background worker stopped (mail deliveries here)', async () => {
    expect(app.ctx.workers.list().map((w) => w.name)).toContain('mail');
    await app.ctx.mail.stop();
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ checks: { workers: 'not running: mail' } });
  });
});

describe('a SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-shutdown-'));
  chmodSync(dataDir, 0o755);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('turns readiness 503, finishes the request in hand, closes realtime sockets with 4200 and exits 0', async () => {
    const main = await startMain({ DATA_DIR: dataDir, DATABASE_URL: '', PORTAL_DIR: dataDir, NODE_ENV: 'development', SHUTDOWN_DRAIN_SECONDS: '1' });
    try {
      const socket = await rawSocket(`ws://127.0.0.1:${main.realtimePort}/app/partner-panel-key?protocol=7`);
      await socket.next('pusher:connection_established');
      expect((await fetch(`${main.url}/health/ready`)).status).toBe(200);

      // A request in hand: its body is half sent when the signal comes. The server's
      // `100 Continue` tells that it has read the request's head: the request is in hand.
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
      let finish = () => {};
      let inHand = () => {};
      const taken = new Promise<void>((resolve) => (inHand = resolve));
      const answer = new Promise<number>((resolve, reject) => {
        const req = request(`${main.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.on('continue', () => {
          req.write(body.slice(0, 10));
          inHand();
        });
        req.flushHeaders();
        finish = () => req.end(body.slice(10));
      });
      await taken;
      main.child.kill('SIGTERM');

      await expect.poll(async () => (await fetch(`${main.url}/health/ready`)).status, { interval: 50 }).toBe(503);
      expect((await fetch(`${main.url}/health/live`)).status).toBe(200);
      // The rest of the body only once the drain is over and the server has stopped accepting.
      await expect.poll(() => fetch(`${main.url}/health/live`).then(() => 'accepting', () => 'refused'), { timeout: 15_000, interval: 50 }).toBe('refused');
      finish();

      const status = await answer;
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(500);
      expect((await socket.closed).code).toBe(4200);
      await main.exited;
      expect(main.exitCode).toBe(0);
    } finally {
      await main.stop();
    }
  }, 120_000);
});
