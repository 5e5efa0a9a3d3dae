/**
 * The streamed CSV export of a subscription list (001 §2.9): the screen's nine columns and labels,
 * dates as YYYY-MM-DD (UTC), whatever the size; read in keyset batches on both databases.
 */
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { CYCLES, type Cycle } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { csvField } from '../exports/ticket.js';
import { vpnWhere, type VpnListFilter } from './list.js';
import { presentVpn, type VpnRecord } from './present.js';

const BATCH = 2_000;

export const VPN_CSV_HEADER = ['Coupon', 'Email', 'VPN Username', 'Billing Cycle', 'Billing Type', 'Addon(s)', 'Status', 'Start Date', 'End Date'];

export function vpnExportStream(ctx: Pick<AppContext, 'db' | 'clock'>, owner: number, filter: VpnListFilter): Readable {
  return Readable.from(batches(ctx, owner, filter));
}

async function* batches(ctx: Pick<AppContext, 'db' | 'clock'>, owner: number, filter: VpnListFilter) {
  yield `${VPN_CSV_HEADER.join(',')}\n`;
  const now = ctx.clock.now();
  let after: { created_at: string; id: number } | null = null;
  for (;;) {
    const keyset = after ? sql`and (v.created_at, v.id) < (${after.created_at}::timestamptz, ${after.id})` : sql``;
    const page = await rows<VpnRecord & { k_created: string }>(
      ctx.db,
      sql`select v.id, v.username, v.email, c.code as coupon_code, v.cycle, v.billing_type, v.addons, v.hosting_status,
                 v.start_at, v.end_at, v.created_at, v.created_at::text as k_created
          from vpn_accounts v left join coupons c on c.id = v.coupon_id
          where ${vpnWhere(owner, filter)} ${keyset}
          order by v.created_at desc, v.id desc limit ${BATCH}`,
    );
    if (page.length === 0) return;
    let chunk = '';
    for (const r of page) {
      const a = presentVpn(r, now);
      const line = [
        a.coupon ?? '',
        a.email,
        a.vpn_username,
        CYCLES[a.billing_cycle as Cycle]?.label ?? a.billing_cycle,
        a.billing_type === 1 ? 'Recursive' : 'Non-Recursive',
        a.addons.join('; '),
        a.status,
        a.start_date.slice(0, 10),
        a.end_date.slice(0, 10),
      ];
      chunk += `${line.map(csvField).join(',')}\n`;
    }
    yield chunk;
    const last = page[page.length - 1] as VpnRecord & { k_created: string };
    after = { created_at: last.k_created, id: Number(last.id) };
    if (page.length < BATCH) return;
  }
}
