/**
 * The script embed, /redeem.js (under 1 kB compressed):
 *
 *   <script src="https://panel.example.com/redeem.js" data-reseller="acme" data-accent="#0a7"
 *           data-theme="dark" data-lang="de" async></script>
 *
 * It mounts the redeem page in an iframe after itself (or in `data-target`), passes the theme,
 * the reseller and a `?coupon=` of the host page, and keeps the iframe as tall as the page's
 * content. It accepts messages only from its own iframe's window and the panel's origin. The host
 * page can change the look later — `PartnerRedeem('theme', { theme: 'dark' })` — and calls made
 * before this script loaded (`(PartnerRedeem.q = PartnerRedeem.q || []).push([...])`) are replayed.
 * Every message of the page is re-emitted on the script element as `redeem:<type>`, among them
 * `redeem:blocked` (`detail.reason`) when the reseller's allowlist does not name this site.
 */
import { REDEEM_MESSAGES as M, REDEEM_PAGES } from '@partner-panel/sdk/redeem';

type Command = [type: string, data?: Record<string, unknown>];
interface Api {
  (...command: Command): void;
  q?: Command[];
}
interface Embed {
  frame: HTMLIFrameElement;
  ready: boolean;
  waiting: Command[];
}

const w = window as unknown as { PartnerRedeem?: Api; __pr?: Embed[] };
const script = document.currentScript as HTMLScriptElement | null;

if (script) {
  const panel = new URL(script.src).origin;
  const data = script.dataset;
  const query = new URLSearchParams();
  for (const key of ['reseller', 'accent', 'theme', 'lang']) if (data[key]) query.set(key, data[key] as string);
  const coupon = data.coupon ?? new URLSearchParams(location.search).get('coupon');
  if (coupon) query.set('coupon', coupon);
  query.set('origin', location.origin);

  const frame = document.createElement('iframe');
  frame.src = `${panel}${data.page === 'brainrocket' ? REDEEM_PAGES.partner : REDEEM_PAGES.public}?${query}`;
  frame.title = data.title ?? 'Redeem your coupon';
  frame.style.cssText = 'display:block;width:100%;border:0;height:720px';
  const target = data.target ? document.querySelector(data.target) : null;
  if (target) target.appendChild(frame);
  else script.after(frame);

  const embed: Embed = { frame, ready: false, waiting: [] };
  const embeds = (w.__pr ??= []);
  embeds.push(embed);
  const send = (e: Embed, [type, extra]: Command) => e.frame.contentWindow?.postMessage({ ...extra, pp: M.tag, type }, panel);

  addEventListener('message', (event) => {
    const m = event.data as { pp?: string; type?: string; height?: number } | null;
    if (event.origin !== panel || event.source !== frame.contentWindow || m?.pp !== M.tag) return;
    if (m.type === M.ready) {
      embed.ready = true;
      embed.waiting.splice(0).forEach((c) => send(embed, c));
    }
    if (m.type === M.resized && Number(m.height) > 0) frame.style.height = `${Math.min(Math.ceil(Number(m.height)), 5000)}px`;
    // The host page may listen: script.addEventListener('redeem:redeemed', …).
    script.dispatchEvent(new CustomEvent(`redeem:${m.type}`, { detail: m }));
  });

  const queued = w.PartnerRedeem?.q ?? [];
  const api: Api = (...command) => embeds.forEach((e) => (e.ready ? send(e, command) : e.waiting.push(command)));
  w.PartnerRedeem = api;
  queued.forEach((c) => api(...c));
}
