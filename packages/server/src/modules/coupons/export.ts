/**
 * The streamed coupon CSV export (the ticket: exports/ticket.ts). The rows stream out of
 * PostgreSQL's COPY. Reseller 903's file has no Coupon_ID column (001 §6).
 */
import type { Readable } from 'node:stream';
import { PgDialect } from 'drizzle-orm/pg-core';
import { RESTRICTED_RESELLER_ID } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { couponWhere, parseFilter, type CouponFilter } from './filter.js';

const ts = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The columns of the file, as SQL, in order. */
function columns(withId: boolean) {
  return [
    ...(withId ? [['Coupon_ID', 'c.id::text']] : []),
    ['Code', 'c.code'],
    ['Billing Type', `case c.billing_type when 1 then 'Recurring' else 'Onetime' end`],
    ['Billing Cycle', 'c.cycle'],
    ['Redeemed', `case when c.redeemed_at is null then 'no' else 'yes' end`],
    ['Generated At', ts('c.created_at')],
    ['Expires At', ts('c.expires_at')],
  ] as const;
}

/** The export as a stream of CSV text. */
export async function exportStream(ctx: Pick<AppContext, 'database'>, owner: number, filter: CouponFilter): Promise<Readable> {
  const f = parseFilter(filter);
  const cols = columns(owner !== RESTRICTED_RESELLER_ID);
  const where = couponWhere(owner, f);
  // COPY cannot take parameters: inline the (already validated) values as quoted literals.
  const inlined = new PgDialect().sqlToQuery(where.inlineParams()).sql;
  const select = `select ${cols.map(([name, expr]) => `${expr} as "${name}"`).join(', ')} from coupons c where ${inlined} order by c.created_at desc, c.id desc`;
  return ctx.database.copyOut(`copy (${select}) to stdout with (format csv, header true)`);
}
