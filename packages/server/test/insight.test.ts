/**
 * The dashboard over time, on a clock the test moves across days: spend, coupons generated,
 * redeemed and deleted, active subscriptions and the redemption rate, exactly as the ledger and
 * the coupons say; the ranges; an admin's users ranked; nobody reads another's figures.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manualClock, testApp } from './support/app.js';
import { fundedReseller, query } from './support/sql.js';

const clock = manualClock(new Date('2026-03-01T09:00:00Z'));
const t = await testApp({ clock, env: { SESSION_TTL_HOURS: '2160', RATE_LIMIT_REDEEM_PER_IP: '10000', RATE_LIMIT_REDEEM_PER_PREFIX: '10000' } });

const PASSWORD = 'Redeem!Pass2026';
const redeem = (coupon: string, email: string) =>
  t.post('/api/redeem', { name: 'Ada Lovelace', email, password: PASSWORD, password_confirmation: PASSWORD, coupon, addon_id: '', token: '' });
const annual = { billing_cycle: 'annually', product_id: 104, addon_type: '', billing_type: 1, prefix: 'INS' } as const;
const zero = (date: string, active = 0, rate: number | null = null) => ({ date, spend: 0, coupons_generated: 0, coupons_redeemed: 0, coupons_deleted: 0, active_subscriptions: active, redemption_rate: rate });

// An admin of its own, with two users.
const boss = await fundedReseller(t, 'insight-admin@example.com', 0);
await t.database.db.execute(sql`update resellers set is_admin = true where id = ${boss.id}`);
const admin = await t.signIn('insight-admin@example.com', 'Funded!Password1');
const seller = await fundedReseller(t, 'insight-seller@example.com', 100_000, { parentId: boss.id });
const quiet = await fundedReseller(t, 'insight-quiet@example.com', 100_000, { parentId: boss.id });

describe('dashboard over time (ours, beside 000 §2)', () => {
  it('counts each day exactly: spend net of refunds, coupons generated, redeemed and deleted, active subscriptions, redemption rate', async () => {
    // Day 1 (1 March): four annual coupons.
    const first = await seller.api.generateCoupons({ ...annual, quantity: 4 });
    // Day 2: two more, one of the first redeemed, and a VPN account bought directly.
    clock.set(new Date('2026-03-02T23:30:00Z'));
    const second = await seller.api.generateCoupons({ ...annual, quantity: 2 });
    expect((await redeem(first.codes[0] as string, 'one@example.com')).status).toBe(200);
    const bought = await seller.api.createVpnAccount({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: 'direct@example.com', addon_id: '' });
    const [direct] = await query<{ amount_cents: string }>(t, sql`select amount_cents from wallet_ledger where reseller_id = ${seller.id} and kind = 'vpn_purchase'`);
    const directCents = -Number(direct?.amount_cents);
    expect(bought.account.vpn_username).toBeTruthy();
    // Day 3: one unredeemed coupon deleted (refunded), another redeemed.
    clock.set(new Date('2026-03-03T00:10:00Z'));
    const [row] = await query<{ id: number }>(t, sql`select id from coupons where code = ${first.codes[1]}`);
    const refunded = await seller.api.deleteCoupon({ couponID: Number(row?.id) });
    expect((await redeem(second.codes[0] as string, 'two@example.com')).status).toBe(200);

    const cents = (usd: number) => Math.round(usd * 100);
    const unit = cents(first.amount) / 4;
    const week = await seller.api.dashboardSeries({ range: '7d' });
    expect(week.range).toBe('7d');
    expect(week.bucket).toBe('day');
    expect(week.points).toEqual([
      zero('2026-02-25'),
      zero('2026-02-26'),
      zero('2026-02-27'),
      zero('2026-02-28'),
      { date: '2026-03-01', spend: first.amount, coupons_generated: 4, coupons_redeemed: 0, coupons_deleted: 0, active_subscriptions: 0, redemption_rate: 0 },
      { date: '2026-03-02', spend: (cents(second.amount) + directCents) / 100, coupons_generated: 2, coupons_redeemed: 1, coupons_deleted: 0, active_subscriptions: 2, redemption_rate: Math.round((1 / 6) * 10_000) / 10_000 },
      { date: '2026-03-03', spend: -refunded.refunded, coupons_generated: 0, coupons_redeemed: 1, coupons_deleted: 1, active_subscriptions: 3, redemption_rate: 0.4 },
    ]);
    expect(refunded.refunded * 100).toBe(unit);
    expect(week.totals).toEqual({ spend: (cents(first.amount) + cents(second.amount) + directCents - unit) / 100, coupons_generated: 6, coupons_redeemed: 2, coupons_deleted: 1 });

    // The figures equal the ledger's and the coupons' own sums.
    const [ledgerSum] = await query<{ s: string }>(t, sql`select -sum(amount_cents) as s from wallet_ledger where reseller_id = ${seller.id} and kind in ('coupon_purchase', 'coupon_refund', 'vpn_purchase')`);
    expect(cents(week.totals.spend)).toBe(Number(ledgerSum?.s));

    // Five weeks on: the monthly account has ended, the annual ones run on; the older days are the baseline.
    clock.set(new Date('2026-04-06T12:00:00Z'));
    const month = await seller.api.dashboardSeries({ range: '30d' });
    expect(month.points).toHaveLength(30);
    expect(month.points[0]).toEqual(zero('2026-03-08', 3, 0.4));
    expect(month.points.find((p) => p.date === '2026-04-02')).toEqual(zero('2026-04-02', 2, 0.4));
    expect(month.totals).toEqual({ spend: 0, coupons_generated: 0, coupons_redeemed: 0, coupons_deleted: 0 });
    expect((await seller.api.dashboardSeries({ range: '90d' })).points).toHaveLength(90);

    // Twelve months, by month: March holds all of it.
    const year = await seller.api.dashboardSeries({ range: '12m' });
    expect(year.bucket).toBe('month');
    expect(year.points.map((p) => p.date)).toEqual([
      '2025-05-01', '2025-06-01', '2025-07-01', '2025-08-01', '2025-09-01', '2025-10-01',
      '2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01',
    ]);
    expect(year.points[10]).toEqual({ date: '2026-03-01', spend: week.totals.spend, coupons_generated: 6, coupons_redeemed: 2, coupons_deleted: 1, active_subscriptions: 3, redemption_rate: 0.4 });
    expect(year.points[11]).toMatchObject({ spend: 0, active_subscriptions: 2 });

    // The default range is 7 days; an unknown one is refused with its sentence.
    expect((await seller.api.dashboardSeries({})).points).toHaveLength(7);
    for (const bad of ['1y', '', '7D', '7d&range=30d']) {
      const res = await t.get(`/api/v1/dashboard/series?range=${bad}`, seller.token);
      expect(res.status).toBe(422);
      expect(res.json.header.message).toBe('Please choose a range: 7 days, 30 days, 90 days or 12 months.');
    }
  });

  it("ranks an admin's users by spend, then coupons; only its own users, and only for an admin", async () => {
    clock.set(new Date('2026-04-07T10:00:00Z'));
    await quiet.api.generateCoupons({ ...annual, quantity: 1 });
    const ranked = await admin.api.subResellerRanking({ range: '90d' });
    expect(ranked.range).toBe('90d');
    const seller90 = await seller.api.dashboardSeries({ range: '90d' });
    const quiet90 = await quiet.api.dashboardSeries({ range: '90d' });
    expect(ranked.rows).toEqual([
      { id: seller.id, name: 'insight-seller', email: 'insight-seller@example.com', spend: seller90.totals.spend, coupons_generated: 6, coupons_redeemed: 2 },
      { id: quiet.id, name: 'insight-quiet', email: 'insight-quiet@example.com', spend: quiet90.totals.spend, coupons_generated: 1, coupons_redeemed: 0 },
    ]);
    // A week back, only today's coupon counts; the busy seller follows with zeros.
    const week = await admin.api.subResellerRanking({ range: '7d' });
    expect(week.rows.map((r) => [r.id, r.coupons_generated])).toEqual([
      [quiet.id, 1],
      [seller.id, 0],
    ]);
    // Not an admin: refused. Another admin sees none of these users, nor their days.
    const refused = await t.get('/api/v1/dashboard/users?range=7d', seller.token);
    expect(refused.status).toBe(403);
    const demoAdmin = await t.signIn('admin@demo.partner-panel.test');
    expect((await demoAdmin.api.subResellerRanking({ range: '90d' })).rows.map((r) => r.id)).not.toContain(seller.id);
    const other = await demoAdmin.api.dashboardSeries({ range: '90d' });
    expect(other.totals.coupons_generated).toBe(0);
  });
});
