/** The words for the server's refusals a visitor can meet, in the page's language. */
import { isError, redeemErrors, type Header } from '@partner-panel/sdk/redeem';
import { fill, type Strings } from './i18n';

/**
 * The three refusals the page words itself (the server answers them in English only); any other
 * answer keeps the server's own message. `retryAfter`: the throttle's wait, in seconds.
 */
export function messageOf(t: Strings, header: Pick<Header, 'code' | 'message'>, retryAfter?: number): string {
  if (isError(header, redeemErrors.redeemFailed)) return t.badCoupon;
  if (isError(header, redeemErrors.captchaFailed)) return t.captcha;
  if (isError(header, redeemErrors.tooManyAttempts)) return fill(t.wait, { minutes: Math.max(1, Math.ceil((retryAfter ?? 60) / 60)) });
  return header.message;
}
