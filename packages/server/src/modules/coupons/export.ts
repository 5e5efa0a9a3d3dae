/**
 * The streamed CSV export. The portal asks for a short-lived signed ticket (POST), then lets the
 * browser download GET /api/v1/coupons/export?ticket=… natively, so a million rows go straight to
 * disk. The rows stream out of PostgreSQL's COPY.
 * Reseller 903's file has no Coupon_ID column (001 §6).
 */
import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import { PgDialect } from 'drizzle-orm/pg-core';
import { RESTRICTED_RESELLER_ID } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { safeEqual } from '../../adapters/realtime/signature.js';
import { couponWhere, parseFilter, type CouponFilter } from './filter.js';

const TICKET_TTL_MS = 2 * 60_000;

interface Ticket {
  owner: number;
  filter: CouponFilter;
  expires: number;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`coupon-export:${payload}`).digest('base64url');

export function issueTicket(ctx: Pick<AppContext, 'secret' | 'clock'>, owner: number, filter: CouponFilter) {
  parseFilter(filter); // refuse a bad filter now, not in the download
  const expires = ctx.clock.now().getTime() + TICKET_TTL_MS;
  const payload = Buffer.from(JSON.stringify({ owner, filter, expires } satisfies Ticket)).toString('base64url');
  return { ticket: `${payload}.${sign(ctx.secret, payload)}`, expires_at: new Date(expires).toISOString() };
}

export function readTicket(ctx: Pick<AppContext, 'secret' | 'clock'>, ticket: string): Ticket {
  const [payload, signature] = ticket.split('.');
  if (!payload || !signature || !safeEqual(signature, sign(ctx.secret, payload))) throw fail('exportTicketInvalid');
  const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Ticket;
  if (parsed.expires < ctx.clock.now().getTime()) throw fail('exportTicketInvalid');
  return parsed;
}

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

export const exportFileName = (now: Date) => `${now.toISOString().slice(0, 10)}-coupons.csv`;

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
