/**
 * The spec's rules as plain predicates and messages, without zod, so that a page that must stay
 * tiny (the redeem widget) checks its form with the very rules and words the server applies.
 * `rules.ts` builds the zod schemas on top of these.
 */
import { PASSWORD_MIN_LENGTH } from './constants.js';

export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_RULE_MESSAGE =
  'Password must contain minimum 12 characters with atleast 1 number, 1 lowercase, 1 uppercase & 1 special character: !@#$%&^_+{}.,';

/** The redeem page's messages (002 §5). */
export const redeemMessages = {
  name: 'Name is Required!',
  email: 'Email is Required!',
  password: 'Password is Required!',
  passwordsDontMatch: "Passwords don't match!",
  coupon: 'Coupon is Required!',
  terms: 'Please check Privacy Policy & Terms of Usage',
  dedicatedIp: 'Please select Dedicated IP',
} as const;

/** letters, digits and ._%+- before @, then a domain, then a 2 to 15 letter ending (000 §5). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,15}$/;

export const PASSWORD_SPECIALS = '!@#$%&^_+{}.,';
const FORBIDDEN_IN_PASSWORD = ['UNION', 'SELECT', 'INSERT', '%0A', '%0D', '%00', '1=1'];
const FORBIDDEN_PASSWORD_CHARS = /[<>?*()]/;

/** The password rule of 000 §5, as a predicate the UI and the server share. */
export function isStrongPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH) return false;
  if (!/\d/.test(password) || !/[a-z]/.test(password) || !/[A-Z]/.test(password)) return false;
  if (![...password].some((c) => PASSWORD_SPECIALS.includes(c))) return false;
  const upper = password.toUpperCase();
  if (FORBIDDEN_IN_PASSWORD.some((word) => upper.includes(word))) return false;
  return !FORBIDDEN_PASSWORD_CHARS.test(password);
}

/** A date range whose end (YYYY-MM-DD) comes before its start; either side empty is no range. */
export const isInvertedRange = (start: unknown, end: unknown): boolean =>
  typeof start === 'string' && typeof end === 'string' && start !== '' && end !== '' && end < start;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);

/** One line without control characters: names are shown on screens and written into mails. */
export const isOneLine = (text: string): boolean => ![...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

// Labels of letters, digits and inner dashes; an optional `*.` first; an optional port.
const ORIGIN = /^https?:\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::(\d{1,5}))?$/;

/**
 * An origin that may frame a partner's redeem page: `https://shop.example.com`, `http://localhost:8080`
 * or a wildcard of subdomains `https://*.example.com` — scheme, host and port, nothing else (the
 * form CSP frame-ancestors takes). Lower case, without a trailing slash.
 */
export function isEmbedOrigin(origin: string): boolean {
  const match = ORIGIN.exec(origin);
  return match !== null && Number(match[1] ?? 1) <= 65_535;
}
