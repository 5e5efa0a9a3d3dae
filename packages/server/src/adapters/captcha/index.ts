/**
 * Captcha: one verifier, chosen by configuration. Off by default; reCAPTCHA v3, Turnstile and
 * hCaptcha check the token with their siteverify endpoint. reCAPTCHA and Turnstile also report the
 * action the token was made for, which must be the call's action name (000 §7); hCaptcha's answer
 * carries no action, so only its success is checked. Every provider reports the host the token
 * was solved on; it must be ours, except for the redeem page, which partners embed on their sites.
 */
import type { CaptchaAction } from '@partner-panel/sdk';

export type CaptchaProvider = 'off' | 'recaptcha' | 'turnstile' | 'hcaptcha';

export interface Captcha {
  readonly provider: CaptchaProvider;
  readonly siteKey: string | null;
  verify(token: string, action: CaptchaAction, ip?: string): Promise<boolean>;
}

export const VERIFY_URLS: Record<Exclude<CaptchaProvider, 'off'>, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
};

interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  'error-codes'?: string[];
}

export function createCaptcha(options: {
  provider: CaptchaProvider;
  siteKey?: string | undefined;
  secretKey?: string | undefined;
  verifyUrl?: string | undefined;
  minScore: number;
  /** Our host (from PUBLIC_URL); tokens solved elsewhere are refused. */
  hostname?: string | undefined;
  fetch?: typeof fetch;
  log?: (message: string, detail: unknown) => void;
}): Captcha {
  const { provider } = options;
  if (provider === 'off') {
    return { provider, siteKey: null, verify: async () => true };
  }
  const url = options.verifyUrl ?? VERIFY_URLS[provider];
  const doFetch = options.fetch ?? fetch;
  const secret = options.secretKey ?? '';
  const siteKey = options.siteKey ?? null;

  async function verify(token: string, action: CaptchaAction, ip?: string): Promise<boolean> {
    if (!token) return false;
    const form = new URLSearchParams({ secret, response: token });
    if (ip) form.set('remoteip', ip);
    if (provider === 'hcaptcha' && siteKey) form.set('sitekey', siteKey);
    let answer: SiteverifyAnswer;
    try {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) return false;
      answer = (await res.json()) as SiteverifyAnswer;
    } catch (error) {
      // The provider is unreachable: refuse rather than let every bot through.
      options.log?.('captcha verification failed', error);
      return false;
    }
    if (answer.success !== true) return false;
    if (options.hostname && answer.hostname && action !== 'redeem' && answer.hostname !== options.hostname) return false;
    if (provider === 'recaptcha') {
      return answer.action === action && (answer.score ?? 0) >= options.minScore;
    }
    if (provider === 'turnstile') return answer.action === action;
    return true;
  }

  return { provider, siteKey, verify };
}
