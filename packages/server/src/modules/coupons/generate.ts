/**
 * Generating coupons (001 §2.1, §5): priced from the owner's price book, paid from the owner's
 * wallet, all or nothing: the batch, its codes, the audit entry, the notification, the event and
 * the ledger row are written with the debit that pays them, in the statement that charges the
 * wallet together with the other charges waiting for it (wallet/group-commit.ts).
 */
import { ACCOUNT_STATUS, COUPON_QUANTITY, COUPON_VALIDITY_MONTHS, CYCLES, RESTRICTED_RESELLER_ID, centsToDollars, messages, notice, description } from '@partner-panel/sdk';
import { inactiveRefusal } from '../profile/status.js';
import type { AppContext, SessionReseller } from '../../context.js';
import { nextId } from '../../db/ids.js';
import { addMonths } from '../../dates.js';
import { fail, invalid, isUniqueViolation } from '../../http/errors.js';
import { eventRow, newEventId } from '../events/record.js';
import { auditRow } from '../audit/index.js';
import { auditLog, couponBatches, coupons, events, notifications } from '../../db/schema/index.js';
import { loadReseller } from '../profile/service.js';
import { priceOf, type PriceBook } from '../products/pricing.js';
import { withPriceBook } from '../products/price-cache.js';
import type { Paid } from '../wallet/group-commit.js';
import { afterCharge, chargeWallet, formatUsd, type Movement } from '../wallet/service.js';
import { batchRows } from '../wallet/batch-rows.js';
import { randomCodes } from './codes.js';

export interface GenerateInput {
  quantity: number;
  billing_cycle: string;
  product_id: number;
  addon_type: number | null;
  billing_type: 1 | 2;
  prefix: string;
}

type Ctx = Pick<AppContext, 'db' | 'database' | 'clock' | 'notifier' | 'log' | 'mail' | 'config' | 'chargeQueues' | 'priceBooks'>;

export async function generateCoupons(ctx: Ctx, actor: SessionReseller, ownerId: number, input: GenerateInput) {
  // A reseller generating for itself was read with its session, in this request.
  const owner = ownerId === actor.id ? actor : await loadReseller(ctx, ownerId);
  const forSomeoneElse = owner.id !== actor.id;
  if (forSomeoneElse && actor.status !== ACCOUNT_STATUS.active) throw await inactiveRefusal(ctx.db, actor.id, 'own');
  if (owner.status !== ACCOUNT_STATUS.active) throw await inactiveRefusal(ctx.db, owner.id, forSomeoneElse ? 'user' : 'own');
  const partner = owner.id === RESTRICTED_RESELLER_ID;
  if (partner) {
    // Reseller 903 sells one plan: recurring, biennial, no addon (000 §6).
    if (input.billing_type !== 1 || input.billing_cycle !== 'biennially' || input.addon_type !== null) throw fail('partnerPlanOnly');
  } else if (input.quantity > COUPON_QUANTITY.max) {
    throw invalid(messages.quantityRange, 'quantity');
  }
  // Priced from the owner's kept price book: the charge is refused as stale, and priced again from a
  // fresh one, should the prices have moved since it was read (products/price-cache.ts).
  return withPriceBook(ctx, owner.id, (book) => chargeGeneration(ctx, actor, owner, input, book), { kept: true });
}

/** Prices the generation from `book` and charges it with its rows; answers what the call answers. */
async function chargeGeneration(ctx: Ctx, actor: SessionReseller, owner: { id: number }, input: GenerateInput, book: PriceBook) {
  const forSomeoneElse = owner.id !== actor.id;
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

  const bought = { quantity: input.quantity, cycle: CYCLES[product.cycle].label };
  const movement = {
    resellerId: owner.id,
    amountCents: totalCents,
    kind: 'coupon_purchase',
    reference: '',
    description: addon ? description('couponsWithAddon', { ...bought, addon: addon.name }) : description('coupons', bought),
    actorId: forSomeoneElse ? actor.id : null,
    // The member spending: the ledger names them, and wallet_move holds them to their daily limit.
    personId: actor.personId,
  } as const;
  const generated = {
    type: 'coupons_generated',
    message: forSomeoneElse
      ? notice('couponsGeneratedFor', { name: actor.name, smart_count: input.quantity, amount: formatUsd(totalCents) })
      : notice('couponsGenerated', { smart_count: input.quantity, amount: formatUsd(totalCents) }),
    redirect: 'coupons/list',
  } as const;
  // The batch's id is drawn first, so that every row of the generation (the codes, the audit
  // entry, the notification, the event, the ledger row's reference) can be written in the one
  // statement that charges it with the other charges waiting for the same wallet (wallet/group-commit.ts).
  const batchId = await nextId(ctx.db, 'coupon_batches_id_seq');
  const charged: Movement = { ...movement, reference: `coupon_batch:${batchId}` };
  const notification = ctx.notifier.row(owner.id, { ...generated, refId: batchId });
  let codes: string[] = [];
  let paid: Paid | undefined;
  // A code already taken (one chance in 2^60 per code) undoes the charge alone: draw them again.
  for (let attempt = 0; !paid; attempt++) {
    codes = randomCodes(prefix, input.quantity);
    try {
      paid = await chargeWallet(ctx, {
        movement: charged,
        pricedAt: book.versions,
        couponsAdded: input.quantity,
        rows: [
          batchRows(couponBatches, [{ id: batchId, resellerId: owner.id, createdBy: actor.id, productId: product.id, addonId: addon?.id ?? null, quantity: input.quantity, unitPriceCents: unitCents, totalCents, prefix, createdAt: now }]),
          batchRows(coupons, codes.map((code) => ({ resellerId: owner.id, batchId, code, productId: product.id, billingType: product.billingType, cycle: product.cycle, addonId: addon?.id ?? null, priceCents: unitCents, createdAt: now, expiresAt }))),
          batchRows(auditLog, [auditRow({ actorId: actor.id, action: 'coupons.generated', targetType: 'coupon_batch', targetId: batchId, data: { owner: owner.id, quantity: input.quantity, totalCents }, ...(forSomeoneElse ? { subjectId: owner.id, after: { batch: batchId, quantity: input.quantity, total: totalCents / 100 } } : {}) })]),
          batchRows(notifications, [notification]),
          batchRows(
            events,
            [
              eventRow(newEventId(), {
                resellerId: owner.id,
                mode: 'live',
                type: 'coupon.generated',
                object: {
                  object: 'coupon_batch',
                  id: batchId,
                  quantity: input.quantity,
                  amount: centsToDollars(totalCents),
                  billing_type: product.billingType,
                  billing_cycle: product.cycle,
                  addon: addon?.name ?? null,
                  codes,
                  expires_at: expiresAt.toISOString(),
                },
              }),
            ],
          ),
        ],
      });
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'coupons_code_key')) throw error;
    }
  }
  ctx.notifier.published(notification, paid.at);
  const balance = totalCents > 0 ? await afterCharge(ctx, charged, paid) : Number(paid.out_balance);
  return {
    quantity: input.quantity,
    amount: centsToDollars(totalCents),
    balance: centsToDollars(balance),
    codes,
    expires_at: expiresAt.toISOString(),
  };
}
