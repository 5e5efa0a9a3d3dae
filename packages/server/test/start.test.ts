/**
 * The start command: main starts its embedded PostgreSQL 15 in DATA_DIR, listens, seeds demo data,
 * prints the URL and the sign-in, answers curl — and starts again after being SIGKILLed.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { alive } from '../src/db/embedded.js';
import { EMBEDDED_DATABASE } from '../src/db/index.js';
import { startMain } from './support/process.js';

const postmasterPid = (dataDir: string) => Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

describe('main', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-main-'));
  chmodSync(dataDir, 0o755); // a folder the postgres user can enter when the tests run as root
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', PORTAL_DIR: dataDir, NODE_ENV: 'development' };

  it('starts on an empty data folder with the embedded PostgreSQL 15, prints the URL and the demo sign-in, and serves the API', async () => {
    // A data folder from the days of PGlite: its data is not read, and the server says so.
    mkdirSync(join(dataDir, 'pglite'));
    const main = await startMain({ ...env, LOG_LEVEL: 'info' });
    try {
      expect(main.output).toMatch(/Partner Panel is running at http:\/\/localhost:\d+\n/);
      expect(main.url).not.toMatch(/:0$/);
      expect(main.output).toContain(`Database: PostgreSQL 15, embedded, in ${join(dataDir, 'postgres')}`);
      expect(main.output).toContain('Demo data was created');
      expect(main.output).toContain(`${join(dataDir, 'pglite')} holds an earlier embedded database (PGlite) that is no longer read`);
      expect(main.output).toContain('reseller@demo.partner-panel.test');
      expect(main.output).toContain('DemoPass2026!');
      expect(main.output).toContain(`${main.url}/dev/mail`);
      expect(main.output).toMatch(/Realtime \(Pusher protocol\): ws:\/\/127\.0\.0\.1:\d+/);
      const res = await fetch(`${main.url}/api/csrf`);
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
      // Its log line reaches standard output within a moment, though the log is written in blocks
      // of 4 kB and far less than that was logged (src/ops/log-destination.ts).
      await expect.poll(() => main.output, { timeout: 2_000, interval: 100 }).toMatch(/"route":"\/api\/csrf"/);
      // The data is in a real PostgreSQL 15, reached over its socket only (no TCP port).
      const client = new pg.Client({ host: join(dataDir, 'postgres'), user: 'postgres', database: EMBEDDED_DATABASE });
      await client.connect();
      const [row] = (await client.query<{ v: string; listen: string; n: number }>(
        `select current_setting('server_version_num') as v, current_setting('listen_addresses') as listen, (select count(*)::int from resellers) as n`,
      )).rows;
      await client.end();
      expect(row?.v).toMatch(/^15\d{4}$/);
      expect(row?.listen).toBe('');
      expect(row?.n).toBeGreaterThan(0);
    } finally {
      await main.stop();
    }
    expect(main.exitCode === 0 || main.signal === 'SIGTERM').toBe(true);
  }, 120_000);

  it('stops its PostgreSQL when it is SIGKILLed, and the next start works on the same data', async () => {
    const first = await startMain(env);
    const postmaster = postmasterPid(dataDir);
    expect(alive(postmaster)).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    // Nothing can run in a SIGKILLed process: its supervisor stops the database once the server is gone.
    await expect.poll(() => alive(postmaster), { timeout: 10_000 }).toBe(false);

    const second = await startMain(env);
    try {
      // The demo data of the first start is still there: it is not created again.
      expect(second.output).toContain('Demo sign-ins (created on the first start)');
      expect((await fetch(`${second.url}/api/csrf`)).status).toBe(200);
    } finally {
      await second.stop();
    }
    // A clean stop leaves no lock behind.
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('starts at once after a SIGKILL, while the previous database is still shutting down, and says where the time went with --verbose', async () => {
    const first = await startMain(env);
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await startMain(env, 60_000, ['--verbose']);
    try {
      expect((await fetch(`${second.url}/api/csrf`)).status).toBe(200);
      const report = /Start-up took (\d+) ms, after \d+ ms loading the code:\n((?: +\d+ ms {2}.+\n)+)/.exec(second.output);
      expect(report, second.output).not.toBeNull();
      for (const phase of ['embedded PostgreSQL started (crash recovery included)', 'migrations checked', 'demo data checked', 'listening']) expect(report?.[2]).toContain(phase);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
