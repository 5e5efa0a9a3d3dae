/**
 * The dashboard over time, on a clock the test moves across days: spend, coupons generated,
 * redeemed and deleted, active subscriptions and the redemption rate, exactly as the ledger and
 * the coupons say; the ranges; an admin's users ranked; nobody reads another's figures.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foldDaily } from '../src/modules/dashboard/fold.js';
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

    // Folding the appended rows into their days changes no figure, and a fold moves each row once.
    const appended = await query<{ n: string }>(t, sql`select count(*) as n from reseller_daily_delta where reseller_id = ${seller.id}`);
    expect(Number(appended[0]?.n)).toBeGreaterThan(0);
    const folds = await Promise.all([foldDaily(t.database.db), foldDaily(t.database.db)]);
    expect(folds.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(Number(appended[0]?.n));
    expect(await query(t, sql`select 1 from reseller_daily_delta where reseller_id = ${seller.id}`)).toEqual([]);
    expect(await seller.api.dashboardSeries({ range: '12m' })).toEqual(year);

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

describe('money ahead of time: the forecast and the low-balance warning (ours)', () => {
  const lowBalance = async (who: { api: typeof seller.api }) =>
    (await who.api.notifications({ page: 1 })).data.map((n) => JSON.parse(n.data) as { type: string; message: string }).filter((n) => n.type === 'low_balance');

  it('warns once per crossing, by one notification and one e-mail, not once per charge', async () => {
    clock.set(new Date('2026-05-01T10:00:00Z'));
    const buyer = await fundedReseller(t, 'insight-buyer@example.com', 50_000);
    const one = await buyer.api.generateCoupons({ ...annual, quantity: 1 });
    const unit = Math.round(one.amount * 100);
    const balance = 50_000 - unit;
    // The line sits just under two more charges: the third crosses it.
    const line = balance - 2 * unit - 1;
    const set = await buyer.api.setLowBalanceThreshold({ threshold: line / 100 });
    expect(set.low_balance_threshold).toBe(line / 100);
    await buyer.api.generateCoupons({ ...annual, quantity: 1 });
    await buyer.api.generateCoupons({ ...annual, quantity: 1 });
    expect(await lowBalance(buyer)).toEqual([]);
    const crossing = await buyer.api.generateCoupons({ ...annual, quantity: 1 });
    await buyer.api.generateCoupons({ ...annual, quantity: 1 }); // still under: nothing more
    const left = (balance - 3 * unit) / 100;
    const sentence = `Your balance (${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(left)}) fell below the ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(line / 100)} you set. Add funds to keep generating coupons and renewing VPN accounts.`;
    expect(await lowBalance(buyer)).toEqual([expect.objectContaining({ message: sentence })]);
    expect(crossing.balance).toBe(left);
    const mails = (await t.mails('insight-buyer@example.com')).filter((m) => m.kind === 'low_balance');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(sentence);

    // Money back above the line re-arms it: the next crossing warns once more.
    const [c1, c2] = await query<{ id: number }>(t, sql`select id from coupons where reseller_id = ${buyer.id} order by id desc limit 2`);
    await buyer.api.deleteCoupon({ couponID: Number(c1?.id) });
    await buyer.api.deleteCoupon({ couponID: Number(c2?.id) });
    expect(await lowBalance(buyer)).toHaveLength(1);
    await buyer.api.generateCoupons({ ...annual, quantity: 2 });
    expect(await lowBalance(buyer)).toHaveLength(2);
    expect((await t.mails('insight-buyer@example.com')).filter((m) => m.kind === 'low_balance')).toHaveLength(2);

    // Turned off: no more warnings.
    expect((await buyer.api.setLowBalanceThreshold({ threshold: '' })).low_balance_threshold).toBeNull();
    await buyer.api.deleteCoupon({ couponID: Number((await query<{ id: number }>(t, sql`select id from coupons where reseller_id = ${buyer.id} and deleted_at is null order by id desc limit 1`))[0]?.id) });
    await buyer.api.generateCoupons({ ...annual, quantity: 1 });
    expect(await lowBalance(buyer)).toHaveLength(2);
  });

  it('refuses a line that is not an amount, and unknown fields, with its sentence; null turns it off', async () => {
    for (const threshold of [0, -1, 'abc', 1_000_000.01, '1e3', true, [5], ' ']) {
      const res = await t.post('/api/v1/resellers/low-balance', { threshold }, seller.token);
      expect(res.status, JSON.stringify(threshold)).toBe(422);
      expect(res.json.header.message).toBe('The low-balance warning must be an amount from $0.01 to $1,000,000.00, or empty to turn it off.');
    }
    expect((await t.post('/api/v1/resellers/low-balance', { threshold: 5, thresold: 6 }, seller.token)).status).toBe(422);
    expect((await t.post('/api/v1/resellers/low-balance', {}, seller.token)).status).toBe(422);
    expect((await seller.api.setLowBalanceThreshold({ threshold: '12.50' })).low_balance_threshold).toBe(12.5);
    expect((await seller.api.setLowBalanceThreshold({ threshold: null })).low_balance_threshold).toBeNull();
  });

  it('forecasts the days left at the last 30 days\' spend and the renewals due in 7 and 30 days, as the ledger says', async () => {
    clock.set(new Date('2026-06-01T10:00:00Z'));
    const planner = await fundedReseller(t, 'insight-planner@example.com', 20_000);
    const month = { quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, addon_id: '' } as const;
    await planner.api.createVpnAccount({ ...month, email: 'p1@example.com' });
    clock.set(new Date('2026-06-10T10:00:00Z'));
    await planner.api.createVpnAccount({ ...month, email: 'p2@example.com' });
    await planner.api.generateCoupons({ ...annual, quantity: 3 });
    clock.set(new Date('2026-06-25T10:00:00Z'));
    const [spent] = await query<{ s: string }>(t, sql`select -sum(amount_cents) as s from wallet_ledger where reseller_id = ${planner.id} and kind <> 'deposit'`);
    const [renewal] = await query<{ c: string }>(t, sql`select renewal_price_cents as c from vpn_accounts where email = 'p1@example.com'`);
    const spend = Number(spent?.s);
    const available = 20_000 - spend;
    const f = await planner.api.dashboardForecast();
    expect(f).toEqual({
      balance: available / 100,
      credit: null,
      available: available / 100,
      spend_last_30_days: spend / 100,
      days_left: Math.floor(available / (spend / 30)),
      // p1 ends on 1 July (within 7 days), p2 on 10 July (within 30).
      renewals_next_7_days: { count: 1, total: Number(renewal?.c) / 100 },
      renewals_next_30_days: { count: 2, total: (2 * Number(renewal?.c)) / 100 },
      low_balance_threshold: null,
    });
    // Nothing spent in the last 30 days: no countdown.
    clock.set(new Date('2026-08-01T10:00:00Z'));
    expect((await planner.api.dashboardForecast()).days_left).toBeNull();
  });

  it('shows the partner reseller its credit line, used and left, and warns of it without a word of a wallet', async () => {
    const partner = await t.signIn('partner@demo.partner-panel.test');
    const before = await partner.api.dashboardForecast();
    expect(before.credit).not.toBeNull();
    const limit = before.credit?.limit ?? 0;
    expect(before.credit).toEqual({ limit, used: Math.max(0, -before.balance), left: before.available });
    await partner.api.setLowBalanceThreshold({ threshold: before.available - 0.01 });
    const made = await partner.api.generateCoupons({ quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'BR' });
    const after = await partner.api.dashboardForecast();
    expect(after.credit).toEqual({ limit, used: Math.round((Math.max(0, -before.balance) + made.amount) * 100) / 100, left: Math.round((before.available - made.amount) * 100) / 100 });
    const [warning] = await lowBalance(partner);
    expect(warning?.message).toMatch(/^What is left of your credit line \(\$[\d,.]+\) fell below the \$[\d,.]+ you set\. Please contact us to settle your account\.$/);
    const mail = (await t.mails('partner@demo.partner-panel.test')).find((m) => m.kind === 'low_balance');
    expect(mail?.text).not.toMatch(/wallet|add funds/i);
  });
});

describe('find any coupon: the new columns, filters, and a selection deleted or exported (ours, beside 001 §2.3)', () => {
  it('lists plan, addon, redeemed at and by; filters Redeemed, plan, a date range and a code fragment; quotes and deletes a selection exactly', async () => {
    clock.set(new Date('2026-09-01T10:00:00Z'));
    const finder = await fundedReseller(t, 'insight-finder@example.com', 100_000);
    const annualBatch = await finder.api.generateCoupons({ ...annual, prefix: 'FND', quantity: 3 });
    clock.set(new Date('2026-09-03T10:00:00Z'));
    const monthlyBatch = await finder.api.generateCoupons({ billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: 'ZZ', quantity: 2 });
    const redeemedCode = annualBatch.codes[0] as string;
    expect((await redeem(redeemedCode, 'buyer-of-fnd@example.com')).status).toBe(200);
    const list = (body: Record<string, unknown>) => t.post('/api/v1/coupons?page_limit=50&page=1', { code: '', dateStart: '', dateEnd: '', billingType: '', ...body }, finder.token);
    const codes = async (body: Record<string, unknown>) => {
      const res = await list(body);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return ((res.json.body as { data: { code: string }[] }).data.map((r) => r.code)).sort();
    };

    // 001's body answers 001's fields exactly, and the new columns beside them.
    const all = (await list({})).json.body as { data: Record<string, unknown>[]; total: number };
    expect(all.total).toBe(5);
    const redeemedRow = all.data.find((r) => r.code === redeemedCode);
    expect(redeemedRow).toEqual({
      Coupon_ID: expect.any(Number), code: redeemedCode, billing_type: 1, billing_cycle: 'annually', redeemed: 'yes',
      generated_at: '2026-09-01T10:00:00.000Z', expires_at: annualBatch.expires_at,
      plan: 'Annually Plan (12 Months)', addon: null, redeemed_at: '2026-09-03T10:00:00.000Z', redeemed_by: 'buyer-of-fnd@example.com',
    });
    expect(all.data.find((r) => r.code === monthlyBatch.codes[0])).toMatchObject({ plan: 'Monthly Plan (1 Month)', redeemed: 'no', redeemed_at: null, redeemed_by: null });

    expect(await codes({ redeemed: 'yes' })).toEqual([redeemedCode]);
    expect(await codes({ redeemed: 'no' })).toEqual([...annualBatch.codes.slice(1), ...monthlyBatch.codes].sort());
    expect(await codes({ redeemed: 'all', plan: 'monthly' })).toEqual([...monthlyBatch.codes].sort());
    expect(await codes({ plan: 'annually', redeemed: 'no' })).toEqual(annualBatch.codes.slice(1).sort());
    expect(await codes({ dateStart: '2026-09-01', dateEnd: '2026-09-02' })).toEqual([...annualBatch.codes].sort());
    // A fragment from the middle of a code finds that code; as a prefix it finds nothing.
    const target = annualBatch.codes[2] as string;
    const fragment = target.slice(5, 11);
    expect(await codes({ code: fragment.toLowerCase(), code_match: 'fragment' })).toEqual([target]);
    expect(await codes({ code: fragment })).toEqual([]);
    expect(await codes({ code: 'fnd', code_match: 'prefix' })).toEqual([...annualBatch.codes].sort());
    for (const [body, message] of [
      [{ redeemed: 'maybe' }, 'The Redeemed filter must be all, yes or no.'],
      [{ plan: 'weekly' }, 'Please choose a plan from the list.'],
      [{ code_match: 'suffix' }, 'The code filter matches a prefix or a fragment.'],
      [{ dateStart: '2026-09-05', dateEnd: '2026-09-01' }, 'The end date must not be before the start date'],
    ] as const) {
      const res = await list(body);
      expect(res.status).toBe(422);
      expect(res.json.header.message).toBe(message);
    }

    // The selection: a quote first, then all or nothing.
    const idOf = async (code: string) => Number((await query<{ id: number }>(t, sql`select id from coupons where code = ${code}`))[0]?.id);
    const redeemedId = await idOf(redeemedCode);
    const keep = [await idOf(annualBatch.codes[1] as string), await idOf(monthlyBatch.codes[0] as string)];
    const unit = { annual: Math.round(annualBatch.amount * 100) / 3, monthly: Math.round(monthlyBatch.amount * 100) / 2 };
    const quote = await finder.api.quoteCouponDeletion({ ids: [redeemedId, ...keep, 2_000_000_000] });
    expect(quote).toEqual({ deletable: 2, refund: (unit.annual + unit.monthly) / 100, redeemed: [redeemedId], missing: [2_000_000_000] });
    const balanceBefore = (await finder.api.profile()).balance;
    const refused = await t.post('/api/v1/coupons/delete/bulk', { ids: [redeemedId, ...keep] }, finder.token);
    expect(refused.status).toBe(422);
    expect(refused.json.header.message).toBe('Some of the selected coupons were redeemed or are no longer in your list. Nothing was deleted: please review the selection.');
    // Someone else's coupons are no one's to delete.
    const stranger = await t.signIn('reseller@demo.partner-panel.test');
    expect((await t.post('/api/v1/coupons/delete/bulk', { ids: keep }, stranger.token)).status).toBe(422);
    expect((await stranger.api.quoteCouponDeletion({ ids: keep })).missing).toEqual([...keep].sort((a, b) => a - b));
    expect((await finder.api.profile()).balance).toBe(balanceBefore);
    expect((await list({})).json.body).toMatchObject({ total: 5 });

    for (const ids of [[], Array.from({ length: 1001 }, (_, i) => i + 1), 'all', [0]]) {
      const res = await t.post('/api/v1/coupons/delete/bulk', { ids }, finder.token);
      expect(res.status).toBe(422);
    }
    expect((await t.post('/api/v1/coupons/delete/bulk', { ids: [] }, finder.token)).json.header.message).toBe('Please select from 1 to 1,000 coupons.');

    const done = await finder.api.deleteCoupons({ ids: [...keep, keep[0] as number] });
    expect(done).toEqual({ deleted: 2, refunded: (unit.annual + unit.monthly) / 100, balance: Math.round((balanceBefore * 100 + unit.annual + unit.monthly)) / 100 });
    const refunds = await query<{ amount_cents: string }>(t, sql`select amount_cents from wallet_ledger where reseller_id = ${finder.id} and kind = 'coupon_refund'`);
    expect(refunds.map((r) => Number(r.amount_cents))).toEqual([unit.annual + unit.monthly]);
    expect((await list({})).json.body).toMatchObject({ total: 3 });
    // Deleting them again: refused, nothing refunded twice.
    expect((await t.post('/api/v1/coupons/delete/bulk', { ids: keep }, finder.token)).status).toBe(422);

    // E-mail of a selection: the single coupon's mail once per code, all or nothing, own coupons only.
    const unsent = [await idOf(annualBatch.codes[2] as string), await idOf(monthlyBatch.codes[1] as string)];
    const mailed = await finder.api.sendCoupons({ ids: unsent, email: 'bulk-buyer@example.com' });
    expect(mailed).toEqual({ sent: 2 });
    const bulkMails = await t.mails('bulk-buyer@example.com');
    expect(bulkMails.map((m) => m.kind)).toEqual(['coupon', 'coupon']);
    expect(bulkMails.map((m) => /Your coupon code: (\S+)/.exec(m.text)?.[1]).sort()).toEqual([annualBatch.codes[2], monthlyBatch.codes[1]].sort());
    for (const [ids, token] of [[[...unsent, redeemedId], finder.token], [unsent, stranger.token], [[...unsent, 2_000_000_000], finder.token]] as const) {
      const res = await t.post('/api/v1/resellers/coupon/send/bulk', { ids, email: 'nobody-gets@example.com' }, token);
      expect(res.status).toBe(422);
      expect(res.json.header.message).toBe('Some of the selected coupons were redeemed, have expired or are no longer in your list. Nothing was sent: please review the selection.');
    }
    expect(await t.mails('nobody-gets@example.com')).toEqual([]);
    expect((await t.post('/api/v1/resellers/coupon/send/bulk', { ids: unsent, email: 'not-an-email' }, finder.token)).status).toBe(422);
    // Each mail of a selection counts against the hourly limit (200): one short of it, two are refused.
    const hourly = (hits: number) => t.database.db.execute(sql`insert into rate_limits (key, hits, reset_at) values (${`coupon-send:${finder.id}`}, ${hits}, now() + interval '1 hour')
      on conflict (key) do update set hits = excluded.hits, reset_at = excluded.reset_at`);
    await hourly(199);
    expect((await t.post('/api/v1/resellers/coupon/send/bulk', { ids: unsent, email: 'over-limit@example.com' }, finder.token)).status).toBe(429);
    expect(await t.mails('over-limit@example.com')).toEqual([]);
    await hourly(198);
    expect(await finder.api.sendCoupons({ ids: unsent, email: 'at-limit@example.com' })).toEqual({ sent: 2 });

    // Export of a selection: only the ticked rows.
    const rest = [await idOf(annualBatch.codes[2] as string), redeemedId];
    const ticket = await finder.api.couponExportTicket({ code: '', dateStart: '', dateEnd: '', billingType: '', ids: rest });
    const csv = await t.app.inject({ method: 'GET', url: ticket.url });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((l) => l.split(',')[1]).sort()).toEqual([annualBatch.codes[2], redeemedCode].sort());
  });
});
