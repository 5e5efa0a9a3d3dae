/**
 * The redeem page framed by a site that may not frame it. Its Content-Security-Policy alone would
 * leave the partner a blank frame, so when the browser says the request is for a frame
 * (`Sec-Fetch-Dest: iframe`) and names the framing site (the Referer's origin, else the loader's
 * `?origin=`), a site off the list gets this page instead: a readable message, a link to redeem on
 * our own page, and a `blocked` message to the host page, which the loader re-emits as the
 * `redeem:blocked` event. It holds no form, so any site may frame it. When the framing site is
 * not known, the page itself is sent and its policy blocks the frame.
 */
import { createHash } from 'node:crypto';
import { REDEEM_BLOCKED, REDEEM_MESSAGES, type RedeemBlockedReason } from '@partner-panel/sdk';

/** Whether a CSP source of the allowlist (`https://shop.example.com`, `https://*.example.org:8443`) admits an origin. */
export function sourceAdmits(source: string, origin: string): boolean {
  let want: URL;
  let got: URL;
  try {
    want = new URL(source.replace('://*.', '://wildcard.'));
    got = new URL(origin);
  } catch {
    return false;
  }
  if (want.protocol !== got.protocol || want.port !== got.port) return false;
  if (!source.includes('://*.')) return want.hostname === got.hostname;
  return got.hostname.endsWith(want.hostname.slice('wildcard'.length));
}

/**
 * The framing site, when the request is a frame's and tells it; null otherwise. Browsers send
 * Sec-Fetch-Dest only to secure origins: over plain HTTP, a request carrying the loader's
 * `?origin=` is taken for the loader's frame.
 */
export function framingSite(headers: Record<string, string | string[] | undefined>, claimed: unknown): string | null {
  const dest = headers['sec-fetch-dest'];
  if (dest === undefined ? typeof claimed !== 'string' : dest !== 'iframe') return null;
  const candidates = [headers.referer, claimed];
  for (const value of candidates) {
    if (typeof value !== 'string' || !value) continue;
    try {
      const { origin } = new URL(value);
      if (origin !== 'null') return origin;
    } catch {
      // not a URL: try the next one
    }
  }
  return null;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Posts the reason and the height to the framing site; its data sits in the body's attributes. */
const SCRIPT = `(function(){var b=document.body,h=b.getAttribute('data-host');function send(t,d){d.pp='${REDEEM_MESSAGES.tag}';d.type=t;parent.postMessage(d,h)}send('${REDEEM_MESSAGES.blocked}',{reason:b.getAttribute('data-reason')});send('${REDEEM_MESSAGES.resized}',{height:Math.ceil(document.documentElement.getBoundingClientRect().height)})})();`;
const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#fff}main{max-width:36rem;margin:0 auto;padding:24px}h1{font-size:1.25rem;margin:0 0 12px}a{color:#0b57d0}p.owner{color:#4b5563;font-size:.875rem;border-top:1px solid #e5e7eb;padding-top:12px}';
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The blocked page's own policy: its one script and style, and any site may frame it. */
export const BLOCKED_PAGE_POLICY = ["default-src 'none'", `script-src ${sha(SCRIPT)}`, `style-src ${sha(STYLE)}`, "base-uri 'none'", "form-action 'none'", 'frame-ancestors *'].join('; ');

/** Our own page for the same coupon, opened in a tab of its own (the loader's `origin` dropped). */
export function redeemLink(url: string): string {
  const link = new URL(url, 'http://x');
  link.searchParams.delete('origin');
  return `${link.pathname}${link.search}`;
}

export function blockedPage(reason: RedeemBlockedReason, host: string, redeemUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(REDEEM_BLOCKED.title)}</title><style>${STYLE}</style></head>
<body data-reason="${escape(reason)}" data-host="${escape(host)}"><main>
<h1>${escape(REDEEM_BLOCKED.title)}</h1>
<p>${escape(REDEEM_BLOCKED.reasons[reason])}</p>
<p>${escape(REDEEM_BLOCKED.instead)} <a href="${escape(redeemUrl)}" target="_blank" rel="noopener">${escape(REDEEM_BLOCKED.link)}</a></p>
<p class="owner">${escape(REDEEM_BLOCKED.owner)}</p>
</main><script>${SCRIPT}</script></body></html>`;
}
