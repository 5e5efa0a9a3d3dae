/** Deleting a coupon (with its refund) and e-mailing one (001 §2.3, §4, §5). */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { REDEEM_PAGES, RESTRICTED_RESELLER_ID, centsToDollars, messages, notice, description, type Locale } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { transact } from '../../db/unit.js';
import { coupons, resellers } from '../../db/schema/index.js';
import { fail, invalid } from '../../http/errors.js';
import { couponMail } from '../../adapters/mail/templates.js';
import { localeOr } from '../../locales.js';
import { recordEvent } from '../events/record.js';
import { audit } from '../audit/index.js';
import { loadReseller } from '../profile/service.js';
import { formatUsd, refund } from '../wallet/service.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'notifier' | 'log' | 'mail' | 'config' | 'counters'>;

/**
 * Deletes an unredeemed coupon and refunds what was paid for it. An expired coupon that was never
 * redeemed is refunded too: the end customer never got a subscription for it (docs/api.md).
 */
export async function deleteCoupon(ctx: Ctx, actorId: number, ownerId: number, couponId: number) {
  return transact(ctx, async (unit) => {
    const { tx } = unit;
    const [removed] = await rows<{ code: string; price_cents: number }>(
      tx,
      sql`update coupons set deleted_at = ${ctx.clock.now()}
          where id = ${couponId} and reseller_id = ${ownerId} and deleted_at is null and redeemed_at is null
          returning code, price_cents`,
    );
    if (!removed) {
      const [existing] = await tx
        .select({ redeemedAt: coupons.redeemedAt })
        .from(coupons)
        .where(and(eq(coupons.id, couponId), eq(coupons.resellerId, ownerId), isNull(coupons.deletedAt)));
      throw fail(existing?.redeemedAt ? 'couponRedeemed' : 'couponNotFound');
    }
    const price = Number(removed.price_cents);
    const balance =
      price > 0
        ? await refund(ctx, unit, {
            resellerId: ownerId,
            amountCents: price,
            kind: 'coupon_refund',
            reference: `coupon:${couponId}`,
            description: description('couponRefund', { code: removed.code }),
            actorId: actorId === ownerId ? null : actorId,
          })
        : Number((await tx.select({ b: resellers.balanceCents }).from(resellers).where(eq(resellers.id, ownerId)))[0]?.b ?? 0);
    await tx.update(resellers).set({ couponsTotal: sql`${resellers.couponsTotal} - 1` }).where(eq(resellers.id, ownerId));
    await audit(tx, { actorId, action: 'coupon.deleted', targetType: 'coupon', targetId: couponId, data: { owner: ownerId, refundedCents: price }, ...(actorId === ownerId ? {} : { subjectId: ownerId, before: { code: removed.code }, after: { deleted: true, refunded: price / 100 } }) });
    await recordEvent(tx, {
      resellerId: ownerId,
      mode: 'live',
      type: 'coupon.deleted',
      object: { object: 'coupon', id: couponId, code: removed.code, refunded: centsToDollars(price) },
    });
    await ctx.notifier.notify(unit, ownerId, {
      type: 'coupon_refunded',
      message: notice('couponRefunded', { code: removed.code, amount: formatUsd(price) }),
      redirect: 'coupons/list',
      refId: couponId,
    });
    return { refunded: centsToDollars(price), balance: centsToDollars(balance) };
  });
}

/**
 * The language of a coupon's mail: the sending member's (they know their customers), English when
 * they chose none. A chosen one also goes into the redeem link (`lang`), so the page opens in it.
 */
export type CouponMailLocale = Locale | null;

/** Mails a coupon code to an end customer; reseller 903 also names the recipient. */
export async function sendCoupon(ctx: Ctx, ownerId: number, input: { coupon_id: number; email: string; full_name?: string | undefined }, locale: CouponMailLocale) {
  await mailCoupons(ctx, ownerId, { ...input, ids: [input.coupon_id] }, locale);
}

/**
 * Mails each coupon of a selection to one recipient (ours, beside 001 §5): the single coupon's mail
 * once per code, all or nothing, each mail counted against the hourly limit.
 */
export async function sendCoupons(ctx: Ctx, ownerId: number, input: { ids: number[]; email: string; full_name?: string | undefined }, locale: CouponMailLocale) {
  return mailCoupons(ctx, ownerId, input, locale);
}

async function mailCoupons(ctx: Ctx, ownerId: number, input: { ids: number[]; email: string; full_name?: string | undefined; coupon_id?: number }, locale: CouponMailLocale) {
  const owner = await loadReseller(ctx, ownerId);
  const partner = owner.id === RESTRICTED_RESELLER_ID;
  const fullName = input.full_name?.trim() ?? '';
  if (partner && !fullName) throw invalid(messages.fullNameRequiredCoupon, 'full_name');
  const ids = [...new Set(input.ids)];
  const found = await ctx.db
    .select()
    .from(coupons)
    .where(and(inArray(coupons.id, ids), eq(coupons.resellerId, ownerId), isNull(coupons.deletedAt)));
  const now = ctx.clock.now();
  const unsendable = found.length !== ids.length || found.some((c) => c.redeemedAt || c.expiresAt <= now);
  // One coupon keeps 001 §5's own refusals; a selection is refused whole, naming no single coupon.
  if (unsendable && input.coupon_id !== undefined) {
    const [coupon] = found;
    if (!coupon) throw fail('couponNotFound');
    throw fail(coupon.redeemedAt ? 'couponAlreadyRedeemed' : 'couponExpired');
  }
  if (unsendable) throw invalid(messages.couponSelectionUnsendable, 'ids');
  await ctx.counters.take(`coupon-send:${ownerId}`, ctx.config.rateLimits.couponMailsPerHour, 3600_000, found.length);
  await transact(ctx, async (unit) => {
    for (const coupon of found.sort((a, b) => a.id - b.id)) {
      // The link carries the code, so the page opens with it filled in, and the mail's language.
      const query = new URLSearchParams({ coupon: coupon.code, ...(locale ? { lang: locale } : {}) });
      const redeemUrl = `${ctx.config.publicUrl}${partner ? REDEEM_PAGES.partner : REDEEM_PAGES.public}?${query}`;
      await ctx.mail.enqueue(
        unit.tx,
        couponMail(localeOr(locale), {
          to: input.email,
          recipientName: fullName || null,
          resellerName: owner.name,
          code: coupon.code,
          plan: { cycle: coupon.cycle },
          expiresAt: coupon.expiresAt,
          redeemUrl,
          resellerId: owner.id,
        }),
      );
      await audit(unit.tx, { actorId: ownerId, action: 'coupon.sent', targetType: 'coupon', targetId: coupon.id, data: { to: input.email } });
    }
  });
  return { sent: found.length };
}
