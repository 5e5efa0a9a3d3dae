/**
 * Generating coupons (001 §2.1, §5): priced from the owner's price book, paid from the owner's
 * wallet, all or nothing in one transaction. The wallet row is locked last, so concurrent
 * generations on one wallet wait for each other as briefly as possible.
 */
import { sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, COUPON_QUANTITY, COUPON_VALIDITY_MONTHS, CYCLES, RESTRICTED_RESELLER_ID, centsToDollars, messages } from '@partner-panel/sdk';
import type { AppContext, SessionReseller } from '../../context.js';
import { rows, type Tx } from '../../db/index.js';
import { transactClosing } from '../../db/unit.js';
import { addMonths } from '../../dates.js';
import { couponBatches } from '../../db/schema/index.js';
import { fail, invalid } from '../../http/errors.js';
import { recordEvent } from '../events/record.js';
import { audit } from '../audit/index.js';
import { loadReseller } from '../profile/service.js';
import { priceBook, priceOf } from '../products/pricing.js';
import { afterCharge, chargeStatement, formatUsd, refusalOf, type ChargedRow, type Movement } from '../wallet/service.js';
import { randomCodes } from './codes.js';

export interface GenerateInput {
  quantity: number;
  billing_cycle: string;
  product_id: number;
  addon_type: number | null;
  billing_type: 1 | 2;
  prefix: string;
}

type Ctx = Pick<AppContext, 'db' | 'database' | 'clock' | 'notifier' | 'log' | 'mail' | 'config'>;

/** Inserts the codes, replacing any that collide with an existing code, until all are in. */
async function insertCodes(
  tx: Tx,
  values: { ownerId: number; batchId: number; productId: number; billingType: number; cycle: string; addonId: number | null; unitCents: number; now: Date; expiresAt: Date; prefix: string },
  quantity: number,
): Promise<string[]> {
  const inserted: string[] = [];
  for (let attempt = 0; inserted.length < quantity; attempt++) {
    if (attempt > 5) throw fail('generateCoupons');
    const codes = randomCodes(values.prefix, quantity - inserted.length);
    const got = await rows<{ code: string }>(
      tx,
      sql`insert into coupons (reseller_id, batch_id, code, product_id, billing_type, cycle, addon_id, price_cents, created_at, expires_at)
          select ${values.ownerId}, ${values.batchId}, c, ${values.productId}, ${values.billingType}, ${values.cycle}, ${values.addonId},
                 ${values.unitCents}, ${values.now}, ${values.expiresAt}
          from unnest(string_to_array(${codes.join(',')}, ',')) as c
          on conflict (code) do nothing
          returning code`,
    );
    inserted.push(...got.map((r) => r.code));
  }
  return inserted;
}

export async function generateCoupons(ctx: Ctx, actor: SessionReseller, ownerId: number, input: GenerateInput) {
  // The owner and its prices at once (reads; a refused owner only wastes the second).
  const [owner, book] = await Promise.all([loadReseller(ctx, ownerId), priceBook(ctx.db, ownerId)]);
  const forSomeoneElse = owner.id !== actor.id;
  if (forSomeoneElse && actor.status !== ACCOUNT_STATUS.active) throw fail('accountInactive');
  if (owner.status !== ACCOUNT_STATUS.active) throw fail(forSomeoneElse ? 'userInactive' : 'accountInactive');
  const partner = owner.id === RESTRICTED_RESELLER_ID;
  if (partner) {
    // Reseller 903 sells one plan: recurring, biennial, no addon (000 §6).
    if (input.billing_type !== 1 || input.billing_cycle !== 'biennially' || input.addon_type !== null) throw fail('partnerPlanOnly');
  } else if (input.quantity > COUPON_QUANTITY.max) {
    throw invalid(messages.quantityRange, 'quantity');
  }
  const { product, addon, unitCents } = priceOf(book, {
    productId: input.product_id,
    billingType: input.billing_type,
    cycle: input.billing_cycle,
    addonId: input.addon_type,
  });
  const totalCents = unitCents * input.quantity;
  const now = ctx.clock.now();
  const expiresAt = addMonths(now, COUPON_VALIDITY_MONTHS);
  const prefix = input.prefix.toUpperCase();

  const label = `${input.quantity} × ${CYCLES[product.cycle].label}${addon ? ` + ${addon.name}` : ''}`;
  const movement = {
    resellerId: owner.id,
    amountCents: totalCents,
    kind: 'coupon_purchase',
    reference: '',
    description: `Coupons: ${label}`,
    actorId: forSomeoneElse ? actor.id : null,
  } as const;
  let charged: Movement = movement;
  let made: { codes: string[]; row: ChargedRow | undefined };
  try {
    made = await transactClosing(ctx, async (unit) => {
      const { tx } = unit;
      const [batch] = await tx
        .insert(couponBatches)
        .values({
          resellerId: owner.id,
          createdBy: actor.id,
          productId: product.id,
          addonId: addon?.id ?? null,
          quantity: input.quantity,
          unitPriceCents: unitCents,
          totalCents,
          prefix,
          createdAt: now,
        })
        .returning({ id: couponBatches.id });
      if (!batch) throw fail('generateCoupons');
      const plural = input.quantity === 1 ? 'coupon' : 'coupons';
      // Three independent writes queued on the transaction's connection together: the driver sends
      // each the moment the one before is answered, without a trip through this process between.
      const [codes] = await Promise.all([
        insertCodes(
          tx,
          { ownerId: owner.id, batchId: batch.id, productId: product.id, billingType: product.billingType, cycle: product.cycle, addonId: addon?.id ?? null, unitCents, now, expiresAt, prefix },
          input.quantity,
        ),
        audit(tx, { actorId: actor.id, action: 'coupons.generated', targetType: 'coupon_batch', targetId: batch.id, data: { owner: owner.id, quantity: input.quantity, totalCents }, ...(forSomeoneElse ? { subjectId: owner.id, after: { batch: batch.id, quantity: input.quantity, total: totalCents / 100 } } : {}) }),
        ctx.notifier.notify(unit, owner.id, {
          type: 'coupons_generated',
          message: forSomeoneElse
            ? `${actor.name} generated ${input.quantity} ${plural} for you (${formatUsd(totalCents)}).`
            : `${input.quantity} ${plural} generated for ${formatUsd(totalCents)}.`,
          redirect: 'coupons/list',
          refId: batch.id,
        }),
      ]);
      await recordEvent(tx, {
        resellerId: owner.id,
        mode: 'live',
        type: 'coupon.generated',
        object: {
          object: 'coupon_batch',
          id: batch.id,
          quantity: input.quantity,
          amount: centsToDollars(totalCents),
          billing_type: product.billingType,
          billing_cycle: product.cycle,
          addon: addon?.name ?? null,
          codes,
          expires_at: expiresAt.toISOString(),
        },
      });
      charged = { ...movement, reference: `coupon_batch:${batch.id}` };
      // Last, with the COMMIT right behind it: concurrent generations on one wallet hold its row
      // only for the charge and the commit (db/unit.ts).
      return {
        statement:
          totalCents > 0
            ? chargeStatement(ctx, charged, { couponsAdded: input.quantity })
            : sql`update resellers set coupons_total = coupons_total + ${input.quantity} where id = ${owner.id}
                  returning balance_cents as out_balance, credit_limit_cents as out_credit_limit, null::bigint as out_threshold`,
        answer: (row: ChargedRow | undefined) => ({ codes, row }),
      };
    });
  } catch (error) {
    throw await refusalOf(ctx, charged, error);
  }
  if (!made.row) throw fail('generateCoupons');
  const balance = totalCents > 0 ? await afterCharge(ctx, charged, made.row) : Number(made.row.out_balance);
  return {
    quantity: input.quantity,
    amount: centsToDollars(totalCents),
    balance: centsToDollars(balance),
    codes: made.codes,
    expires_at: expiresAt.toISOString(),
  };
}
