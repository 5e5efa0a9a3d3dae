/** The SDK's error classes by status and code, and when a failed answer is tried again. */
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  IdempotencyError,
  InsufficientFundsError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  apiError,
} from '../src/index.js';
import { retryDelay } from '../src/client/retry.js';

const init = (httpStatus: number, code: string | number = 'rspf-x', body: unknown = null) => ({ httpStatus, code, status: 'error' as const, message: 'm', body });

describe('apiError', () => {
  it.each([
    [0, ConnectionError],
    [400, InvalidRequestError],
    [422, InvalidRequestError],
    [401, AuthenticationError],
    [402, InsufficientFundsError],
    [403, PermissionError],
    [404, NotFoundError],
    [410, NotFoundError],
    [409, ConflictError],
    [429, RateLimitError],
    [500, ServerError],
    [503, ServerError],
  ])('HTTP %i is a %o, and an ApiError', (status, kind) => {
    const error = apiError(init(status));
    expect(error).toBeInstanceOf(kind);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.name).toBe(kind.name);
  });

  it('tells idempotency failures apart by their code, and reads retry_after', () => {
    expect(apiError(init(409, 'rspf-idempotency-1103'))).toBeInstanceOf(IdempotencyError);
    expect(apiError(init(422, 'rspf-idempotency-1102'))).toBeInstanceOf(IdempotencyError);
    expect((apiError(init(429, 'rspf-client-3107', { retry_after: 12 })) as RateLimitError).retryAfter).toBe(12);
  });
});

describe('retryDelay', () => {
  const policy = { maxRetries: 2, maxRetryDelayMs: 5_000 };
  const answer = (status: number, retryAfter?: string) => new Response(null, { status, headers: retryAfter ? { 'retry-after': retryAfter } : {} });

  it('waits out a short Retry-After, and leaves a long one to the caller', () => {
    expect(retryDelay(answer(429, '2'), 0, policy)).toBe(2_000);
    expect(retryDelay(answer(429, '60'), 0, policy)).toBeNull();
    expect(retryDelay(answer(429), 0, policy)).toBeNull();
    expect(retryDelay(answer(409, '1'), 0, policy)).toBe(1_000);
    expect(retryDelay(answer(409), 0, policy)).toBeNull();
  });

  it('backs off on 502, 503 and 504, and never retries an answer the caller must act on', () => {
    for (const status of [502, 503, 504]) expect(retryDelay(answer(status), 1, policy)).toBeGreaterThan(0);
    for (const status of [200, 400, 401, 402, 403, 404, 422, 500]) expect(retryDelay(answer(status), 0, policy)).toBeNull();
  });
});
