/**
 * Guessing coupon codes (002 §1, §4: a customer holding a valid code can redeem it). Guesses are
 * counted only when a code is refused, after its lookup, so a valid unused code from an address
 * that has not been guessing always redeems, whatever others send:
 * - per address: RATE_LIMIT_REDEEM_FAILURES_PER_IP refusals a window, then the address waits —
 *   one window the first time, twice as long each time after within a day (at most a day);
 * - per prefix (everything before a code's random part; '' for prefix-less codes): past
 *   RATE_LIMIT_REDEEM_PER_PREFIX refusals a window, the prefix is "hot": a refused guess of it
 *   answers 429 and spends its address's allowance at once, so guesses spread over many
 *   addresses get one each. Valid codes of a hot prefix still redeem. The key is the code's
 *   prefix even for a known (expired, redeemed, deleted) code: keying those by their reseller
 *   would answer them differently from unknown codes, telling a guesser which codes exist.
 * - an address with refusals past half its allowance, or one waited out before, looks like a
 *   guesser: when a captcha provider is configured, its token must pass the provider's challenge.
 */
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { throttled } from '../../http/rate-limit.js';

type Ctx = Pick<AppContext, 'counters' | 'config' | 'captcha'>;

const DAY_MS = 86_400_000;

const keys = (ip: string) => ({
  failures: `redeem-failures:${ip}`,
  lockouts: `redeem-lockouts:${ip}`,
  locked: `redeem-locked:${ip}`,
});


/** Before the lookup: an address that is waiting is refused; one that looks like a guesser is challenged. */
export async function admitAddress(ctx: Ctx, ip: string, token: string) {
  const key = keys(ip);
  const locked = await ctx.counters.peek(key.locked);
  if (locked.current > 0) throw throttled(locked.ttl);
  if (ctx.captcha.provider === 'off') return;
  const { redeemFailuresPerIp: allowance } = ctx.config.rateLimits;
  const failures = await ctx.counters.peek(key.failures);
  const suspect = failures.current >= Math.ceil(allowance / 2) || (await ctx.counters.peek(key.lockouts)).current > 0;
  if (suspect && !(await ctx.captcha.verify(token, 'redeem', ip, { challenge: true }))) throw fail('captchaFailed');
}

/** The address waits: a window, doubled for each earlier wait within a day, at most a day. */
async function lockOut(ctx: Ctx, ip: string) {
  const key = keys(ip);
  const { windowMs } = ctx.config.rateLimits;
  const { current: n } = await ctx.counters.hit(key.lockouts, DAY_MS);
  const wait = Math.min(DAY_MS, windowMs * 2 ** Math.min(n - 1, 16));
  await ctx.counters.reset(key.locked);
  await ctx.counters.hit(key.locked, wait);
  await ctx.counters.reset(key.failures);
  return wait;
}

/**
 * After a refusal: counts it for the address and the code's prefix. Answers the error to send: the
 * one answer of every refused code, or 429 once the prefix is hot.
 */
export async function countRefusal(ctx: Ctx, ip: string, prefix: string) {
  const { windowMs, redeemFailuresPerIp: allowance, redeemFailuresPerPrefix: perPrefix } = ctx.config.rateLimits;
  const byAddress = await ctx.counters.hit(keys(ip).failures, windowMs);
  const byPrefix = await ctx.counters.hit(`redeem-prefix:${prefix}`, windowMs);
  if (byPrefix.current > perPrefix) return throttled(await lockOut(ctx, ip));
  if (byAddress.current >= allowance) await lockOut(ctx, ip);
  return fail('redeemFailed');
}
