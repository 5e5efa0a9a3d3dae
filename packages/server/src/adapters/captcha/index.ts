/**
 * Captcha: one verifier, chosen by configuration. Off by default; reCAPTCHA v3, Turnstile and
 * hCaptcha check the token with their siteverify endpoint. reCAPTCHA and Turnstile also report the
 * action the token was made for, which must be the call's action name (000 §7); hCaptcha's answer
 * carries no action, so only its success is checked. Every provider reports the host the token
 * was solved on; it must be ours, except for the redeem page, which partners embed on their sites.
 *
 * A challenge (`{ challenge: true }`) is the stricter check asked of an address that looks like a
 * guesser: the token must have been solved in the last two minutes, and reCAPTCHA's score must
 * reach CAPTCHA_CHALLENGE_SCORE instead of CAPTCHA_MIN_SCORE.
 */
import type { CaptchaAction } from '@partner-panel/sdk';

export type CaptchaProvider = 'off' | 'recaptcha' | 'turnstile' | 'hcaptcha';

export interface Captcha {
  readonly provider: CaptchaProvider;
  readonly siteKey: string | null;
  verify(token: string, action: CaptchaAction, ip?: string, options?: { challenge?: boolean }): Promise<boolean>;
}

/** How fresh a challenge's token must be. */
export const CHALLENGE_MAX_AGE_MS = 120_000;

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
  challenge_ts?: string;
  'error-codes'?: string[];
}

export function createCaptcha(options: {
  provider: CaptchaProvider;
  siteKey?: string | undefined;
  secretKey?: string | undefined;
  verifyUrl?: string | undefined;
  minScore: number;
  /** reCAPTCHA's minimum score for a challenge; defaults to minScore. */
  challengeScore?: number;
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

  async function verify(token: string, action: CaptchaAction, ip?: string, check: { challenge?: boolean } = {}): Promise<boolean> {
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
    if (check.challenge) {
      const solvedAt = Date.parse(answer.challenge_ts ?? '');
      if (!Number.isFinite(solvedAt) || Date.now() - solvedAt > CHALLENGE_MAX_AGE_MS) return false;
    }
    if (provider === 'recaptcha') {
      const minimum = check.challenge ? Math.max(options.minScore, options.challengeScore ?? options.minScore) : options.minScore;
      return answer.action === action && (answer.score ?? 0) >= minimum;
    }
    if (provider === 'turnstile') return answer.action === action;
    return true;
  }

  return { provider, siteKey, verify };
}
