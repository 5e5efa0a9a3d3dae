/**
 * The page's side of the iframe protocol (REDEEM_MESSAGES): when framed, it tells the host page its
 * height whenever the content changes (ResizeObserver) and when a coupon is redeemed, and it takes
 * theme changes from the host page only — the window that framed it, from that window's origin.
 * Messages from any other window or origin are ignored.
 */
import { REDEEM_MESSAGES as M } from '@partner-panel/sdk/redeem';

export interface Host {
  post(type: string, data?: Record<string, unknown>): void;
}

/** The framing page's origin: from the browser where it tells (ancestorOrigins), else the loader's word. */
function hostOrigin(claimed: string | null): string | null {
  const told = window.location.ancestorOrigins?.[0];
  if (told) return told;
  try {
    return claimed ? new URL(claimed).origin : document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

export function connectHost(claimed: string | null, onTheme: (data: Record<string, unknown>) => void): Host {
  const origin = window.parent === window ? null : hostOrigin(claimed);
  if (!origin || origin === 'null') return { post() {} };
  const post = (type: string, data: Record<string, unknown> = {}) => window.parent.postMessage({ ...data, pp: M.tag, type }, origin);
  window.addEventListener('message', (event) => {
    const data = event.data as Record<string, unknown> | null;
    if (event.source !== window.parent || event.origin !== origin || data?.pp !== M.tag) return;
    if (data.type === M.theme) onTheme(data);
  });
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) post(M.resized, { height: (last = height) });
  }).observe(document.documentElement);
  post(M.ready);
  return { post };
}
