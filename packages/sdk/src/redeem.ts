/**
 * The light entry (`@partner-panel/sdk/redeem`) for the redeem widget and the portal's signed-out
 * pages: the rules, words, paths and message names they share with the server, and the languages,
 * as plain values — no zod and no contract, so a page that must weigh a few kilobytes can import
 * them.
 */
export {
  EMAIL_INVALID_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  redeemMessages,
  isEmail,
  isOneLine,
  isStrongPassword,
} from './contract/checks.js';
export {
  CSRF_COOKIE,
  CSRF_HEADER,
  CSRF_RETRY_MS,
  REDEEM_BLOCKED,
  REDEEM_CALLS,
  REDEEM_EMBED,
  REDEEM_LOADER_PATH,
  REDEEM_MESSAGES,
  REDEEM_PAGES,
  REDEEM_RESELLER_HEADER,
  RTL_LOCALES,
  SESSION_USER_KEY,
  matchLocale,
  acceptLanguageTags,
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_NAMES,
} from './contract/constants.js';
export type { CaptchaAction, Locale, RedeemBlockedReason, RedeemLanguage, RedeemTheme } from './contract/constants.js';
export type { Envelope, Header } from './contract/envelope.js';
export { isError, redeemErrors } from './contract/errorCodes.js';
export type { Coded } from './contract/errorCodes.js';
export { captchaToken } from './browser/captcha.js';
export type { CaptchaSettings } from './browser/captcha.js';
