/**
 * Redeeming a coupon (002 §2, §4, §7): a visitor turns a live coupon into a VPN account of the
 * coupon's reseller, through the one VPN account service, and the coupon is marked redeemed in the
 * same transaction. The public page redeems every reseller's coupons but 903's, the partner page
 * only 903's. Every unusable code gets the same answer; the reason is logged, never shown.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, RESTRICTED_RESELLER_ID, messages, notice, type CYCLES, type Locale } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { transact } from '../../db/unit.js';
import { fail, invalid } from '../../http/errors.js';
import { DEDICATED_IP_LOCATIONS } from '../../catalogue.js';
import { hashPassword } from '../auth/passwords.js';
import { RANDOM_CHARS } from '../coupons/codes.js';
import { recordEvent } from '../events/record.js';
import { openAccount, withFreshUsername } from '../vpn/service.js';
import { redeemableFrom } from './embeds.js';
import { admitAddress, countRefusal } from './guessing.js';

type Ctx = Pick<AppContext, 'db' | 'database' | 'clock' | 'notifier' | 'log' | 'mail' | 'config' | 'counters' | 'captcha' | 'chargeQueues' | 'priceBooks'>;

/** Which page the call came from: `/redeem` or the partner's `/redeem/brainrocket`. */
export type RedeemPage = 'public' | 'partner';

export interface RedeemInput {
  name: string;
  email: string;
  password: string;
  coupon: string;
  addon_id: number | null;
  token: string;
}

interface CouponRow {
  id: number;
  reseller_id: number;
  reseller_name: string;
  code: string;
  product_id: number;
  billing_type: number;
  cycle: keyof typeof CYCLES;
  months: number;
  price_cents: number;
  addon_key: string | null;
  addon_name: string | null;
  expires_at: Date | string;
  redeemed_at: Date | string | null;
  deleted_at: Date | string | null;
}

/** Longer than any code a generation makes (a prefix of at most 12 characters and 12 random ones). */
const MAX_CODE_LENGTH = 32;

/** Codes are stored upper-case; people type them in any case, and copy spaces from a mail. */
export const normalizeCode = (code: string) => code.toUpperCase().replace(/\s+/g, '');

/** The generation prefix of a code (everything before its random part), for the guessing limits. */
const prefixOf = (code: string) => (code.length > RANDOM_CHARS ? code.slice(0, -RANDOM_CHARS) : '');

const SELECT = sql`select c.id, c.reseller_id, r.name as reseller_name, c.code, c.product_id, c.billing_type, c.cycle, p.months,
                          c.price_cents, a.key as addon_key, a.name as addon_name, c.expires_at, c.redeemed_at, c.deleted_at
                   from coupons c
                   join resellers r on r.id = c.reseller_id
                   join products p on p.id = c.product_id
                   left join addons a on a.id = c.addon_id`;

/** Why a coupon cannot be redeemed on this page, or null when it can. */
function refusal(coupon: CouponRow | undefined, page: RedeemPage, now: Date): string | null {
  if (!coupon) return 'unknown';
  if (coupon.deleted_at) return 'deleted';
  if (coupon.redeemed_at) return 'redeemed';
  if (new Date(coupon.expires_at) <= now) return 'expired';
  const partners = coupon.reseller_id === RESTRICTED_RESELLER_ID;
  if (partners !== (page === 'partner')) return partners ? 'partner_coupon_on_public_page' : 'public_coupon_on_partner_page';
  return null;
}

/**
 * `pageReseller`: the reseller the calling redeem page names (its REDEEM_RESELLER_HEADER, '' for
 * none), or null for a call made from no page of ours.
 */
/** `locale`: the visitor's language (their browser's Accept-Language), that of the mail the account sends them. */
export async function redeemCoupon(ctx: Ctx, page: RedeemPage, input: RedeemInput, ip: string, pageReseller: string | null = null, locale: Locale = DEFAULT_LOCALE) {
  const code = normalizeCode(input.coupon);

  const refuse = async (reason: string, coupon?: CouponRow, counts = true) => {
    // Guessing is counted only here, on refusals, after the lookup (guessing.ts).
    ctx.log.info({ reason, page, coupon: coupon?.id ?? null, code: `${code.slice(0, 24)}${code.length > 24 ? '…' : ''}`, ip }, 'coupon not redeemed');
    if (!counts) return fail('redeemFailed');
    return countRefusal(ctx, ip, prefixOf(code.slice(0, MAX_CODE_LENGTH)));
  };

  await admitAddress(ctx, ip, input.token);
  if (code.length === 0 || code.length > MAX_CODE_LENGTH) throw await refuse('unknown');

  const [found] = await rows<CouponRow>(ctx.db, sql`${SELECT} where c.code = ${code}`);
  const reason = refusal(found, page, ctx.clock.now());
  if (reason || !found) throw await refuse(reason ?? 'unknown', found);
  if (pageReseller !== null && !(await redeemableFrom(ctx, found.reseller_id, pageReseller))) throw await refuse('embed_of_another_reseller', found);

  // A dedicated IP needs a location: the visitor picks one and sends the form again (002 §4).
  let location: string | null = null;
  if (found.addon_key === 'dedicated_ip') {
    if (input.addon_id === null) throw fail('redeemAddonRequired', {}, { addons: DEDICATED_IP_LOCATIONS });
    location = DEDICATED_IP_LOCATIONS.find((l) => l.id === input.addon_id)?.name ?? null;
    if (!location) throw invalid(messages.redeem.dedicatedIp, 'addon_id');
  }

  const passwordHash = await hashPassword(input.password);
  return withFreshUsername(() =>
    transact(ctx, async (unit) => {
      // The row lock makes parallel attempts queue; each sees the coupon as the one before left it.
      const [coupon] = await rows<CouponRow>(unit.tx, sql`${SELECT} where c.id = ${found.id} for update of c`);
      const late = refusal(coupon, page, ctx.clock.now());
      if (late || !coupon) throw await refuse(late ?? 'unknown', coupon, false);
      const account = await openAccount(ctx, unit, {
        owner: { id: coupon.reseller_id, name: coupon.reseller_name },
        product: { id: coupon.product_id, billingType: Number(coupon.billing_type), cycle: coupon.cycle, months: Number(coupon.months) },
        addon: coupon.addon_key ? { key: coupon.addon_key, name: coupon.addon_name ?? coupon.addon_key } : null,
        email: input.email,
        name: input.name,
        passwordHash,
        mailedPassword: null,
        mailReady: true,
        mailLocale: locale,
        source: 'coupon',
        couponId: coupon.id,
        renewalPriceCents: Number(coupon.price_cents),
        dedicatedIpLocation: location,
        actorId: null,
        notice: (username) => ({ type: 'coupon_redeemed', message: notice('couponRedeemed', { code: coupon.code, email: input.email, username }) }),
      });
      const now = ctx.clock.now();
      await unit.tx.execute(sql`update coupons set redeemed_at = ${now}, vpn_account_id = ${account.id} where id = ${coupon.id}`);
      await unit.tx.execute(sql`update resellers set coupons_redeemed = coupons_redeemed + 1 where id = ${coupon.reseller_id}`);
      await recordEvent(unit.tx, {
        resellerId: coupon.reseller_id,
        mode: 'live',
        type: 'coupon.redeemed',
        object: { object: 'coupon', id: coupon.id, code: coupon.code, redeemed_at: now.toISOString(), email: input.email, vpn_user_id: account.id },
        subject: `vpn_user:${account.id}`,
      });
      return {
        username: account.username,
        email: input.email,
        plan: account.plan,
        end_date: account.endAt.toISOString(),
      };
    }),
  );
}
