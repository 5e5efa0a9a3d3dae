/**
 * Migration 0026 (member_spending) on a database of the version before it: what each member had
 * debited from a wallet, per UTC day, becomes their running total, so a member who had spent
 * today keeps that spending against their daily limit after the upgrade. Credits and the system's
 * own movements (no person) count for no one.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { databaseAt, openedAsServer } from './support/migrations.js';
import { query } from './support/sql.js';

const SHOP = 5151;
const OWNER = 5151;
const OPS = 5152;
const PASSWORD = 'Ops!Password1';

const old = await databaseAt('0025_notification_states');
await old.client.query(
  `insert into resellers (id, email, name, custom_url, client_id, verified_at, balance_cents)
   values ($1, 'spending-shop@example.com', 'Spending Shop', 'spending-shop', 'SPND-0001-0001', now(), 999300)`,
  [SHOP],
);
await old.client.query(
  `insert into people (id, email, name, password_hash, verified_at) values
     ($1, 'spending-shop@example.com', 'Owner', $3, now()), ($2, 'spending-ops@example.com', 'Ops', $3, now())`,
  [OWNER, OPS, await hashPassword(PASSWORD)],
);
await old.client.query(`insert into memberships (reseller_id, person_id, role, daily_limit_cents) values ($1, $2, 'owner', null), ($1, $3, 'operations', 10000)`, [SHOP, OWNER, OPS]);
// A $10 000 deposit; yesterday the member spent $30; today they spent $45 and were credited $100
// back, the system moved $20 with no person, and the Owner spent $12. The rows chain to the balance.
const ledger: [number | null, number, string][] = [
  [null, 1000000, "now() - interval '2 days'"],
  [OPS, -3000, "now() - interval '1 day'"],
  [OPS, -4500, "now()"],
  [OPS, 10000, "now()"],
  [null, -2000, "now()"],
  [OWNER, -1200, "now()"],
];
let balance = 0;
for (const [person, cents, at] of ledger) {
  balance += cents;
  await old.client.query(
    `insert into wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, description, person_id, created_at)
     values ($1, $2, $3, $4, 'before the upgrade', $5, ${at})`,
    [SHOP, cents, balance, cents < 0 ? 'coupon_purchase' : 'admin_credit', person],
  );
}

const t = await openedAsServer(old);

describe('migration 0026 on a wallet that members spent from', () => {
  it('makes each person’s debits of each UTC day their running total', async () => {
    const totals = await query<{ person: number; today: boolean; cents: number }>(
      t,
      sql`select person_id as person, day = (now() at time zone 'UTC')::date as today, spent_cents::int as cents from member_spending where reseller_id = ${SHOP} order by person_id, day`,
    );
    expect(totals).toEqual([
      { person: OWNER, today: true, cents: 1200 },
      { person: OPS, today: false, cents: 3000 },
      { person: OPS, today: true, cents: 4500 },
    ]);
  });

  it('holds the member to their limit with what they spent before the upgrade: $45 + $45 fit in $100, a third does not', async () => {
    const ops = await t.signIn('spending-ops@example.com', PASSWORD);
    const generate = () => ops.api.generateCoupons({ quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'MIG' });
    await generate();
    await expect(generate()).rejects.toMatchObject({ httpStatus: 402, code: 'rspf-wallet-4023' });
    expect(await query(t, sql`select spent_cents::int as cents from member_spending where person_id = ${OPS} and day = (now() at time zone 'UTC')::date`)).toEqual([{ cents: 9000 }]);
  });
});
