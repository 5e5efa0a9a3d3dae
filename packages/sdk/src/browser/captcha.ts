/**
 * The captcha token of a public call (000 §7), in a browser. The provider's script is loaded only
 * when the server configures one (GET /api/settings); with captcha off the token is empty. The
 * portal and the redeem widget both get their tokens here.
 */
import type { CaptchaAction } from '../contract/constants.js';

export interface CaptchaSettings {
  provider: 'off' | 'recaptcha' | 'turnstile' | 'hcaptcha';
  site_key: string | null;
}

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}
interface Turnstile {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  execute(id: string): void;
}
interface Hcaptcha {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  execute(id: string, options: { async: true }): Promise<{ response: string }>;
}
type Providers = { grecaptcha?: Grecaptcha; turnstile?: Turnstile; hcaptcha?: Hcaptcha };

const scripts = new Map<string, Promise<void>>();
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => reject(new Error(`Could not load ${src}`));
      document.head.appendChild(el);
    });
    scripts.set(src, loading);
  }
  return loading;
}

function hiddenBox(): HTMLElement {
  const el = document.createElement('div');
  el.style.display = 'none';
  document.body.appendChild(el);
  return el;
}

/** The script hosts of each provider, for a page's Content-Security-Policy. */
export const CAPTCHA_SCRIPT_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api.js?render=',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit',
} as const;

/** Answers a fresh token for the action ('' when captcha is off). */
export async function captchaToken(captcha: CaptchaSettings, action: CaptchaAction): Promise<string> {
  const key = captcha.site_key ?? '';
  const w = window as unknown as Providers;
  switch (captcha.provider) {
    case 'off':
      return '';
    case 'recaptcha': {
      await loadScript(CAPTCHA_SCRIPT_URLS.recaptcha + encodeURIComponent(key));
      const g = w.grecaptcha as Grecaptcha;
      await new Promise<void>((resolve) => g.ready(resolve));
      return g.execute(key, { action });
    }
    case 'turnstile': {
      await loadScript(CAPTCHA_SCRIPT_URLS.turnstile);
      const t = w.turnstile as Turnstile;
      return new Promise<string>((resolve, reject) => {
        const id = t.render(hiddenBox(), {
          sitekey: key,
          action,
          execution: 'execute',
          callback: (token: string) => resolve(token),
          'error-callback': () => reject(new Error('captcha failed')),
        });
        t.execute(id);
      });
    }
    case 'hcaptcha': {
      await loadScript(CAPTCHA_SCRIPT_URLS.hcaptcha);
      const h = w.hcaptcha as Hcaptcha;
      const id = h.render(hiddenBox(), { sitekey: key, size: 'invisible' });
      return (await h.execute(id, { async: true })).response;
    }
  }
}
