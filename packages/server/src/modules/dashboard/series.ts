/**
 * The dashboard over time: a reseller's days from the rollups (the reseller_days view), which the database
 * keeps in the transaction of every ledger row, coupon and VPN account they count. A range reads
 * at most 366 small rows and one sum of the days before it, whatever the number of coupons.
 */
import { sql } from 'drizzle-orm';
import { centsToDollars, type InsightPoint, type InsightRange, type SubResellerRow } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

const DAY_MS = 24 * 3600_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The first and last day of a range (UTC), ending today, and how its points are cut. */
export function rangeDays(range: InsightRange, now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (range === '12m') {
    const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1));
    return { from: isoDay(first), to: isoDay(today), bucket: 'month' as const };
  }
  const days = { '7d': 7, '30d': 30, '90d': 90 }[range];
  return { from: isoDay(new Date(today.getTime() - (days - 1) * DAY_MS)), to: isoDay(today), bucket: 'day' as const };
}

/** Every period of the range, oldest first, so a chart has a point for a day without activity. */
function periods(from: string, to: string, bucket: 'day' | 'month'): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`).getTime();
  while (d.getTime() <= end) {
    out.push(isoDay(d));
    if (bucket === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

interface DayRow {
  day: string | null;
  spend: string;
  generated: string;
  redeemed: string;
  deleted: string;
  net_active: string;
}

export async function dashboardSeries(ctx: Ctx, resellerId: number, range: InsightRange) {
  const { from, to, bucket } = rangeDays(range, ctx.clock.now());
  // One statement: the days of the range, and (day null) the sums of every day before it, which
  // the running figures (active subscriptions, redemption rate) start from.
  const found = await rows<DayRow>(
    ctx.db,
    sql`select day::text as day, spend_cents as spend, coupons_generated as generated, coupons_redeemed as redeemed,
               coupons_deleted as deleted, vpn_started - vpn_ended as net_active
        from reseller_days where reseller_id = ${resellerId} and day between ${from}::date and ${to}::date
        union all
        select null, 0, coalesce(sum(coupons_generated), 0), coalesce(sum(coupons_redeemed), 0),
               coalesce(sum(coupons_deleted), 0), coalesce(sum(vpn_started - vpn_ended), 0)
        from reseller_days where reseller_id = ${resellerId} and day < ${from}::date`,
  );
  const keyOf = (day: string) => (bucket === 'day' ? day : `${day.slice(0, 7)}-01`);
  const byPeriod = new Map<string, { spend: number; generated: number; redeemed: number; deleted: number; net: number }>();
  let active = 0;
  let kept = 0;
  let redeemed = 0;
  for (const r of found) {
    if (r.day === null) {
      active = Number(r.net_active);
      kept = Number(r.generated) - Number(r.deleted);
      redeemed = Number(r.redeemed);
      continue;
    }
    const key = keyOf(r.day);
    const p = byPeriod.get(key) ?? { spend: 0, generated: 0, redeemed: 0, deleted: 0, net: 0 };
    p.spend += Number(r.spend);
    p.generated += Number(r.generated);
    p.redeemed += Number(r.redeemed);
    p.deleted += Number(r.deleted);
    p.net += Number(r.net_active);
    byPeriod.set(key, p);
  }
  const totals = { spendCents: 0, generated: 0, redeemed: 0, deleted: 0 };
  const points: InsightPoint[] = periods(from, to, bucket).map((date) => {
    const p = byPeriod.get(date) ?? { spend: 0, generated: 0, redeemed: 0, deleted: 0, net: 0 };
    active += p.net;
    kept += p.generated - p.deleted;
    redeemed += p.redeemed;
    totals.spendCents += p.spend;
    totals.generated += p.generated;
    totals.redeemed += p.redeemed;
    totals.deleted += p.deleted;
    return {
      date,
      spend: centsToDollars(p.spend),
      coupons_generated: p.generated,
      coupons_redeemed: p.redeemed,
      coupons_deleted: p.deleted,
      active_subscriptions: active,
      // Four decimals: a share, read as a percentage with two.
      redemption_rate: kept > 0 ? Math.round((redeemed / kept) * 10_000) / 10_000 : null,
    };
  });
  return {
    range,
    bucket,
    points,
    totals: { spend: centsToDollars(totals.spendCents), coupons_generated: totals.generated, coupons_redeemed: totals.redeemed, coupons_deleted: totals.deleted },
  };
}

/** How many users the ranking lists: an admin with more sees its best ones. */
export const RANKING_LIMIT = 500;

/** An admin's own users ranked by what they spent in the range, then by coupons generated. */
export async function subResellerRanking(ctx: Ctx, adminId: number, range: InsightRange) {
  const { from, to } = rangeDays(range, ctx.clock.now());
  const found = await rows<{ id: number; name: string; email: string; spend: string; generated: string; redeemed: string }>(
    ctx.db,
    sql`select r.id, r.name, r.email, coalesce(sum(d.spend_cents), 0) as spend,
               coalesce(sum(d.coupons_generated), 0) as generated, coalesce(sum(d.coupons_redeemed), 0) as redeemed
        from resellers r
        left join reseller_days d on d.reseller_id = r.id and d.day between ${from}::date and ${to}::date
        where r.parent_id = ${adminId}
        group by r.id
        order by spend desc, generated desc, r.id
        limit ${RANKING_LIMIT}`,
  );
  const ranked: SubResellerRow[] = found.map((r) => ({
    id: Number(r.id),
    name: r.name,
    email: r.email,
    spend: centsToDollars(Number(r.spend)),
    coupons_generated: Number(r.generated),
    coupons_redeemed: Number(r.redeemed),
  }));
  return { range, rows: ranked };
}
