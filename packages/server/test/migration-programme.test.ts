/**
 * Migration 0031 (programme_daily) on a database of the version before it: the programme's days are
 * summed from the resellers' folded days already there, so the operator's dashboard shows the
 * history at once, and so is each reseller's last day of spend; the next fold keeps both in step.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foldDaily } from '../src/modules/dashboard/fold.js';
import { databaseAt, openedAsServer } from './support/migrations.js';
import { query } from './support/sql.js';

const old = await databaseAt('0030_white_label_pipeline');
await old.client.query(
  `insert into resellers (id, email, name, custom_url, client_id, verified_at) values
     (6161, 'days-one@example.com', 'Days One', 'days-one', 'DAYS-0001-0001', now()),
     (6162, 'days-two@example.com', 'Days Two', 'days-two', 'DAYS-0002-0002', now())`,
);
// Two resellers' folded days: both spent on the 1st; on the 2nd one spent and the other only had a coupon redeemed.
await old.client.query(
  `insert into reseller_daily (reseller_id, day, spend_cents, coupons_generated, coupons_redeemed, vpn_started, vpn_ended) values
     (6161, '2026-11-01', 300, 1, 0, 1, 0), (6162, '2026-11-01', 4500, 3, 0, 0, 0),
     (6161, '2026-11-02', 800, 2, 1, 0, 1), (6162, '2026-11-02', 0, 0, 1, 0, 0)`,
);

const t = await openedAsServer(old);

const lastSpend = () => query<{ id: number; day: string }>(t, sql`select reseller_id as id, day::text from reseller_last_spend where reseller_id in (6161, 6162) order by reseller_id`);

const days = () =>
  query<{ day: string; spend: number; generated: number; redeemed: number; started: number; ended: number; active: number }>(
    t,
    sql`select day::text, spend_cents::int as spend, coupons_generated as generated, coupons_redeemed as redeemed, vpn_started as started, vpn_ended as ended, active_resellers as active
        from programme_daily where day between '2026-11-01' and '2026-11-02' order by day`,
  );

describe('migration 0031 on a database with folded days', () => {
  it("sums every reseller's day into the programme's, counting who spent", async () => {
    expect(await days()).toEqual([
      { day: '2026-11-01', spend: 4800, generated: 4, redeemed: 0, started: 1, ended: 0, active: 2 },
      { day: '2026-11-02', spend: 800, generated: 2, redeemed: 2, started: 0, ended: 1, active: 1 },
    ]);
    // Each reseller's last day of spend: a day whose spend is above zero.
    expect(await lastSpend()).toEqual([
      { id: 6161, day: '2026-11-02' },
      { id: 6162, day: '2026-11-01' },
    ]);
  });

  it('keeps a day in step when a fold touches it', async () => {
    await query(t, sql`insert into reseller_daily_delta (reseller_id, day, spend_cents, coupons_generated) values (6162, '2026-11-02', 600, 2)`);
    // This fold, or the app's timer's if it came first (folds run one at a time, so either has committed).
    await foldDaily(t.database.db);
    expect((await days())[1]).toEqual({ day: '2026-11-02', spend: 1400, generated: 4, redeemed: 2, started: 0, ended: 1, active: 2 });
    expect((await lastSpend())[1]).toEqual({ id: 6162, day: '2026-11-02' });
  });
});
