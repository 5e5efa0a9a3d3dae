/**
 * The coupon list filter (001 §3): code (a prefix, in any case), a date range of generation
 * (inclusive days, UTC) and the billing type; ours beside it: the code as a fragment anywhere
 * (the trigram index), redeemed or not, the plan, and a selection of ids (an export of the rows a
 * person ticked). One SQL condition for the page, the count and the export.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isInvertedRange, messages } from '@partner-panel/sdk';
import { invalid } from '../../http/errors.js';

export interface CouponFilter {
  code: string;
  dateStart: string;
  dateEnd: string;
  billingType: '' | 1 | 2;
  code_match?: 'prefix' | 'fragment' | undefined;
  redeemed?: 'all' | 'yes' | 'no' | undefined;
  plan?: string | undefined;
  ids?: number[] | undefined;
}

export interface ParsedFilter {
  codePrefix: string | null;
  from: Date | null;
  /** Exclusive: the day after dateEnd. */
  until: Date | null;
  billingType: 1 | 2 | null;
  /** The code holds codePrefix anywhere, not only at its start. */
  fragment: boolean;
  redeemed: boolean | null;
  plan: string | null;
  ids: number[] | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string, field: string): Date {
  const d = new Date(`${value}T00:00:00Z`);
  // Years outside 1970–9998 name no coupon, and past 9999 the next day has no ISO form.
  if (!DAY.test(value) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value || d.getUTCFullYear() < 1970 || d.getUTCFullYear() > 9998) {
    throw invalid(messages.dateInvalid, field);
  }
  return d;
}

export function parseFilter(f: CouponFilter): ParsedFilter {
  const from = f.dateStart ? day(f.dateStart, 'dateStart') : null;
  const end = f.dateEnd ? day(f.dateEnd, 'dateEnd') : null;
  if (isInvertedRange(f.dateStart, f.dateEnd)) throw invalid(messages.dateRangeInverted, 'dateEnd');
  // Codes hold only upper-case letters, digits and dashes; anything else cannot match (nor inject a LIKE wildcard).
  const prefix = f.code.trim().toUpperCase().replace(/[^0-9A-Z-]/g, '');
  return {
    codePrefix: prefix || null,
    from,
    until: end ? new Date(end.getTime() + 24 * 3600_000) : null,
    billingType: f.billingType === '' ? null : f.billingType,
    fragment: f.code_match === 'fragment',
    redeemed: f.redeemed === 'yes' ? true : f.redeemed === 'no' ? false : null,
    plan: f.plan || null,
    ids: f.ids?.length ? f.ids : null,
  };
}

export const isFiltered = (f: ParsedFilter) =>
  f.codePrefix !== null || f.from !== null || f.until !== null || f.billingType !== null || f.redeemed !== null || f.plan !== null || f.ids !== null;

/** The WHERE of a reseller's live coupons under a filter (alias c). */
export function couponWhere(ownerId: number, f: ParsedFilter): SQL {
  const parts: SQL[] = [sql`c.reseller_id = ${ownerId}`, sql`c.deleted_at is null`];
  if (f.codePrefix) parts.push(sql`c.code like ${f.fragment ? `%${f.codePrefix}%` : `${f.codePrefix}%`}`);
  // ISO text cast in SQL: the same on both drivers, and safe to inline for COPY.
  if (f.from) parts.push(sql`c.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.until) parts.push(sql`c.created_at < ${f.until.toISOString()}::timestamptz`);
  if (f.billingType) parts.push(sql`c.billing_type = ${f.billingType}`);
  if (f.redeemed !== null) parts.push(f.redeemed ? sql`c.redeemed_at is not null` : sql`c.redeemed_at is null`);
  if (f.plan) parts.push(sql`c.cycle = ${f.plan}`);
  // Listed as literals, not an array parameter, so the export's inlined COPY reads them too.
  if (f.ids) parts.push(sql`c.id in (${sql.join(f.ids.map((id) => sql`${id}`), sql`, `)})`);
  return sql.join(parts, sql` and `);
}
