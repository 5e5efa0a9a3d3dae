/**
 * The operator's programme dashboard (issue 35), through HTTP on the real database, on a clock the
 * test moves: after generations by two resellers and a redemption, the range's totals and the day's
 * figures are what happened, folded into the daily rollups or not; the previous range holds what
 * came before; a failing webhook endpoint is listed with its reseller, a queued and a failed job
 * are counted, an undelivered mail too; a range other than 7, 30 or 90 days is refused in our words;
 * a reseller, an admin reseller and the operator's Developer get 403.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProgrammeDashboard } from '@partner-panel/sdk';
import { foldDaily } from '../src/modules/dashboard/fold.js';
import { manualClock, testApp } from './support/app.js';
import { fundedReseller, query } from './support/sql.js';
import { joinAs } from './support/team.js';

// Far from the demo data's days, so the range holds only what this file does.
const clock = manualClock(new Date('2031-05-01T10:00:00Z'));
// No workers: the queue's jobs and the outbox's mails stay as the test leaves them.
const t = await testApp({ clock, env: { SESSION_TTL_HOURS: '2160', JOB_WORKERS: '0', RATE_LIMIT_REDEEM_PER_IP: '10000', RATE_LIMIT_REDEEM_PER_PREFIX: '10000' } });
const op = await t.signIn('operator@demo.partner-panel.test');

const PASSWORD = 'Redeem!Pass2026';
const redeem = (coupon: string, email: string) =>
  t.post('/api/redeem', { name: 'Ada Lovelace', email, password: PASSWORD, password_confirmation: PASSWORD, coupon, addon_id: '', token: '' });
const plan = { billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: 'PRG' } as const;
const cents = (usd: number) => Math.round(usd * 100);

/** VPN accounts active at a day's end, as the rollups hold them. */
async function vpnActiveAt(day: string) {
  const [row] = await query<{ n: string | null }>(t, sql`select sum(vpn_started - vpn_ended) as n from reseller_days where day <= ${day}::date`);
  return Number(row?.n ?? 0);
}

const shopA = await fundedReseller(t, 'programme-a@example.com', 100_000);
const shopB = await fundedReseller(t, 'programme-b@example.com', 100_000);
// Both opened on the test's days (registration stamps the database's time).
await t.database.db.execute(sql`update resellers set created_at = '2031-05-01T10:00:00Z' where id in (${shopA.id}, ${shopB.id})`);

describe('the programme dashboard', () => {
  let earlier = 0;
  let today = { a: 0, b: 0 };

  it("sums the day's generations, redemption and spend across resellers, and the previous range's", async () => {
    // 1 May: B generates one coupon (the previous 30-day range of 10 June).
    earlier = cents((await shopB.api.generateCoupons({ ...plan, quantity: 1 })).amount);
    await foldDaily(t.database.db);
    // 10 June: A generates three and B two; one of A's is redeemed.
    clock.set(new Date('2031-06-10T09:00:00Z'));
    const a = await shopA.api.generateCoupons({ ...plan, quantity: 3 });
    const b = await shopB.api.generateCoupons({ ...plan, quantity: 2 });
    today = { a: cents(a.amount), b: cents(b.amount) };
    expect((await redeem(a.codes[0] as string, 'programme-buyer@example.com')).status).toBe(200);

    const check = (d: ProgrammeDashboard, active: number, before: number) => {
      expect(d).toMatchObject({ days: 30, from: '2031-05-12', to: '2031-06-10', previous_from: '2031-04-12', previous_to: '2031-05-11' });
      expect(d.totals).toEqual({ active_resellers: 2, spend: (today.a + today.b) / 100, coupons_generated: 5, coupons_redeemed: 1, vpn_active: active, new_resellers: 0 });
      expect(d.previous).toEqual({ active_resellers: 1, spend: earlier / 100, coupons_generated: 1, coupons_redeemed: 0, vpn_active: before, new_resellers: 2 });
      expect(d.series).toHaveLength(30);
      expect(d.series[0]).toEqual({ date: '2031-05-12', spend: 0, coupons_generated: 0, coupons_redeemed: 0, vpn_started: 0, vpn_ended: 0, vpn_active: before, active_resellers: 0 });
      expect(d.series[29]).toEqual({ date: '2031-06-10', spend: (today.a + today.b) / 100, coupons_generated: 5, coupons_redeemed: 1, vpn_started: 1, vpn_ended: 0, vpn_active: active, active_resellers: 2 });
    };
    const active = await vpnActiveAt('2031-06-10');
    const before = await vpnActiveAt('2031-05-11');
    expect(active - before).toBe(1);
    // Read before the fold (the appended rows) and after it: the same figures.
    const unfolded = await op.api.programmeDashboard({});
    check(unfolded, active, before);
    expect(await foldDaily(t.database.db)).toBeGreaterThan(0);
    const folded = await op.api.programmeDashboard({ days: 30 });
    check(folded, active, before);
    expect(folded.series).toEqual(unfolded.series);

    // The spend is the ledger's own sum of those days.
    const [ledgerSum] = await query<{ s: string }>(
      t,
      sql`select -sum(amount_cents) as s from wallet_ledger where created_at >= '2031-05-12' and kind in ('coupon_purchase', 'coupon_refund', 'vpn_purchase', 'vpn_renewal')`,
    );
    expect(cents(folded.totals.spend)).toBe(Number(ledgerSum?.s));
  });

  it('compares 7 and 90 days with the range before each', async () => {
    const week = await op.api.programmeDashboard({ days: 7 });
    expect(week).toMatchObject({ from: '2031-06-04', to: '2031-06-10', previous_from: '2031-05-28', previous_to: '2031-06-03' });
    expect(week.series.map((d) => d.date)).toEqual(['2031-06-04', '2031-06-05', '2031-06-06', '2031-06-07', '2031-06-08', '2031-06-09', '2031-06-10']);
    expect(week.totals).toMatchObject({ active_resellers: 2, coupons_generated: 5, spend: (today.a + today.b) / 100 });
    expect(week.previous).toMatchObject({ active_resellers: 0, spend: 0, coupons_generated: 0, coupons_redeemed: 0, new_resellers: 0 });
    const quarter = await op.api.programmeDashboard({ days: '90' as unknown as 90 });
    expect(quarter.series).toHaveLength(90);
    expect(quarter.totals).toMatchObject({ active_resellers: 2, coupons_generated: 6, coupons_redeemed: 1, spend: (today.a + today.b + earlier) / 100, new_resellers: 2 });
    expect(quarter.series.find((d) => d.date === '2031-05-01')).toMatchObject({ coupons_generated: 1, active_resellers: 1, spend: earlier / 100 });
  });

  it('names the failing webhook endpoints with their reseller, counts the queue and the mail not delivered', async () => {
    const start = (await op.api.programmeDashboard({ days: 7 })).health;
    await t.database.db.execute(
      sql`insert into webhook_endpoints (reseller_id, mode, url, secret_sealed, failing_since) values (${shopA.id}, 'live', 'https://a.example.com/hooks', 'x', '2031-06-09T08:00:00Z')`,
    );
    await t.database.db.execute(sql`select graphile_worker.add_job('programme.waiting', '{}'::json)`);
    await t.database.db.execute(sql`select graphile_worker.add_job('programme.later', '{}'::json, run_at => now() + interval '1 day')`);
    await t.database.db.execute(sql`select graphile_worker.add_job('programme.spent', '{}'::json, max_attempts => 1)`);
    await t.database.db.execute(sql`update graphile_worker._private_jobs j set attempts = 1 from graphile_worker._private_tasks k where k.id = j.task_id and k.identifier = 'programme.spent'`);
    await t.database.db.execute(
      sql`insert into mail_outbox (to_address, subject, text_body, html_body, kind, attempts, last_error, next_attempt_at)
          values ('nowhere@example.com', 'Stuck', 'x', 'x', 'test', 2, 'connection refused', now() + interval '1 hour')`,
    );

    const { health } = await op.api.programmeDashboard({ days: 7 });
    expect(health.webhooks.failing).toBe(start.webhooks.failing + 1);
    expect(health.webhooks.endpoints).toContainEqual({
      id: expect.any(Number),
      url: 'https://a.example.com/hooks',
      mode: 'live',
      status: 'enabled',
      reseller: { id: shopA.id, name: 'programme-a', email: 'programme-a@example.com' },
      failing_since: '2031-06-09T08:00:00.000Z',
    });
    expect(health.queue.depth).toBe(start.queue.depth + 2); // the waiting job, and the outbox's delivery job
    expect(health.queue.scheduled).toBe(start.queue.scheduled + 1);
    expect(health.queue.failed).toBe(start.queue.failed + 1);
    expect(health.queue.oldest_age_seconds).toBeGreaterThanOrEqual(0);
    expect(health.mail.undelivered).toBe(start.mail.undelivered + 1);
    expect(health.mail.failing).toBe(start.mail.failing + 1);
    const [unsent] = await query<{ n: number; oldest: string }>(t, sql`select count(*)::int as n, min(created_at) as oldest from mail_outbox where sent_at is null`);
    expect(health.mail).toMatchObject({ undelivered: unsent?.n, oldest_at: new Date(String(unsent?.oldest)).toISOString() });
  });

  it('refuses a range other than 7, 30 or 90 days in our words', async () => {
    for (const days of ['14', '0', 'week', '-7', '30.5', '']) {
      const res = await t.get(`/api/v1/operator/dashboard?days=${encodeURIComponent(days)}`, op.token);
      expect(res.status, days).toBeGreaterThanOrEqual(400);
      expect(res.status, days).toBeLessThan(500);
      expect(res.json.header.message, days).toBe('Please choose a range: 7, 30 or 90 days.');
    }
  });

  it('answers 403 to a reseller, an admin reseller and the operator\'s Developer', async () => {
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    const admin = await t.signIn('admin@demo.partner-panel.test');
    const developer = await joinAs(t, op.api, 'developer', 'programme-developer@example.com');
    for (const who of [reseller.token, admin.token, shopA.token]) {
      const res = await t.get('/api/v1/operator/dashboard', who);
      expect(res.status).toBe(403);
      expect(res.json.header.code).toBe('rspf-account-1057');
    }
    const res = await t.get('/api/v1/operator/dashboard?days=7', developer.token);
    expect(res.status).toBe(403);
    expect(res.json.header.code).toBe('rspf-team-1101');
  });
});
