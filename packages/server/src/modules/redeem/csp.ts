/**
 * The redeem page's Content-Security-Policy. Partners frame the page on their own sites, so
 * frame-ancestors is each reseller's allowlist (and our own origin, for the portal's preview), or
 * any origin when the reseller set none. The page runs only its own script and style; the captcha
 * provider, when one is configured, is the one third party it may load.
 */
import type { CaptchaProvider } from '../../adapters/captcha/index.js';
import { sourcesOf } from '../../http/security.js';

/** `frame-ancestors` for an allowlist; null: any origin may frame the page. */
export const frameAncestors = (origins: string[] | null) => (origins ? ["'self'", ...origins].join(' ') : '*');

export function redeemPagePolicy(origins: string[] | null, captcha: CaptchaProvider): string {
  const providers = captcha === 'off' ? [] : [captcha];
  const third = {
    script: sourcesOf(providers, 'script'),
    style: sourcesOf(providers, 'style'),
    connect: sourcesOf(providers, 'connect'),
    frame: sourcesOf(providers, 'frame'),
  };
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
