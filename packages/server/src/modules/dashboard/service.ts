/**
 * The dashboard counters (000 §2) for one reseller: the totals are the counters kept with every
 * generation, deletion and redemption; the last-24-hours figures are counted on their indexes.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';

export interface DashboardCounts {
  coupons_in_last_24_hours: number;
  vpn_accounts_issued_in_last_24_hours: number;
  total_coupons: number;
  total_redeem_coupons: number;
  active_subscriptions: number;
}

export async function dashboardCounts(ctx: Pick<AppContext, 'db' | 'clock'>, resellerId: number): Promise<DashboardCounts> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - 24 * 3600_000);
  const [row] = await rows<Record<keyof DashboardCounts, string | number>>(
    ctx.db,
    sql`select
      (select count(*) from coupons where reseller_id = ${resellerId} and deleted_at is null and created_at > ${since}) as coupons_in_last_24_hours,
      (select count(*) from vpn_accounts where reseller_id = ${resellerId} and created_at > ${since}) as vpn_accounts_issued_in_last_24_hours,
      (select coupons_total from resellers where id = ${resellerId}) as total_coupons,
      (select coupons_redeemed from resellers where id = ${resellerId}) as total_redeem_coupons,
      (select count(*) from vpn_accounts where reseller_id = ${resellerId} and hosting_status = 'active' and end_at > ${now}) as active_subscriptions`,
  );
  return {
    coupons_in_last_24_hours: Number(row?.coupons_in_last_24_hours ?? 0),
    vpn_accounts_issued_in_last_24_hours: Number(row?.vpn_accounts_issued_in_last_24_hours ?? 0),
    total_coupons: Number(row?.total_coupons ?? 0),
    total_redeem_coupons: Number(row?.total_redeem_coupons ?? 0),
    active_subscriptions: Number(row?.active_subscriptions ?? 0),
  };
}
