/**
 * The dashboard over time (ours: 000 §2 shows counters only): a reseller's figures per day or per
 * month from the daily rollups, and for an admin its users ranked by what they spend.
 */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { usd } from '../common.js';
import { lowBalanceThresholdField, messages } from '../rules.js';

/** The ranges the charts offer: 7, 30 or 90 days by day, or 12 months by month. */
export const INSIGHT_RANGES = ['7d', '30d', '90d', '12m'] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];

export const insightQuery = z.object({
  range: z.enum(INSIGHT_RANGES, { error: messages.insightRange }).optional().describe('7d (default), 30d, 90d or 12m'),
});

export const insightPointSchema = z.object({
  /** The day (YYYY-MM-DD, UTC) or, for 12m, the month's first day. */
  date: z.string(),
  /** Paid for coupons and VPN accounts in the period, less coupon refunds. */
  spend: usd,
  coupons_generated: z.number(),
  coupons_redeemed: z.number(),
  coupons_deleted: z.number(),
  /** VPN subscriptions active at the end of the period (today: at its end, as things stand). */
  active_subscriptions: z.number(),
  /** Redeemed ÷ kept (generated less deleted) of all coupons up to the period's end; null before any. */
  redemption_rate: z.number().nullable(),
});
export type InsightPoint = z.infer<typeof insightPointSchema>;

export const dashboardSeries = defineCall({
  method: 'GET',
  path: '/api/v1/dashboard/series',
  access: 'reseller',
  permission: 'account.read',
  spec: 'ours (the dashboard over time, beside 000 §2)',
  summary: "The signed-in reseller's spend, coupons generated and redeemed, active subscriptions and redemption rate per day (7d, 30d, 90d) or per month (12m), oldest first, every period present.",
  query: insightQuery,
  response: z.object({
    range: z.enum(INSIGHT_RANGES),
    bucket: z.enum(['day', 'month']),
    points: z.array(insightPointSchema),
    totals: z.object({ spend: usd, coupons_generated: z.number(), coupons_redeemed: z.number(), coupons_deleted: z.number() }),
  }),
  successCode: 20022,
});

export const subResellerRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  spend: usd,
  coupons_generated: z.number(),
  coupons_redeemed: z.number(),
});
export type SubResellerRow = z.infer<typeof subResellerRowSchema>;

export const subResellerRanking = defineCall({
  method: 'GET',
  path: '/api/v1/dashboard/users',
  access: 'admin',
  permission: 'subresellers.read',
  spec: 'ours (an admin sees how each of its users does, beside 002)',
  summary: "The admin's own users ranked by spend in the range, then by coupons generated; users with nothing in the range follow with zeros.",
  query: insightQuery,
  response: z.object({ range: z.enum(INSIGHT_RANGES), rows: z.array(subResellerRowSchema) }),
  successCode: 20023,
});

const dueRenewals = z.object({ count: z.number(), total: usd });

export const forecastSchema = z.object({
  /** The wallet's balance; on a postpaid account (903) below zero is what it owes. */
  balance: usd,
  /** A postpaid account's credit line instead of a wallet; null for a prepaid one. */
  credit: z.object({ limit: usd, used: usd, left: usd }).nullable(),
  /** What can still be spent: the balance, or the credit left. */
  available: usd,
  spend_last_30_days: usd,
  /** Days `available` lasts at the last 30 days' average spend; null when nothing was spent. */
  days_left: z.number().nullable(),
  renewals_next_7_days: dueRenewals,
  renewals_next_30_days: dueRenewals,
  low_balance_threshold: usd.nullable(),
});
export type Forecast = z.infer<typeof forecastSchema>;

export const dashboardForecast = defineCall({
  method: 'GET',
  path: '/api/v1/dashboard/forecast',
  access: 'reseller',
  permission: 'account.read',
  spec: 'ours (the wallet tile, beside 000 §2)',
  summary: 'How long the money lasts at the last 30 days\' spend, the recurring renewals due in 7 and 30 days with their total, and the low-balance warning line.',
  response: forecastSchema,
  successCode: 20024,
});

export const setLowBalanceThreshold = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/low-balance',
  access: 'reseller',
  permission: 'account.manage',
  spec: 'ours (a warning line the reseller sets on its profile)',
  summary: 'Sets the amount under which the reseller is warned once, by notification and e-mail, each time what it can spend falls below it; null or empty turns it off.',
  body: z.object({ threshold: lowBalanceThresholdField }).strict(),
  response: forecastSchema,
  successCode: 20082,
});
