/**
 * A page of a reseller's VPN subscriptions, newest first, searchable, and its exact total, in one
 * statement: the reseller's counter when unfiltered (kept by a trigger), a count of the matches
 * otherwise (a search reads the trigram indexes of e-mail, username and the coupon's code).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { contains } from '../../db/search.js';
import { parseFilter, type CouponFilter } from '../coupons/filter.js';
import { presentVpn, type VpnRecord } from './present.js';

export interface VpnListFilter {
  /** Matches the e-mail, the username or the coupon code. */
  search?: string;
  /** The admin view's filter (001 §2.5): the same body as the coupon list. */
  coupon?: CouponFilter;
}

/** The WHERE of a reseller's subscriptions under a filter (alias v): one for the page and the export. */
export function vpnWhere(ownerId: number, filter: VpnListFilter): SQL {
  const parts: SQL[] = [sql`v.reseller_id = ${ownerId}`];
  const search = filter.search?.trim() || filter.coupon?.code.trim() || '';
  if (search) parts.push(sql`(v.email ilike ${contains(search)} or v.username ilike ${contains(search)} or v.coupon_code ilike ${contains(search)})`);
  if (filter.coupon) {
    const f = parseFilter({ ...filter.coupon, code: '' });
    if (f.from) parts.push(sql`v.created_at >= ${f.from.toISOString()}::timestamptz`);
    if (f.until) parts.push(sql`v.created_at < ${f.until.toISOString()}::timestamptz`);
    if (f.billingType) parts.push(sql`v.billing_type = ${f.billingType}`);
  }
  return sql.join(parts, sql` and `);
}

export async function listVpnAccounts(ctx: Pick<AppContext, 'db' | 'clock'>, ownerId: number, filter: VpnListFilter, paging: { page: number; limit: number }) {
  const where = vpnWhere(ownerId, filter);
  const filtered = Boolean(filter.search?.trim() || filter.coupon?.code.trim() || filter.coupon?.dateStart || filter.coupon?.dateEnd || filter.coupon?.billingType);
  const columns = sql`v.id, v.username, v.email, v.coupon_code, v.cycle, v.billing_type, v.addons, v.hosting_status, v.start_at, v.end_at, v.created_at`;
  const order = sql`order by v.created_at desc, v.id desc limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`;
  // Filtered: the matches are found once (a search through the trigram indexes, not a walk of
  // every account newest first hoping to meet ten), then counted and paged.
  const got = await rows<VpnRecord & { total: number | null }>(
    ctx.db,
    filtered
      ? sql`with m as materialized (select v.id, v.created_at from vpn_accounts v where ${where})
            select p.*, t.total from (select count(*)::int as total from m) t
            left join lateral (
              select ${columns} from vpn_accounts v
              where v.id in (select v.id from m v ${order})
              order by v.created_at desc, v.id desc
            ) p on true`
      : sql`select p.*, t.total from (select vpn_total as total from resellers where id = ${ownerId}) t
            left join lateral (select ${columns} from vpn_accounts v where ${where} ${order}) p on true`,
  );
  const now = ctx.clock.now();
  return {
    data: got.filter((r) => r.id !== null).map(({ total: _total, ...r }) => presentVpn(r, now)),
    total: Number(got[0]?.total ?? 0),
  };
}
