/**
 * Telling the server's refusals apart by the catalogue's entries, never by a code typed out again.
 * `isError` works with an entry of `errors` (messages.ts), or with `redeemErrors`: the few codes
 * the redeem widget tells apart, without the catalogue's words (the widget words them in its own
 * languages, and must weigh a few kilobytes). The type below holds each of them to its entry's code,
 * so a code changed in the catalogue alone fails `pnpm typecheck`.
 */
import type { errors } from './messages.js';

/** An entry of the catalogue, or as much of it as telling an answer apart needs. */
export interface Coded {
  readonly code: string;
}

/**
 * Did the server answer with this entry? `answer` is what carries the answer's code: an envelope's
 * header, or the SDK's ApiError.
 */
export const isError = (answer: { readonly code?: unknown } | null | undefined, entry: Coded): boolean => answer?.code === entry.code;

type RedeemErrorName = 'redeemFailed' | 'captchaFailed' | 'tooManyAttempts';

/** The refusals the redeem widget words itself: a coupon that does not redeem, the bot check, the throttle. */
export const redeemErrors = {
  redeemFailed: { code: 'rspf-redeem-9001' },
  captchaFailed: { code: 'rspf-captcha-1004' },
  tooManyAttempts: { code: 'rspf-throttle-1007' },
} as const satisfies { [K in RedeemErrorName]: Pick<(typeof errors)[K], 'code'> };
