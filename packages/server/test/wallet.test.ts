/**
 * The wallet under contention: 200 generate calls at once on a wallet that affords 50. Exactly 50
 * succeed, and the balance is the start minus the ledger's debits. The calls really run in parallel
 * (a pool of 20 connections). And one rule for every movement: a single debit or credit and a
 * grouped charge all go through PostgreSQL's `wallet_move`, the only writer of a balance and its ledger.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applyDatabaseCode, databaseCodeFiles } from '../src/db/code.js';
import { transact } from '../src/db/unit.js';
import { credit } from '../src/modules/wallet/service.js';
import { testApp } from './support/app.js';
import { statementsOf } from './support/db-code.js';
import { balanceCents, fundedReseller, ledger, query } from './support/sql.js';

const t = await testApp({ poolSize: 20 });
const UNIT = 4_500; // a recurring biennial coupon
const start = 50 * UNIT + 4_499;

describe('concurrent spending', () => {
  it('lets exactly 50 of 200 concurrent generations through on a wallet that affords 50', async () => {
    const buyer = await fundedReseller(t, 'contended@example.com', start);
    const calls = Array.from({ length: 200 }, () =>
      buyer.api.generateCoupons({ quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'RACE' }),
    );
    const results = await Promise.allSettled(calls);
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const r of refused) expect(r.reason).toMatchObject({ httpStatus: 402, code: 'rspf-wallet-4021' });

    const rows = await ledger(t, buyer.id);
    const debits = rows.filter((r) => r.kind === 'coupon_purchase');
    expect(debits).toHaveLength(50);
    const balance = await balanceCents(t, buyer.id);
    expect(balance).toBe(start + debits.reduce((sum, r) => sum + Number(r.amount_cents), 0));
    expect(balance).toBe(4_499);
    // Every ledger row's balance_after is a real point in the wallet's history, none below zero.
    expect(new Set(rows.map((r) => Number(r.balance_after_cents))).size).toBe(rows.length);
    expect(rows.every((r) => Number(r.balance_after_cents) >= 0)).toBe(true);
    const [counts] = await query<{ coupons: number; batches: number; counter: number }>(
      t,
      sql`select (select count(*)::int from coupons where reseller_id = ${buyer.id}) as coupons,
                 (select count(*)::int from coupon_batches where reseller_id = ${buyer.id}) as batches,
                 (select coupons_total from resellers where id = ${buyer.id}) as counter`,
    );
    expect(counts).toEqual({ coupons: 50, batches: 50, counter: 50 });
  }, 120_000);

  it('lets exactly the affordable VPN account purchases through, among generations on the same wallet, with nothing of a refused one written', async () => {
    const buyer = await fundedReseller(t, 'contended-vpn@example.com', 0);
    const probe = await fundedReseller(t, 'contended-probe@example.com', 1_000_000);
    const bought = await probe.api.createVpnAccount({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: 'probe@example.com', addon_id: '' });
    const price = Math.round(bought.amount * 100);
    // Ten accounts' and ten coupons' worth, less a cent: about 20 of the 80 calls can be paid, depending on the order.
    const funds = 10 * price + 10 * UNIT - 1;
    await t.database.db.execute(sql`update resellers set balance_cents = ${funds} where id = ${buyer.id}`);
    await t.database.db.execute(sql`insert into wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, description) values (${buyer.id}, ${funds}, ${funds}, 'deposit', 'Test funds')`);
    const calls = [
      ...Array.from({ length: 40 }, (_, i) =>
        buyer.api.createVpnAccount({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: `race${i}@example.com`, addon_id: '' }),
      ),
      ...Array.from({ length: 40 }, () =>
        buyer.api.generateCoupons({ quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'MIX' }),
      ),
    ];
    const results = await Promise.allSettled(calls);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const r of refused) expect(r.reason).toMatchObject({ httpStatus: 402, code: 'rspf-wallet-4021' });
    const rows = await ledger(t, buyer.id);
    const balance = await balanceCents(t, buyer.id);
    expect(balance).toBe(rows.reduce((sum, r) => sum + Number(r.amount_cents), 0));
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBeLessThan(Math.min(price, UNIT));
    const [counts = { accounts: -1, coupons: -1, purchases: 0, batches: 0 }] = await query<{ accounts: number; coupons: number; purchases: number; batches: number }>(
      t,
      sql`select (select count(*)::int from vpn_accounts where reseller_id = ${buyer.id}) as accounts,
                 (select count(*)::int from coupons where reseller_id = ${buyer.id}) as coupons,
                 (select count(*)::int from wallet_ledger where reseller_id = ${buyer.id} and kind = 'vpn_purchase') as purchases,
                 (select count(*)::int from coupon_batches where reseller_id = ${buyer.id}) as batches`,
    );
    expect(counts.accounts).toBe(counts.purchases);
    expect(counts.coupons).toBe(counts.batches);
    expect(counts.accounts * price + counts.coupons * UNIT).toBe(funds - balance);
    expect(results.length - refused.length).toBe(counts.accounts + counts.coupons);
  }, 120_000);
});

describe('one rule for every movement', () => {
  it('is wallet_move for a single debit, a credit and a grouped charge alike: a rule changed there changes all three', async () => {
    const admin = await t.signIn('admin@demo.partner-panel.test');
    const user = await fundedReseller(t, 'one-rule@example.com', 100_000);
    await t.database.db.execute(sql`update resellers set parent_id = ${admin.user.id} where id = ${user.id}`);
    const generate = () => user.api.generateCoupons({ quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: '' });
    const adjust = (type: 'credit' | 'debit') => t.post('/api/v1/resellers/update/user/balance', { user_reseller_id: user.id, type, amount: 1, reason: 'One rule' }, admin.token);
    // The database's rule, edited to refuse every debit: each road of money must meet it.
    const [file] = databaseCodeFiles().filter((f) => f.name === 'wallet.sql');
    const move = statementsOf(file?.text ?? '').find((s) => s.includes('FUNCTION public.wallet_move('));
    expect(move).toContain('ELSIF v_amount >= 0 OR v_balance + v_amount >= -v_limit THEN');
    await t.database.db.execute(sql.raw((move ?? '').replace('ELSIF v_amount >= 0 OR v_balance + v_amount >= -v_limit THEN', 'ELSIF v_amount >= 0 THEN')));
    try {
      const before = await balanceCents(t, user.id);
      await expect(generate()).rejects.toMatchObject({ httpStatus: 402, code: 'rspf-wallet-4021' });
      expect((await adjust('debit')).json.header.status).toBe('error');
      // A credit still passes, through the same function.
      await transact(t.app.ctx, (unit) => credit(t.app.ctx, unit, { resellerId: user.id, amountCents: 100, kind: 'admin_credit', reference: 'one-rule', description: 'One rule' }));
      expect(await balanceCents(t, user.id)).toBe(before + 100);
      expect((await ledger(t, user.id)).at(-1)).toMatchObject({ amount_cents: 100, balance_after_cents: before + 100, kind: 'admin_credit' });
    } finally {
      const client = await t.database.pool?.connect();
      if (client) {
        try {
          await applyDatabaseCode(client);
        } finally {
          client.release();
        }
      }
    }
    const before = await balanceCents(t, user.id);
    await generate();
    expect((await adjust('debit')).json.header.status).not.toBe('error');
    expect(await balanceCents(t, user.id)).toBe(before - UNIT - 100);
  });

  it('leaves no other writer of a balance or of the ledger, in the server or in the database code', () => {
    const src = fileURLToPath(new URL('../src', import.meta.url));
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
    const writers = files(src)
      .filter((path) => !path.includes(`${join('db', 'schema')}`))
      .filter((path) => {
        const text = readFileSync(path, 'utf8');
        return (
          /insert\s+into\s+wallet_ledger/i.test(text) ||
          /\.insert\(walletLedger\)/.test(text) ||
          /update\s+resellers\s+set[^`;]*\bbalance_cents\s*=/i.test(text) ||
          /\.update\(resellers\)\s*\.set\(\{[^}]*\bbalanceCents\b/.test(text)
        );
      })
      .map((path) => relative(src, path));
    expect(writers).toEqual([]);
    const statements = databaseCodeFiles().flatMap((f) => statementsOf(f.text));
    const inSql = statements.filter((s) => /INSERT\s+INTO\s+wallet_ledger/i.test(s) || /\bbalance_cents\s*=/i.test(s));
    expect(inSql.map((s) => /FUNCTION public\.(\w+)\(/.exec(s)?.[1])).toEqual(['wallet_move']);
  });
});
