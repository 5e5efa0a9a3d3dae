/**
 * The coupon list: a page of a reseller's live coupons, newest first, and its total. The total of
 * the whole list is the reseller's counter; a filtered total is counted exactly up to 10 000 and
 * said to be "10 000 or more" beyond (total_capped), which keeps every page cheap on big tables.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { fail } from '../../http/errors.js';
import { pagingOf, type Paging } from '../../http/paging.js';
import { couponWhere, isFiltered, parseFilter, type CouponFilter } from './filter.js';
import { presentCoupon, type CouponRecord } from './present.js';

export const COUNT_CAP = 10_000;

/**
 * One statement for the page and its total, so a page costs one round trip: the reseller's
 * counter when unfiltered; when filtered, one scan of an index finds the matches up to the cap,
 * counts them and cuts the page from them (past the cap, a second statement pages all matches).
 * Only the page's rows are read from the table. It answers at least one row (the total) even when
 * the page is empty; for a reseller that does not exist, none.
 */
export async function listCoupons(ctx: Pick<AppContext, 'db' | 'clock'>, ownerId: number, filter: CouponFilter, paging: Paging) {
  const f = parseFilter(filter);
  const { page, limit } = pagingOf(paging);
  const where = couponWhere(ownerId, f);
  const filtered = isFiltered(f);
  const cut = sql`order by c.created_at desc, c.id desc limit ${limit} offset ${(page - 1) * limit}`;
  const pageOf = (ids: SQL) => sql`left join lateral (
      select c.id, c.code, c.billing_type, c.cycle, c.redeemed_at, c.created_at, c.expires_at, a.name as addon_name, v.email as redeemed_by
      from coupons c left join addons a on a.id = c.addon_id left join vpn_accounts v on v.id = c.vpn_account_id
      where c.id in (${ids}) order by c.created_at desc, c.id desc
    ) p on true`;
  const everyMatch = pageOf(sql`select c.id from coupons c where ${where} ${cut}`);
  type Row = CouponRecord & { total: number | null };
  let got = await rows<Row>(
    ctx.db,
    filtered
      ? sql`with m as materialized (select c.id, c.created_at from coupons c where ${where} limit ${COUNT_CAP + 1})
            select p.*, t.total from (select count(*)::int as total from m) t ${pageOf(sql`select c.id from m c ${cut}`)}`
      : sql`select p.*, t.total from (select coupons_total as total from resellers where id = ${ownerId}) t ${everyMatch}`,
  );
  if (got[0]?.total == null) throw fail('fetchDetails');
  const count = Number(got[0].total);
  const capped = filtered && count > COUNT_CAP;
  if (capped) got = await rows<Row>(ctx.db, sql`select p.*, 0 as total from (select 1) t ${everyMatch}`);
  const data = got.filter((r) => r.id !== null).map(({ total: _total, ...r }) => presentCoupon(r));
  return { data, total: capped ? COUNT_CAP : count, total_capped: capped };
}
