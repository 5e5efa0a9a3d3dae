/**
 * The SDK README's quick start, verbatim, as a new client developer runs it: the product started
 * with its start command prints the demo reseller's sandbox key; the example from the README runs
 * with Node against it, importing the SDK from the packed tarball a registry would serve.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './support/db.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const sdkDir = fileURLToPath(new URL('../../sdk/', import.meta.url));

/** The code block between the quick-start markers of the SDK README. */
function readmeExample(): string {
  const readme = readFileSync(join(sdkDir, 'README.md'), 'utf8');
  const section = /<!-- quickstart:start -->\s*```js\n([\s\S]*?)```\s*<!-- quickstart:end -->/.exec(readme);
  if (!section?.[1]) throw new Error('the README has no quick-start block');
  return section[1];
}

/** A folder where `@partner-panel/sdk` is the packed package, as `npm install` would leave it. */
function projectWithPackedSdk(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pp-quickstart-'));
  execFileSync('pnpm', ['pack', '--pack-destination', dir], { cwd: sdkDir, stdio: 'pipe' });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('pnpm pack made no tarball');
  const target = join(dir, 'node_modules', '@partner-panel', 'sdk');
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', target, '--strip-components=1']);
  // Its one dependency, as the registry would install it.
  symlinkSync(fileURLToPath(new URL('../../sdk/node_modules/zod', import.meta.url)), join(dir, 'node_modules', 'zod'));
  return dir;
}

describe('the SDK quick start', () => {
  it('creates a sandbox user from the README example, with the key the start command prints', async () => {
    const database = await freshDatabase(1);
    await database.close();
    const dataDir = mkdtempSync(join(tmpdir(), 'pp-qs-data-'));
    const project = projectWithPackedSdk();
    afterAll(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(project, { recursive: true, force: true });
      await database.drop().catch(() => undefined);
    });
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url ?? '', LOG_LEVEL: 'warn', NODE_ENV: 'development', PORTAL_DIR: dataDir, REALTIME_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      const started = Date.now();
      while (!/Sandbox API key of \S+: sk_test_\w+/.test(output) && Date.now() - started < 60_000) {
        if (child.exitCode !== null) throw new Error(output);
        await new Promise((r) => setTimeout(r, 100));
      }
      const key = /Sandbox API key of reseller@demo\.partner-panel\.test: (sk_test_[0-9A-Za-z]{40})/.exec(output)?.[1];
      expect(key, output).toBeDefined();

      writeFileSync(join(project, 'quickstart.mjs'), readmeExample());
      const run = execFileSync(process.execPath, ['quickstart.mjs'], {
        cwd: project,
        env: { PATH: process.env.PATH, PARTNER_PANEL_URL: `http://localhost:${port}`, PARTNER_PANEL_SECRET_KEY: key },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run).toMatch(/^Created first-user-\d+ \(userId 1\d{9}\), status active\.$/m);
      expect(run).toContain('It cost $3; the sandbox balance is now $9997.');
      expect(run).toContain('Searching by e-mail finds 1 user(s).');
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    }
  });
});
