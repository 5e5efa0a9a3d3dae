/**
 * The redeem page's Content-Security-Policy. Partners frame the page on their own sites, so
 * frame-ancestors is each reseller's allowlist (and our own origin, for the portal's preview), or
 * any origin when the reseller set none. The page runs only its own script and style; the captcha
 * provider, when one is configured, is the one third party it may load.
 */
import type { CaptchaProvider } from '../../adapters/captcha/index.js';

const CAPTCHA_HOSTS: Record<Exclude<CaptchaProvider, 'off'>, { script: string[]; frame: string[]; connect: string[]; style: string[] }> = {
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/'],
    connect: ['https://www.google.com/recaptcha/'],
    style: [],
  },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
    connect: ['https://challenges.cloudflare.com'],
    style: [],
  },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
};

/** `frame-ancestors` for an allowlist; null: any origin may frame the page. */
export const frameAncestors = (origins: string[] | null) => (origins ? ["'self'", ...origins].join(' ') : '*');

export function redeemPagePolicy(origins: string[] | null, captcha: CaptchaProvider): string {
  const third = captcha === 'off' ? { script: [], frame: [], connect: [], style: [] } : CAPTCHA_HOSTS[captcha];
  const list = (...sources: string[]) => sources.join(' ');
  return [
    "default-src 'none'",
    `script-src ${list("'self'", ...third.script)}`,
    `style-src ${list("'self'", ...third.style)}`,
    "img-src 'self' data:",
    `connect-src ${list("'self'", ...third.connect)}`,
    ...(third.frame.length ? [`frame-src ${list(...third.frame)}`] : []),
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors(origins)}`,
  ].join('; ');
}
