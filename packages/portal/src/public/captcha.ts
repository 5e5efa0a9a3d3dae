/**
 * The captcha token of a public call (000 §7). The provider's script is loaded only when the
 * server configures one (GET /api/settings); with captcha off the token is empty.
 */
import { errors, type CaptchaAction } from '@partner-panel/sdk';
import { dataProvider } from '../providers';

type Settings = Awaited<ReturnType<typeof dataProvider.publicSettings>>;

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}
interface Turnstile {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  execute(id: string): void;
  reset(id: string): void;
}
interface Hcaptcha {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  execute(id: string, options: { async: true }): Promise<{ response: string }>;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    turnstile?: Turnstile;
    hcaptcha?: Hcaptcha;
  }
}

let settings: Promise<Settings> | undefined;
/** Public settings, fetched once per page load (again after a failure). */
export const publicSettings = () =>
  (settings ??= dataProvider.publicSettings().catch((error: unknown) => {
    settings = undefined;
    throw error;
  }));

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

/** Answers a fresh token for the action ('' when captcha is off). */
export async function captchaToken(action: CaptchaAction): Promise<string> {
  // Without the settings no form can be sent as the server expects it (000 §8).
  const { captcha } = await publicSettings().catch(() => {
    throw new Error(errors.formInit.message);
  });
  const key = captcha.site_key ?? '';
  switch (captcha.provider) {
    case 'off':
      return '';
    case 'recaptcha': {
      await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(key)}`);
      const g = window.grecaptcha as Grecaptcha;
      await new Promise<void>((resolve) => g.ready(resolve));
      return g.execute(key, { action });
    }
    case 'turnstile': {
      await loadScript('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit');
      const t = window.turnstile as Turnstile;
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
      await loadScript('https://js.hcaptcha.com/1/api.js?render=explicit');
      const h = window.hcaptcha as Hcaptcha;
      const id = h.render(hiddenBox(), { sitekey: key, size: 'invisible' });
      return (await h.execute(id, { async: true })).response;
    }
  }
}
