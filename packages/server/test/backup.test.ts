/**
 * `pnpm backup` / `pnpm restore` on the embedded database: a backup taken while the server runs and
 * takes money, then more changes, then a restore — the data is the backup's, and every balance is
 * still the sum of its ledger.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@partner-panel/sdk';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE, openPostgres, rows } from '../src/db/index.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { expectLedgerBalanced } from './support/db.js';
import { startMain, type MainProcess } from './support/process.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** `pnpm backup …` / `pnpm restore …` as typed in the repository's root. */
async function pnpm(args: string[], env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  // Not spawnSync: the load of the test must keep running while the backup is taken.
  const child = spawn('pnpm', ['--silent', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { status, output };
}

/** The books of the running server's embedded database. */
async function books(main: MainProcess, dataDir: string) {
  const socket = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[4]?.trim() as string;
  expect(main.exitCode).toBeNull();
  const database = await openPostgres(`postgres://postgres@localhost/${EMBEDDED_DATABASE}?host=${encodeURIComponent(socket)}`, 2);
  try {
    await expectLedgerBalanced(database);
    const [row] = await rows<{ coupons: number; ledger: number; balance: number }>(
      database.db,
      sql`select (select count(*)::int from coupons) as coupons, (select count(*)::int from wallet_ledger) as ledger,
                 (select balance_cents from resellers where email = 'reseller@demo.partner-panel.test') as balance`,
    );
    return row;
  } finally {
    await database.close();
  }
}

describe('pnpm backup and pnpm restore', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-backup-'));
  chmodSync(dataDir, 0o755);
  const file = join(dataDir, 'panel.dump');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', PORTAL_DIR: dataDir, NODE_ENV: 'development' };

  it('backs up while the server runs and restores the data with the ledger equal to the balances', async () => {
    const first = await startMain(env);
    let saved: Awaited<ReturnType<typeof books>>;
    try {
      const user = await createClient({ baseUrl: first.url, log: () => undefined }).login({ email: 'reseller@demo.partner-panel.test', password: DEMO_PASSWORD });
      const api = createClient({ baseUrl: first.url, getToken: () => user.access_token, log: () => undefined });
      const generate = () => api.generateCoupons({ quantity: 1, billing_cycle: 'annually', product_id: 104, addon_type: '', billing_type: 1, prefix: 'BAK' });
      await generate();
      // Generations keep running while the backup is taken: it must still be one consistent moment.
      let busy = true;
      let during = 0;
      const load = (async () => {
        while (busy) {
          await generate();
          during++;
          // Pacing: a steady trickle of generations beside the backup, not a flood of the machine.
          await new Promise((r) => setTimeout(r, 150));
        }
      })();
      const backedUp = await pnpm(['backup', file], env);
      busy = false;
      await load;
      expect(during).toBeGreaterThan(0);
      expect(backedUp.output).toContain(`Backed up the database to ${file}. Restore it with: pnpm restore ${file}`);
      expect(backedUp.status).toBe(0);
      expect(existsSync(file)).toBe(true);
      saved = await books(first, dataDir);
      await generate();
    } finally {
      await first.stop();
    }

    const restored = await pnpm(['restore', file], env);
    expect(restored.output).toContain(`Restored the database from ${file}.`);
    expect(restored.status).toBe(0);

    const second = await startMain(env);
    try {
      const now = await books(second, dataDir);
      // What was generated after the backup is gone (the generation after `saved` at least: those
      // during the backup are gone too when they came after its snapshot, which depends on timing);
      // what was before is there, and the books balance.
      expect(now?.coupons).toBeLessThanOrEqual(saved?.coupons ?? 0);
      expect(now?.coupons).toBeGreaterThanOrEqual(2);
      expect(now?.ledger).toBeLessThanOrEqual(saved?.ledger ?? 0);
      expect(now?.balance).toBeGreaterThanOrEqual(saved?.balance ?? 0);
    } finally {
      await second.stop();
    }
  }, 180_000);

  it('says in one sentence that a backup file is missing', async () => {
    const missing = join(dataDir, 'nothing.dump');
    const result = await pnpm(['restore', missing], env);
    expect(result.status).not.toBe(0);
    expect(result.output.trim().split('\n').at(-1)).toBe(`There is no backup at ${missing}.`);
  });
});
