/** A page of a reseller's VPN subscriptions, newest first, searchable. */
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

/** The WHERE of a reseller's subscriptions under a filter (aliases v, c): one for the page and the export. */
export function vpnWhere(ownerId: number, filter: VpnListFilter): SQL {
  const parts: SQL[] = [sql`v.reseller_id = ${ownerId}`];
  const search = filter.search?.trim() || filter.coupon?.code.trim() || '';
  if (search) parts.push(sql`(v.email ilike ${contains(search)} or v.username ilike ${contains(search)} or c.code ilike ${contains(search)})`);
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
  const data = await rows<VpnRecord & { total: number }>(
    ctx.db,
    sql`select v.id, v.username, v.email, c.code as coupon_code, v.cycle, v.billing_type, v.addons, v.hosting_status,
               v.start_at, v.end_at, v.created_at, count(*) over () as total
        from vpn_accounts v left join coupons c on c.id = v.coupon_id
        where ${where}
        order by v.created_at desc, v.id desc
        limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`,
  );
  let total = Number(data[0]?.total ?? 0);
  if (data.length === 0 && paging.page > 1) {
    const [row] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from vpn_accounts v left join coupons c on c.id = v.coupon_id where ${where}`);
    total = Number(row?.n ?? 0);
  }
  const now = ctx.clock.now();
  return { data: data.map((r) => presentVpn(r, now)), total };
}
