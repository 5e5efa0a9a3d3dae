/**
 * The page's calls: the public settings and the redeem call, with the spec's CSRF header (002 §7).
 * Framed on a partner's site the browser keeps our cookie from us, so the token comes from the
 * body of GET /api/csrf, which the server accepts alone from this page (docs/api.md).
 */
import { CSRF_COOKIE, CSRF_HEADER, CSRF_RETRY_MS, REDEEM_RESELLER_HEADER, type CaptchaSettings, type Envelope } from '@partner-panel/sdk/redeem';

export interface Settings {
  captcha: CaptchaSettings;
  redeem: { terms_url: string | null; privacy_url: string | null; apps_url: string | null };
}

export interface Answer<B = unknown> extends Envelope<B> {
  httpStatus: number;
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return ((await res.json()) as Envelope<T>).body;
}

let settings: Promise<Settings> | undefined;
export const loadSettings = () => (settings ??= getJson<Settings>('/api/settings'));

const cookie = () => document.cookie.match(new RegExp(`(?:^|; )${CSRF_COOKIE}=([^;]*)`))?.[1];
let token: string | undefined;

async function csrf(fresh: boolean): Promise<string> {
  const saved = fresh ? undefined : (cookie() && decodeURIComponent(cookie() as string)) || token;
  if (saved) return saved;
  const get = () => getJson<{ csrf_token: string }>('/api/csrf');
  // On failure, once more after a second (000 §7).
  const body = await get().catch(() => new Promise((r) => setTimeout(r, CSRF_RETRY_MS)).then(get));
  return (token = body.csrf_token);
}

export async function post<B>(path: string, payload: unknown, fresh = false): Promise<Answer<B>> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      [CSRF_HEADER]: await csrf(fresh),
      // The reseller this page names: another reseller's allowlisted coupons do not redeem here.
      [REDEEM_RESELLER_HEADER]: new URLSearchParams(location.search).get('reseller') ?? '',
    },
    body: JSON.stringify(payload),
  });
  // A stale token (the cookie expired, the secret changed): fetch a new one, once.
  if (res.status === 419 && !fresh) return post(path, payload, true);
  const json = (await res.json()) as Envelope<B>;
  return { ...json, httpStatus: res.status };
}
