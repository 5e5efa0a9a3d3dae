/** Test data written straight to the database, for screens whose own features come later. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { NoticeText } from '@partner-panel/sdk';
import { transact } from '../../../server/src/db/unit.js';

/** Coupons and VPN accounts for one reseller, so the dashboard has numbers that are not all zero. */
export async function seedActivity(app: FastifyInstance, resellerId: number) {
  const { db } = app.ctx;
  const soon = new Date(Date.now() + 300 * 24 * 3600_000);
  const old = new Date(Date.now() - 48 * 3600_000);
  // The counters the dashboard reads move with the rows, as generation and redemption move them.
  await db.execute(sql`update resellers set coupons_total = coupons_total + 4, coupons_redeemed = coupons_redeemed + 2 where id = ${resellerId}`);
  await db.execute(sql`insert into coupon_batches (reseller_id, product_id, quantity, unit_price_cents, total_cents) values (${resellerId}, 101, 5, 500, 2500)`);
  const [batch] = ((await db.execute(sql`select max(id) as id from coupon_batches`)) as unknown as { rows: { id: number }[] }).rows;
  const code = (n: number) => `E2E${resellerId}X${n}`;
  await db.execute(sql`insert into coupons (reseller_id, batch_id, code, product_id, billing_type, cycle, price_cents, created_at, expires_at, redeemed_at) values
    (${resellerId}, ${batch?.id}, ${code(1)}, 101, 1, 'monthly', 500, now(), ${soon}, null),
    (${resellerId}, ${batch?.id}, ${code(2)}, 101, 1, 'monthly', 500, now(), ${soon}, now()),
    (${resellerId}, ${batch?.id}, ${code(3)}, 101, 1, 'monthly', 500, ${old}, ${soon}, ${old}),
    (${resellerId}, ${batch?.id}, ${code(4)}, 101, 1, 'monthly', 500, ${old}, ${soon}, null)`);
  await db.execute(sql`insert into vpn_accounts (reseller_id, username, password_hash, email, product_id, billing_type, cycle, hosting_status, source, start_at, end_at, created_at) values
    (${resellerId}, ${`e2e${resellerId}a`}, 'x', 'a@b.co', 101, 1, 'monthly', 'active', 'portal', now(), ${soon}, now()),
    (${resellerId}, ${`e2e${resellerId}b`}, 'x', 'a@b.co', 101, 1, 'monthly', 'active', 'portal', ${old}, ${soon}, ${old})`);
}

/** Credits a wallet as a deposit would: the balance, its ledger row, and the balance event. */
export async function credit(app: FastifyInstance, resellerId: number, cents: number) {
  await transact(app.ctx, async (unit) => {
    const [row] = ((await unit.tx.execute(
      sql`update resellers set balance_cents = balance_cents + ${cents} where id = ${resellerId} returning balance_cents`,
    )) as unknown as { rows: { balance_cents: number }[] }).rows;
    await unit.tx.execute(sql`insert into wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, description)
      values (${resellerId}, ${cents}, ${row?.balance_cents}, 'deposit', 'Test deposit')`);
    app.ctx.notifier.balanceChanged(unit, resellerId, Number(row?.balance_cents));
  });
}

/** A notification, as a domain change would create it (a marker text of the test's, not one of the contract's notices). */
export async function notify(app: FastifyInstance, resellerId: number, message: string, redirect: string | null = 'profile') {
  await transact(app.ctx, (unit) => app.ctx.notifier.notify(unit, resellerId, { type: 'coupons_generated', message: message as NoticeText, redirect }));
}
