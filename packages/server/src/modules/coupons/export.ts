/**
 * The streamed coupon CSV export (the ticket: exports/ticket.ts): every column of the list, in the
 * list call's order, its rows out of PostgreSQL's COPY. Reseller 903's file has no Coupon_ID column
 * (001 §6).
 */
import type { Readable } from 'node:stream';
import { CYCLES, RESTRICTED_RESELLER_ID } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { copyCsv, csvTime, sqlText, type CsvColumn } from '../exports/copy.js';
import { couponWhere, parseFilter, type CouponFilter } from './filter.js';

/** The plan's label ("Annually Plan (12 Months)") as the list answers it, from the one table of cycles. */
const planLabel = `case c.cycle ${Object.entries(CYCLES)
  .map(([cycle, { label }]) => `when ${sqlText(cycle)} then ${sqlText(label)}`)
  .join(' ')} else c.cycle end`;

/** The columns of the file, as SQL, in order: the list call's fields. */
export function couponColumns(withId: boolean): CsvColumn[] {
  return [
    ...(withId ? [['Coupon_ID', 'c.id::text'] as const] : []),
    ['Code', 'c.code'],
    ['Billing Type', `case c.billing_type when 1 then 'Recurring' else 'Onetime' end`],
    ['Billing Cycle', 'c.cycle'],
    ['Redeemed', `case when c.redeemed_at is null then 'no' else 'yes' end`],
    ['Generated At', csvTime('c.created_at')],
    ['Expires At', csvTime('c.expires_at')],
    ['Plan', planLabel],
    ['Addon', 'a.name'],
    ['Redeemed At', csvTime('c.redeemed_at')],
    ['Redeemed By', 'v.email'],
  ];
}

/** The export as a stream of CSV text. */
export async function exportStream(ctx: Pick<AppContext, 'database'>, owner: number, filter: CouponFilter): Promise<Readable> {
  const from = 'from coupons c left join addons a on a.id = c.addon_id left join vpn_accounts v on v.id = c.vpn_account_id';
  return copyCsv(ctx, couponColumns(owner !== RESTRICTED_RESELLER_ID), from, couponWhere(owner, parseFilter(filter)), 'order by c.created_at desc, c.id desc');
}
