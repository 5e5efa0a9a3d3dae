/**
 * The coupon list: a page of a reseller's live coupons, newest first, and its total. The total of
 * the whole list is the reseller's counter; a filtered total is counted exactly up to 10 000 and
 * said to be "10 000 or more" beyond (total_capped), which keeps every page cheap on big tables.
 */
import { sql } from 'drizzle-orm';
import { PAGE_SIZES } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { loadReseller } from '../profile/service.js';
import { couponWhere, isFiltered, parseFilter, type CouponFilter } from './filter.js';
import { presentCoupon, type CouponRecord } from './present.js';

export const COUNT_CAP = 10_000;

export interface Paging {
  page?: number | undefined;
  page_limit?: number | undefined;
}

export const pagingOf = (q: Paging) => ({
  page: q.page ?? 1,
  limit: q.page_limit ?? PAGE_SIZES.coupons.default,
});

export async function listCoupons(ctx: Pick<AppContext, 'db' | 'clock'>, ownerId: number, filter: CouponFilter, paging: Paging) {
  const f = parseFilter(filter);
  const { page, limit } = pagingOf(paging);
  const where = couponWhere(ownerId, f);
  const data = await rows<CouponRecord>(
    ctx.db,
    sql`select c.id, c.code, c.billing_type, c.cycle, c.redeemed_at, c.created_at, c.expires_at
        from coupons c where ${where}
        order by c.created_at desc, c.id desc
        limit ${limit} offset ${(page - 1) * limit}`,
  );
  let total: number;
  let capped = false;
  if (isFiltered(f)) {
    const [row] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from (select 1 from coupons c where ${where} limit ${COUNT_CAP + 1}) t`,
    );
    total = Number(row?.n ?? 0);
    if (total > COUNT_CAP) {
      total = COUNT_CAP;
      capped = true;
    }
  } else {
    total = (await loadReseller(ctx, ownerId)).couponsTotal;
  }
  return { data: data.map(presentCoupon), total, total_capped: capped };
}
