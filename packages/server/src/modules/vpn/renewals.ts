/**
 * Renewals: recurring subscriptions renew from their reseller's wallet when their period ends.
 * Each due account is claimed with FOR UPDATE SKIP LOCKED and renewed in a transaction of its own,
 * so several server processes can run the job at once and each account is renewed exactly once.
 * When the wallet cannot pay, the account is suspended and the reseller told. Three days before
 * renewals fall due, a reseller whose balance does not cover them is warned, once a period.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { errors, notice, description, type NoticeText } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { transact, type Unit } from '../../db/unit.js';
import type { AppError } from '../../http/errors.js';
import { resellers, vpnAccounts } from '../../db/schema/index.js';
import { addMonths } from '../../dates.js';
import { debit, formatUsd, isRefusedDebit } from '../wallet/service.js';
import { announce, renewalPrice } from './service.js';
import { liveBooks } from './books.js';
import { recordEvent } from '../events/record.js';
import { centsToDollars } from '@partner-panel/sdk';
import type { VpnRow } from './access.js';
import type { Schedule, Tasks } from '../../jobs/queue.js';

export const WARNING_DAYS = 3;
type Ctx = Pick<AppContext, 'db' | 'clock' | 'notifier' | 'log' | 'mail' | 'config'>;

export interface RenewalRun {
  renewed: number;
  suspended: number;
  warned: number;
}

async function suspend(ctx: Ctx, unit: Unit, account: VpnRow, message: NoticeText) {
  await unit.tx.update(vpnAccounts).set({ hostingStatus: 'suspended', updatedAt: ctx.clock.now() }).where(eq(vpnAccounts.id, account.id));
  await ctx.notifier.notify(unit, account.reseller_id, { type: 'vpn_suspended', message, redirect: 'vpn/list', refId: account.id });
  await announce(ctx, unit, liveBooks, account.id, 'vpn_user.renewal_failed', 'vpn_user.suspended');
}

/** Renews (or suspends) one due account; answers what happened, or null when none is due. */
async function renewOne(ctx: Ctx): Promise<'renewed' | 'suspended' | null> {
  const now = ctx.clock.now();
  return transact(ctx, async (unit) => {
    const [account] = await rows<VpnRow>(
      unit.tx,
      sql`select v.id, v.reseller_id, v.username, v.email, v.cycle, v.billing_type, v.product_id, v.addons, v.hosting_status, v.end_at, v.renewal_price_cents
          from vpn_accounts v
          where v.hosting_status = 'active' and v.billing_type = 1 and v.end_at <= ${now}
          order by v.end_at, v.id limit 1
          for update skip locked`,
    );
    if (!account) return null;
    const price = await renewalPrice(unit, account, now);
    if (!price) {
      // Nothing to charge it at: it cannot renew, and staying due would stall every later renewal.
      await suspend(ctx, unit, account, notice('vpnSuspendedRetired', { username: account.username }));
      return 'suspended';
    }
    const { months, unitCents } = price;
    const endAt = new Date(account.end_at);
    const nextEnd = addMonths(endAt, months);
    try {
      if (unitCents > 0) {
        await debit(ctx, unit, {
          resellerId: account.reseller_id,
          amountCents: unitCents,
          kind: 'vpn_renewal',
          reference: `vpn_account:${account.id}:renewal:${endAt.toISOString()}`,
          description: description('vpnRenewal', { username: account.username }),
        });
      }
    } catch (error) {
      if (!isRefusedDebit(error)) throw error;
      // The conditional debit wrote nothing: suspend instead, in the same transaction.
      const postpaid = (error as AppError).entry.code === errors.creditLimitReached.code;
      await suspend(
        ctx,
        unit,
        account,
        postpaid
          ? notice('vpnSuspendedOverCredit', { username: account.username, amount: formatUsd(unitCents) })
          : notice('vpnSuspendedUnpaid', { username: account.username, amount: formatUsd(unitCents) }),
      );
      return 'suspended';
    }
    await unit.tx
      .update(vpnAccounts)
      .set({ endAt: nextEnd, renewalPriceCents: unitCents, renewalWarnedAt: null, updatedAt: now })
      .where(eq(vpnAccounts.id, account.id));
    await ctx.notifier.notify(unit, account.reseller_id, {
      type: 'vpn_renewed',
      message: notice('vpnRenewed', { username: account.username, date: nextEnd.toISOString().slice(0, 10), amount: formatUsd(unitCents) }),
      redirect: 'vpn/list',
      refId: account.id,
    });
    await announce(ctx, unit, liveBooks, account.id, 'vpn_user.renewed');
    return 'renewed';
  });
}

/** Warns resellers whose balance will not cover the renewals of the next three days. */
async function warn(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const soon = new Date(now.getTime() + WARNING_DAYS * 86_400_000);
  const upcoming = await rows<VpnRow>(
    ctx.db,
    sql`select v.id, v.reseller_id, v.username, v.cycle, v.billing_type, v.product_id, v.addons, v.end_at, v.renewal_price_cents
        from vpn_accounts v
        where v.hosting_status = 'active' and v.billing_type = 1 and v.end_at > ${now} and v.end_at <= ${soon} and v.renewal_warned_at is null
        order by v.reseller_id limit 5000`,
  );
  const byReseller = new Map<number, VpnRow[]>();
  for (const a of upcoming) byReseller.set(a.reseller_id, [...(byReseller.get(a.reseller_id) ?? []), a]);
  let warned = 0;
  for (const [resellerId, accounts] of byReseller) {
    const done = await transact(ctx, async (unit) => {
      let due = 0;
      for (const a of accounts) due += (await renewalPrice(unit, a, ctx.clock.now()))?.unitCents ?? 0;
      const [owner] = await unit.tx
        .select({ balance: resellers.balanceCents, limit: resellers.creditLimitCents })
        .from(resellers)
        .where(eq(resellers.id, resellerId));
      const limit = owner?.limit ?? 0;
      // What can still be charged: the balance, and on a postpaid account what is left of its limit.
      if ((owner?.balance ?? 0) + limit >= due) return false;
      // Only the process that marks the accounts sends the warning.
      const marked = await unit.tx
        .update(vpnAccounts)
        .set({ renewalWarnedAt: now })
        .where(and(inArray(vpnAccounts.id, accounts.map((a) => a.id)), isNull(vpnAccounts.renewalWarnedAt)))
        .returning({ id: vpnAccounts.id });
      if (marked.length === 0) return false;
      await recordEvent(unit.tx, {
        resellerId,
        mode: 'live',
        type: 'wallet.low_balance',
        object: {
          object: 'wallet',
          balance: centsToDollars(owner?.balance ?? 0),
          credit_limit: centsToDollars(limit),
          renewals_due: marked.length,
          amount_due: centsToDollars(due),
          due_within_days: WARNING_DAYS,
        },
      });
      const renewals = { smart_count: marked.length, days: WARNING_DAYS, amount: formatUsd(due) };
      await ctx.notifier.notify(
        unit,
        resellerId,
        limit > 0
          ? {
              type: 'low_balance',
              message: notice('renewalsOverCredit', { ...renewals, left: formatUsd(Math.max(0, (owner?.balance ?? 0) + limit)) }),
              redirect: null,
            }
          : {
              type: 'low_balance',
              message: notice('renewalsNotCovered', { ...renewals, balance: formatUsd(owner?.balance ?? 0) }),
              redirect: 'billing/pay',
            },
      );
      return true;
    });
    if (done) warned++;
  }
  return warned;
}

/**
 * One-time accounts whose period has ended: nothing changes in them (their status reads Expired
 * from the date), but the reseller's server is told once, by a vpn_user.expired event.
 */
async function announceExpiries(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  return transact(ctx, async (unit) => {
    const expired = await rows<{ id: number }>(
      unit.tx,
      sql`update vpn_accounts set expiry_announced_at = ${now}
          where id in (select id from vpn_accounts
                       where hosting_status = 'active' and billing_type = 2 and end_at <= ${now} and expiry_announced_at is null
                       order by end_at limit 500 for update skip locked)
          returning id`,
    );
    for (const { id } of expired) await announce(ctx, unit, liveBooks, Number(id), 'vpn_user.expired');
    return expired.length;
  });
}

/** One run of the job: warnings first, then every due renewal. */
export async function runRenewals(ctx: Ctx): Promise<RenewalRun> {
  while ((await announceExpiries(ctx)) > 0);
  const run: RenewalRun = { renewed: 0, suspended: 0, warned: await warn(ctx) };
  for (;;) {
    const outcome = await renewOne(ctx);
    if (!outcome) return run;
    run[outcome]++;
  }
}

/** The renewal job's task. */
export const RENEWALS_TASK = 'vpn.renewals';

/**
 * The queue's work for renewals (jobs/queue.ts): the task, and its run every `intervalSeconds` (whole
 * minutes, counted from midnight UTC), queued once for every process together. While a run waits
 * for a worker, the next one replaces it rather than piling up. Runs may overlap (one outlasting
 * its interval, or held by a process that died until its lock expires): each account is claimed
 * with SKIP LOCKED, so it is renewed and charged once whoever runs it. No queue of their own: a
 * named queue stays locked behind a dead process's job, and renewals would wait with it.
 */
export function renewalJobs(ctx: Ctx, intervalSeconds: number): { tasks: Tasks; schedule: Schedule } {
  const minutes = Math.max(1, Math.round(intervalSeconds / 60));
  return {
    tasks: {
      [RENEWALS_TASK]: async () => {
        const r = await runRenewals(ctx);
        if (r.renewed || r.suspended || r.warned) ctx.log.info(r, 'renewals');
      },
    },
    schedule: [
      {
        task: RENEWALS_TASK,
        match: ({ hour, min }) => (hour * 60 + min) % minutes === 0,
        identifier: RENEWALS_TASK,
        // A failed run is not retried: the next one, an interval later, does its work.
        options: { jobKey: RENEWALS_TASK, maxAttempts: 1 },
      },
    ],
  };
}
