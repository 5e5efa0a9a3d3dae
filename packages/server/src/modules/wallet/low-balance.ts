/**
 * The reseller's own low-balance warning: when a charge takes what it can spend (its balance, or on
 * a postpaid account the credit left) from at or above its threshold to below it, one notification
 * and one e-mail, in the charge's transaction. Charges under the line say nothing more; money that
 * lifts it back above re-arms the warning for the next crossing. Charges on one wallet are
 * serialised by its row lock, so "before" and "after" are exact and a crossing happens once.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Unit } from '../../db/unit.js';
import { resellers } from '../../db/schema/index.js';
import { lowBalanceMail } from '../../adapters/mail/templates.js';
import { ownerLocale } from '../auth/people.js';
import { notice } from '@partner-panel/sdk';

export interface Charge {
  resellerId: number;
  amountCents: number;
  balanceAfterCents: number;
  creditLimitCents: number;
  thresholdCents: number | null;
}

export const crossedThreshold = (c: Charge) => {
  if (c.thresholdCents === null) return false;
  const after = c.balanceAfterCents + c.creditLimitCents;
  return after + c.amountCents >= c.thresholdCents && after < c.thresholdCents;
};

export async function warnOnLowBalance(ctx: Pick<AppContext, 'notifier' | 'mail' | 'config'>, unit: Unit, charge: Charge, formatUsd: (cents: number) => string) {
  if (!crossedThreshold(charge)) return;
  const [owner] = await unit.tx.select({ email: resellers.email, name: resellers.name, customUrl: resellers.customUrl }).from(resellers).where(eq(resellers.id, charge.resellerId));
  if (!owner) return;
  const postpaid = charge.creditLimitCents > 0;
  const leftCents = charge.balanceAfterCents + charge.creditLimitCents;
  const lineCents = charge.thresholdCents ?? 0;
  const left = formatUsd(leftCents);
  const line = formatUsd(lineCents);
  // A postpaid account has no wallet to fund: it is told of its credit line, and to talk to us.
  const message = notice(postpaid ? 'lowCredit' : 'lowBalance', { left, line });
  await ctx.notifier.notify(unit, charge.resellerId, { type: 'low_balance', message, redirect: postpaid ? null : 'billing/pay' });
  // The mail says the same in the Owner's language (the notification is worded in English, the API's
  // language, and the portal shows it in each reader's).
  await ctx.mail.enqueue(
    unit.tx,
    lowBalanceMail(await ownerLocale({ db: unit.tx }, charge.resellerId), {
      to: { email: owner.email, name: owner.name, id: charge.resellerId },
      leftCents,
      lineCents,
      postpaid,
      payUrl: postpaid ? null : `${ctx.config.publicUrl}/${owner.customUrl}/billing/pay`,
    }),
  );
}
