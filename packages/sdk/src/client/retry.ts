/**
 * When a failed request is tried again. Only where trying again cannot act twice: a GET, or a call
 * that carries an Idempotency-Key (the server answers a repeat with the first answer). Only for
 * failures that may pass: no answer at all, 429 and 409 that say when to come back (Retry-After),
 * and 502, 503, 504. Waits grow 0.5 s, 1 s, 2 s… with jitter, or follow Retry-After when it is
 * short; a longer Retry-After is the caller's to honour (RateLimitError.retryAfter).
 */
export interface RetryPolicy {
  /** How many times to try again after the first attempt (0: never). */
  maxRetries: number;
  /** The longest Retry-After the client waits by itself, in ms. */
  maxRetryDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 2, maxRetryDelayMs: 5_000 };

const RETRYABLE = new Set([502, 503, 504]);

export function backoffMs(attempt: number): number {
  const base = 500 * 2 ** attempt;
  return Math.min(8_000, base / 2 + Math.random() * (base / 2));
}

/** Retry-After in ms (seconds or an HTTP date), or null. */
export function retryAfterMs(res: Response): number | null {
  const value = res.headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** The wait before trying an answer again, or null when it should not be tried again. */
export function retryDelay(res: Response, attempt: number, policy: RetryPolicy): number | null {
  const after = retryAfterMs(res);
  if (res.status === 429 || res.status === 409) {
    if (after === null || after > policy.maxRetryDelayMs) return null;
    return after;
  }
  if (RETRYABLE.has(res.status)) return after !== null && after <= policy.maxRetryDelayMs ? after : backoffMs(attempt);
  return null;
}

/** A new Idempotency-Key: a UUID where the platform has one. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
