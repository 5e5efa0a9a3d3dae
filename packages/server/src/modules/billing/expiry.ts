/**
 * Abandoned deposits (ours, beside 002 §4). A deposit the reseller started and never completed
 * would stay pending for ever, and a partner listening to invoice.* would never hear how it ended:
 * once its latest attempt is PENDING_DEPOSIT_HOURS old (on the app's clock), a job on the queue
 * closes it as a declined one is closed — the invoice cancelled and invoice.cancelled in the same
 * transaction — and marks its unfinished payments failed with the catalogue's paymentExpired. No
 * notification: a declined deposit sends none either, and nothing was owed.
 *
 * Money that arrives after all (a late Stripe or PayPal notification, the success page's check)
 * is still credited by the one crediting function, which turns any payment not yet succeeded and
 * marks a cancelled invoice paid (invoice.paid): the money was taken, so the wallet gets it.
 *
 * Exactly once: each deposit is closed in a transaction of its own that locks its pending payments
 * and then its invoice (the order the crediting function takes them in, so the two cannot
 * deadlock), then checks again with what has committed meanwhile; a second run, in this process or
 * another, finds it no longer pending and writes nothing.
 */
import { sql } from 'drizzle-orm';
import type { CronItem, Task } from 'graphile-worker';
import { errors } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows, type Tx } from '../../db/index.js';
import { transact } from '../../db/unit.js';
import { audit } from '../audit/index.js';
import { cancelPendingInvoice, EXPIRED_PAYMENT_CODE, PENDING_DEPOSIT_HOURS } from './invoices.js';

export const EXPIRE_DEPOSITS_TASK = 'billing.expire_deposits';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'log'>;

/** Candidates are read in pages of this many, by id, so one run closes any backlog without a long transaction. */
const PAGE = 200;

/**
 * Still an abandoned deposit: pending, made before the cutoff, and no attempt started since. An
 * attempt at a declined deposit makes it pending again under its old date, so the age is the
 * latest attempt's, not the invoice's.
 */
const abandoned = (cutoff: Date) =>
  sql`i.status = 'pending' and i.created_at < ${cutoff}
      and not exists (select 1 from payments p where p.invoice_id = i.id and p.created_at >= ${cutoff})`;

async function expireOne(ctx: Ctx, invoiceId: number, cutoff: Date): Promise<boolean> {
  return transact(ctx, async (unit) => {
    const tx: Tx = unit.tx;
    await tx.execute(sql`select id from payments where invoice_id = ${invoiceId} and status = 'pending' order by id for update`);
    await tx.execute(sql`select id from invoices where id = ${invoiceId} for update`);
    // A new statement sees what committed while the locks were awaited: a credit, another run's
    // close, or an attempt started on it (which locks the invoice first, so it is in or waits).
    const [due] = await rows<{ id: number }>(tx, sql`select i.id from invoices i where i.id = ${invoiceId} and ${abandoned(cutoff)}`);
    if (!due) return false;
    const now = ctx.clock.now();
    const expired = await rows<{ id: number }>(
      tx,
      sql`update payments set status = 'failed', failure_code = ${EXPIRED_PAYMENT_CODE}, failure_message = ${errors.paymentExpired.message}, updated_at = ${now}
          where invoice_id = ${invoiceId} and status = 'pending' returning id`,
    );
    await cancelPendingInvoice(tx, invoiceId);
    await audit(tx, { actorId: null, action: 'invoice.expired', targetType: 'invoice', targetId: invoiceId, data: { payments: expired.map((p) => Number(p.id)) } });
    return true;
  });
}

/** Closes every deposit abandoned for PENDING_DEPOSIT_HOURS; answers how many this run closed. */
export async function expireDeposits(ctx: Ctx): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - PENDING_DEPOSIT_HOURS * 3_600_000);
  let closed = 0;
  let after = 0;
  for (;;) {
    const page = await rows<{ id: number }>(
      ctx.db,
      sql`select i.id from invoices i where i.id > ${after} and ${abandoned(cutoff)} order by i.id limit ${PAGE}`,
    );
    for (const { id } of page) if (await expireOne(ctx, Number(id), cutoff)) closed++;
    const last = page.at(-1);
    if (page.length < PAGE || !last) return closed;
    after = Number(last.id);
  }
}

export function billingTasks(ctx: Ctx): Record<string, Task> {
  return {
    [EXPIRE_DEPOSITS_TASK]: async () => {
      const closed = await expireDeposits(ctx);
      if (closed) ctx.log.info({ closed }, 'abandoned deposits closed');
    },
  };
}

/**
 * Every five minutes, in whichever process's queue schedules it first (graphile-worker records each
 * slot once, in `_private_known_crontabs`). A failed run is not retried: the next slot runs anyway,
 * and a waiting run is not queued twice (its key).
 */
export const billingSchedule: CronItem[] = [
  { task: EXPIRE_DEPOSITS_TASK, match: '*/5 * * * *', identifier: EXPIRE_DEPOSITS_TASK, options: { maxAttempts: 1, jobKey: EXPIRE_DEPOSITS_TASK } },
];
