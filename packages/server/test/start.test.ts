/** The start command: main listens, seeds demo data, prints the URL and the sign-in, answers curl. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './support/db.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

describe('main', () => {
  it('starts on an empty database, prints the URL and the demo sign-in, and serves the API', async () => {
    const database = await freshDatabase(1);
    // PGlite runs need the folder; PostgreSQL runs use this file's database.
    await database.close();
    const dataDir = mkdtempSync(join(tmpdir(), 'pp-main-'));
    afterAll(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop().catch(() => undefined);
    });
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: database.url ?? '',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        PORTAL_DIR: dataDir,
        REALTIME_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      const started = Date.now();
      while (!output.includes('Password for every demo account') && Date.now() - started < 60_000) {
        if (child.exitCode !== null) throw new Error(output);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(output).toContain(`Partner Panel is running at http://localhost:${port}`);
      expect(output).toContain('reseller@demo.partner-panel.test');
      expect(output).toContain('DemoPass2026!');
      expect(output).toContain(`http://localhost:${port}/dev/mail`);
      expect(output).toMatch(/Realtime \(Pusher protocol\): ws:\/\/127\.0\.0\.1:\d+/);
      const res = await fetch(`http://127.0.0.1:${port}/api/csrf`);
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    }
    expect(child.exitCode === 0 || child.signalCode === 'SIGTERM').toBe(true);
  }, 120_000);
});
