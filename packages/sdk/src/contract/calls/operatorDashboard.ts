/**
 * The operator's programme dashboard (ours, issue 35): the whole programme's active resellers,
 * spend, coupons generated and redeemed and VPN accounts over 7, 30 or 90 UTC days beside the
 * previous range of the same length, per day from the resellers' daily rollups; and the health of
 * what runs behind it — webhook endpoints failing, the job queue's depth, mail not delivered.
 * Access `operator`, permission `operator.read`: no reseller, admin or not, reaches it.
 */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { isoDate, usd } from '../common.js';
import { messages } from '../rules.js';

/** The ranges the dashboard offers, in UTC days ending today. */
export const PROGRAMME_RANGES = [7, 30, 90] as const;
export type ProgrammeRange = (typeof PROGRAMME_RANGES)[number];
/** How many failing webhook endpoints the health card names (the count is of all). */
export const FAILING_ENDPOINTS_LISTED = 10;

export const programmeTotals = z.object({
  active_resellers: z.number().describe('resellers who spent on at least one day of the range (a day whose spend, net of refunds, is above zero)'),
  spend: usd.describe('spent on coupons and VPN accounts across resellers, net of coupon refunds'),
  coupons_generated: z.number(),
  coupons_redeemed: z.number(),
  vpn_active: z.number().describe("VPN accounts active at the range's end (the current range: now)"),
  new_resellers: z.number().describe('reseller accounts opened in the range'),
});
export type ProgrammeTotals = z.infer<typeof programmeTotals>;

export const programmeDay = z.object({
  date: z.string().describe('the UTC day, YYYY-MM-DD'),
  spend: usd,
  coupons_generated: z.number(),
  coupons_redeemed: z.number(),
  vpn_started: z.number(),
  vpn_ended: z.number(),
  vpn_active: z.number().describe("VPN accounts active at the day's end"),
  active_resellers: z.number().describe('resellers whose spend that day is above zero'),
});
export type ProgrammeDay = z.infer<typeof programmeDay>;

export const failingEndpoint = z.object({
  id: z.number(),
  url: z.string(),
  mode: z.enum(['live', 'sandbox']),
  status: z.enum(['enabled', 'disabled']).describe('disabled: turned off after failing too long, or by its reseller'),
  reseller: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  failing_since: isoDate,
});
export type FailingEndpoint = z.infer<typeof failingEndpoint>;

export const programmeHealth = z.object({
  webhooks: z.object({
    failing: z.number().describe('endpoints whose every attempt has failed since `failing_since`'),
    endpoints: z.array(failingEndpoint).describe('the longest failing first, at most 10'),
  }),
  queue: z.object({
    depth: z.number().describe('jobs due now and not yet done'),
    scheduled: z.number().describe('jobs waiting for a later time'),
    oldest_age_seconds: z.number().describe('how long the oldest due job has waited (0 when none)'),
    failed: z.number().describe('jobs whose attempts are all used'),
  }),
  mail: z.object({
    undelivered: z.number().describe('mails in the outbox not sent yet'),
    failing: z.number().describe('of those, mails whose last attempt failed (retried with a backoff)'),
    oldest_at: isoDate.nullable().describe('when the oldest undelivered mail was written'),
  }),
});
export type ProgrammeHealth = z.infer<typeof programmeHealth>;

export const programmeDashboardAnswer = z.object({
  days: z.number(),
  from: z.string().describe('the first day of the range (UTC)'),
  to: z.string().describe('the last day of the range: today (UTC)'),
  previous_from: z.string(),
  previous_to: z.string(),
  totals: programmeTotals,
  previous: programmeTotals.describe('the same figures for the previous range of the same length'),
  series: z.array(programmeDay).describe('every day of the range, oldest first'),
  health: programmeHealth,
});
export type ProgrammeDashboard = z.infer<typeof programmeDashboardAnswer>;

export const programmeDashboard = defineCall({
  method: 'GET',
  path: '/api/v1/operator/dashboard',
  access: 'operator',
  permission: 'operator.read',
  spec: 'ours (issue 35: programme dashboard)',
  summary:
    "The programme over 7, 30 (default) or 90 UTC days beside the previous range: active resellers, spend, coupons generated and redeemed, VPN accounts, new resellers, per day from the daily rollups; and the health of webhooks, the job queue and mail.",
  query: z.object({
    days: z
      .union([z.number({ error: messages.programmeDays }), z.string({ error: messages.programmeDays })], { error: messages.programmeDays })
      .transform((value, ctx) => {
        const n = typeof value === 'number' ? value : /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : NaN;
        if (!(PROGRAMME_RANGES as readonly number[]).includes(n)) {
          ctx.addIssue({ code: 'custom', message: messages.programmeDays });
          return z.NEVER;
        }
        return n as ProgrammeRange;
      })
      .optional()
      .describe('7, 30 (default) or 90'),
  }),
  response: programmeDashboardAnswer,
  successCode: 150501,
});
