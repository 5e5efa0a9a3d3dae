/**
 * The coupon list: a page of a reseller's live coupons, newest first, and its total. The total of
 * the whole list is the reseller's counter; a filtered total is counted exactly up to 10 000 and
 * said to be "10 000 or more" beyond (total_capped), which keeps every page cheap on big tables.
 */
import { sql } from 'drizzle-orm';
import { PAGE_SIZES } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { fail } from '../../http/errors.js';
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

/**
 * One statement for the page and its total, so a page costs one round trip: the reseller's
 * counter when unfiltered, an exact count up to the cap when filtered. The page's ids are sorted
 * and cut from an index alone, and only those rows are read. It answers at least one row (the
 * total) even when the page is empty; for a reseller that does not exist the total is null.
 */
export async function listCoupons(ctx: Pick<AppContext, 'db' | 'clock'>, ownerId: number, filter: CouponFilter, paging: Paging) {
  const f = parseFilter(filter);
  const { page, limit } = pagingOf(paging);
  const where = couponWhere(ownerId, f);
  const filtered = isFiltered(f);
  const total = filtered
    ? sql`(select count(*)::int from (select 1 from coupons c where ${where} limit ${COUNT_CAP + 1}) t)`
    : sql`(select coupons_total from resellers where id = ${ownerId})`;
  const got = await rows<CouponRecord & { total: number | null }>(
    ctx.db,
    sql`select p.*, t.total from (select ${total} as total) t
        left join lateral (
          select c.id, c.code, c.billing_type, c.cycle, c.redeemed_at, c.created_at, c.expires_at
          from coupons c
          where c.id in (
            select c.id from coupons c where ${where}
            order by c.created_at desc, c.id desc
            limit ${limit} offset ${(page - 1) * limit}
          )
          order by c.created_at desc, c.id desc
        ) p on true`,
  );
  if (got[0]?.total == null) throw fail('fetchDetails');
  const count = Number(got[0].total);
  const capped = filtered && count > COUNT_CAP;
  const data = got.filter((r) => r.id !== null).map(({ total: _total, ...r }) => presentCoupon(r));
  return { data, total: capped ? COUNT_CAP : count, total_capped: capped };
}
