/**
 * The SDK README's quick start, verbatim, as a new client developer runs it: the product started
 * with its start command prints the demo reseller's sandbox key; the example from the README runs
 * with Node against it, importing the SDK from the packed tarball a registry would serve. The same
 * tarball is `require()`d from CommonJS, and the example passes `tsc --strict`.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startMain } from './support/process.js';
import { testApp } from './support/app.js';
import { fundedReseller, query } from './support/sql.js';

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
  // Its dependencies, as the registry would install them.
  const { dependencies } = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const name of Object.keys(dependencies)) {
    symlinkSync(fileURLToPath(new URL(`../../sdk/node_modules/${name}`, import.meta.url)), join(dir, 'node_modules', name));
  }
  return dir;
}

describe('the SDK quick start', () => {
  it('creates a sandbox user from the README example, with the key the start command prints', async () => {
    // A data folder the embedded PostgreSQL's user can enter when the tests run as root.
    const dataDir = mkdtempSync(join(tmpdir(), 'pp-qs-data-'));
    chmodSync(dataDir, 0o755);
    const project = projectWithPackedSdk();
    afterAll(() => {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(project, { recursive: true, force: true });
    });
    const main = await startMain({ DATA_DIR: dataDir, DATABASE_URL: '', PORTAL_DIR: dataDir, NODE_ENV: 'development' }, 120_000);
    try {
      const key = /Sandbox API key of reseller@demo\.partner-panel\.test: (sk_test_[0-9A-Za-z]{40})/.exec(main.output)?.[1];
      expect(key, main.output).toBeDefined();

      writeFileSync(join(project, 'quickstart.mjs'), readmeExample());
      const run = execFileSync(process.execPath, ['quickstart.mjs'], {
        cwd: project,
        env: { PATH: process.env.PATH, PARTNER_PANEL_URL: main.url, PARTNER_PANEL_SECRET_KEY: key },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run).toMatch(/^Created first-user-\d+ \(userId 1\d{9}\), status active\.$/m);
      expect(run).toContain('It cost $3; the sandbox balance is now $9997.');
      expect(run).toContain('Searching by e-mail finds 1 user(s).');
    } finally {
      await main.stop();
    }
  }, 180_000);
});

describe('the packed SDK as a project outside the workspace uses it', () => {
  const project = projectWithPackedSdk();
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('is require()d from CommonJS, the whole SDK and its redeem entry, with working classes', () => {
    writeFileSync(
      join(project, 'check.cjs'),
      `const sdk = require('@partner-panel/sdk');
const redeem = require('@partner-panel/sdk/redeem');
const panel = new sdk.PartnerPanel({ baseUrl: 'https://panel.example.com', secretKey: 'sk_test_x' });
let refused;
try { new sdk.PartnerPanel({ baseUrl: 'panel.example.com', secretKey: 'sk_test_x' }); } catch (e) { refused = e.message; }
console.log(JSON.stringify({
  mode: panel.mode,
  createClient: typeof sdk.createClient,
  apiError: sdk.apiError({ httpStatus: 402, code: 'x', status: 'error', message: 'm' }).name,
  calls: Object.keys(sdk.contract).length,
  redeem: Object.keys(redeem).length > 0,
  refused,
}));
`,
    );
    const out = JSON.parse(execFileSync(process.execPath, ['check.cjs'], { cwd: project, encoding: 'utf8' })) as Record<string, unknown>;
    expect(out).toEqual({
      mode: 'sandbox',
      createClient: 'function',
      apiError: 'InsufficientFundsError',
      calls: expect.any(Number),
      redeem: true,
      refused: "The baseUrl 'panel.example.com' is not an http:// or https:// address: write it with its scheme, e.g. 'https://panel.example.com'.",
    });
    expect(out.calls).toBeGreaterThan(80);
  });

  it("passes tsc --strict: the README's quick start, as TypeScript, against the packed types", () => {
    writeFileSync(join(project, 'quickstart.mts'), readmeExample());
    // Node's types, as `npm install -D @types/node` would add them.
    mkdirSync(join(project, 'node_modules', '@types'), { recursive: true });
    symlinkSync(fileURLToPath(new URL('../node_modules/@types/node', import.meta.url)), join(project, 'node_modules', '@types', 'node'));
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const args = ['--strict', '--noEmit', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--types', 'node', 'quickstart.mts'];
    execFileSync(process.execPath, [tsc, ...args], { cwd: project, encoding: 'utf8' });
    // The same from a CommonJS project's point of view: the require() types resolve too.
    writeFileSync(join(project, 'typed.cts'), "import sdk = require('@partner-panel/sdk');\nconst panel: sdk.PartnerPanel = new sdk.PartnerPanel({ baseUrl: 'https://panel.example.com', secretKey: 'sk_test_x' });\nexport const mode: 'live' | 'sandbox' = panel.mode;\n");
    execFileSync(process.execPath, [tsc, ...args.slice(0, -1), 'typed.cts'], { cwd: project, encoding: 'utf8' });
    // A guard against a hang, not a bound: two cold tsc runs took 73 s with the machine's other work.
  }, 240_000);
});

describe('the curl example of docs/client-developers.md', () => {
  it('creates a sandbox user on a machine with only bash, curl and node (no uuidgen, no jq)', async () => {
    const t = await testApp();
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const reseller = await fundedReseller(t, 'curl-docs@example.com', 0);
    const key = (await reseller.api.generateSecretKey({ mode: 'sandbox' })).SecretKey;

    const docs = readFileSync(fileURLToPath(new URL('../../../docs/client-developers.md', import.meta.url)), 'utf8');
    const block = /```sh\n(KEY=sk_test_…[\s\S]*?)```/.exec(docs)?.[1];
    if (!block) throw new Error('docs/client-developers.md has no curl example');
    const script = block.replace('KEY=sk_test_…', `KEY=${key}`).replaceAll('http://localhost:3000', address);

    // The keys the portal's own calls left (its key generation carries one), not the script's.
    const before = new Set((await query<{ key: string }>(t, sql`select key from idempotency_keys`)).map((k) => k.key));

    // A PATH holding bash, curl and node alone.
    const bin = mkdtempSync(join(tmpdir(), 'pp-plain-'));
    afterAll(() => rmSync(bin, { recursive: true, force: true }));
    for (const [name, path] of [['bash', '/usr/bin/bash'], ['curl', '/usr/bin/curl'], ['node', process.execPath]] as const) symlinkSync(path, join(bin, name));
    // Not execFileSync: the server answering it runs in this process.
    const { stdout: out } = await promisify(execFile)(join(bin, 'bash'), ['-euo', 'pipefail', '-c', script], { env: { PATH: bin }, encoding: 'utf8', timeout: 30_000 });
    const answer = JSON.parse(out) as { header: { code: number; status: string }; body: { username: string } };
    expect(answer.header).toMatchObject({ code: 201, status: 'success' });
    expect(answer.body.username).toBe('second-user');
    // The call went out with a real Idempotency-Key, not an empty header.
    const keys = (await query<{ key: string }>(t, sql`select key from idempotency_keys`)).filter((k) => !before.has(k.key));
    expect(keys.map((k) => k.key)).toEqual([expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)]);
  }, 60_000);
});
