/**
 * Deleting a selection of coupons (ours, beside 001 §4's one-at-a-time delete): the quote says
 * what it would refund first; the delete is all or nothing — one conditional update of the
 * unredeemed rows, one refund ledger row for their total and the counter, in one transaction. A
 * selection holding a redeemed or missing coupon is refused whole, so the amount a person
 * confirmed is the amount refunded.
 */
import { eq, sql } from 'drizzle-orm';
import { centsToDollars, messages, notice, description } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { transact } from '../../db/unit.js';
import { resellers } from '../../db/schema/index.js';
import { invalid } from '../../http/errors.js';
import { audit } from '../audit/index.js';
import { formatUsd, refund } from '../wallet/service.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'notifier' | 'log'>;

const idList = (ids: number[]) => sql.join([...new Set(ids)].map((id) => sql`${id}`), sql`, `);

export async function quoteDeletion(ctx: Pick<AppContext, 'db'>, ownerId: number, ids: number[]) {
  const found = await rows<{ id: number; price_cents: number; redeemed: boolean }>(
    ctx.db,
    sql`select id, price_cents, redeemed_at is not null as redeemed from coupons
        where id in (${idList(ids)}) and reseller_id = ${ownerId} and deleted_at is null`,
  );
  const seen = new Set(found.map((r) => Number(r.id)));
  const deletable = found.filter((r) => !r.redeemed);
  return {
    deletable: deletable.length,
    refund: centsToDollars(deletable.reduce((sum, r) => sum + Number(r.price_cents), 0)),
    redeemed: found.filter((r) => r.redeemed).map((r) => Number(r.id)).sort((a, b) => a - b),
    missing: [...new Set(ids)].filter((id) => !seen.has(id)).sort((a, b) => a - b),
  };
}

export async function deleteSelection(ctx: Ctx, ownerId: number, ids: number[]) {
  const wanted = new Set(ids).size;
  return transact(ctx, async (unit) => {
    const { tx } = unit;
    const removed = await rows<{ id: number; code: string; price_cents: number }>(
      tx,
      sql`update coupons set deleted_at = ${ctx.clock.now()}
          where id in (${idList(ids)}) and reseller_id = ${ownerId} and deleted_at is null and redeemed_at is null
          returning id, code, price_cents`,
    );
    // Anything short of the whole selection rolls the update back with the refusal.
    if (removed.length !== wanted) throw invalid(messages.couponSelectionChanged, 'ids');
    const total = removed.reduce((sum, r) => sum + Number(r.price_cents), 0);
    const balance =
      total > 0
        ? await refund(ctx, unit, {
            resellerId: ownerId,
            amountCents: total,
            kind: 'coupon_refund',
            reference: `coupons:${removed.map((r) => r.id).sort((a, b) => a - b)[0]}+${removed.length}`,
            description: description('couponsRefund', { smart_count: removed.length }),
          })
        : Number((await tx.select({ b: resellers.balanceCents }).from(resellers).where(eq(resellers.id, ownerId)))[0]?.b ?? 0);
    await tx.update(resellers).set({ couponsTotal: sql`${resellers.couponsTotal} - ${removed.length}` }).where(eq(resellers.id, ownerId));
    await audit(tx, { actorId: ownerId, action: 'coupons.deleted', targetType: 'coupon', targetId: Number(removed[0]?.id), data: { owner: ownerId, ids: removed.map((r) => Number(r.id)), refundedCents: total } });
    await ctx.notifier.notify(unit, ownerId, {
      type: 'coupon_refunded',
      message: notice('couponsRefunded', { smart_count: removed.length, amount: formatUsd(total) }),
      redirect: 'coupons/list',
    });
    return { deleted: removed.length, refunded: centsToDollars(total), balance: centsToDollars(balance) };
  });
}
