/**
 * Money ahead of time: how long what the reseller can spend lasts at its last 30 days' spend (from
 * the daily rollups), and the recurring renewals due in the next 7 and 30 days with their total.
 * A postpaid account (903) is shown its credit line, used and left, instead of a wallet.
 */
import { eq, sql } from 'drizzle-orm';
import { centsToDollars, type Forecast } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { resellers } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { rangeDays } from './series.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

const DAY_MS = 24 * 3600_000;

export async function forecast(ctx: Ctx, resellerId: number): Promise<Forecast> {
  const now = ctx.clock.now();
  const { from, to } = rangeDays('30d', now);
  const [row] = await rows<{
    balance: string;
    credit_limit: string;
    threshold: string | null;
    spend: string;
    due7: string;
    due7_cents: string;
    due30: string;
    due30_cents: string;
  }>(
    ctx.db,
    sql`select r.balance_cents as balance, r.credit_limit_cents as credit_limit, r.low_balance_threshold_cents as threshold,
          (select coalesce(sum(spend_cents), 0) from reseller_days where reseller_id = r.id and day between ${from}::date and ${to}::date) as spend,
          d.due7, d.due7_cents, d.due30, d.due30_cents
        from resellers r,
        lateral (select count(*) filter (where end_at <= ${new Date(now.getTime() + 7 * DAY_MS)}) as due7,
                        coalesce(sum(renewal_price_cents) filter (where end_at <= ${new Date(now.getTime() + 7 * DAY_MS)}), 0) as due7_cents,
                        count(*) as due30, coalesce(sum(renewal_price_cents), 0) as due30_cents
                 from vpn_accounts
                 where reseller_id = r.id and hosting_status = 'active' and billing_type = 1
                   and end_at > ${now} and end_at <= ${new Date(now.getTime() + 30 * DAY_MS)}) d
        where r.id = ${resellerId}`,
  );
  if (!row) throw fail('fetchDetails');
  const balance = Number(row.balance);
  const limit = Number(row.credit_limit);
  const available = balance + limit;
  const spend = Number(row.spend);
  return {
    balance: centsToDollars(balance),
    credit: limit > 0 ? { limit: centsToDollars(limit), used: centsToDollars(Math.max(0, -balance)), left: centsToDollars(Math.max(0, available)) } : null,
    available: centsToDollars(available),
    spend_last_30_days: centsToDollars(spend),
    // Whole days at the average daily spend; nothing spent, nothing to count down.
    days_left: spend > 0 ? Math.max(0, Math.floor(available / (spend / 30))) : null,
    renewals_next_7_days: { count: Number(row.due7), total: centsToDollars(Number(row.due7_cents)) },
    renewals_next_30_days: { count: Number(row.due30), total: centsToDollars(Number(row.due30_cents)) },
    low_balance_threshold: row.threshold === null ? null : centsToDollars(Number(row.threshold)),
  };
}

export async function setLowBalanceThreshold(ctx: Ctx, resellerId: number, thresholdCents: number | null) {
  await ctx.db.update(resellers).set({ lowBalanceThresholdCents: thresholdCents }).where(eq(resellers.id, resellerId));
  return forecast(ctx, resellerId);
}
