import type { Header, HeaderStatus } from '../contract/envelope.js';

export interface ApiErrorInit {
  httpStatus: number;
  code: Header['code'];
  status: HeaderStatus;
  message: string;
  body?: unknown;
  /** The server's id of the request (its `Request-Id` header), to quote to support. */
  requestId?: string | null;
}

/**
 * A call that did not succeed: the HTTP status, and the envelope header's code, status and message.
 * `status === 'forbidden'` means the session is gone and the user must sign in again. Every failure
 * is an instance of one of the subclasses below, chosen by the HTTP status (see `apiError`).
 * `requestId` is the server's id of the request (`Request-Id`, `req_…`): quote it to support, who
 * find the request's log lines by it. It is null when no answer arrived.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly httpStatus: number;
  readonly code: Header['code'];
  readonly status: HeaderStatus;
  readonly body: unknown;
  readonly requestId: string | null;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.httpStatus = init.httpStatus;
    this.code = init.code;
    this.status = init.status;
    this.body = init.body ?? null;
    this.requestId = init.requestId ?? null;
  }

  get isForbidden(): boolean {
    return this.status === 'forbidden';
  }

  /** Field errors of a failed validation, keyed by field name. */
  get fieldErrors(): Record<string, string[]> {
    const body = this.body as { errors?: Record<string, string[]> } | null;
    return body?.errors ?? {};
  }
}

/** 400 or 422: a parameter is missing or invalid; `fieldErrors` names them. */
export class InvalidRequestError extends ApiError {
  override name = 'InvalidRequestError';
}
/** 401: a wrong secret key, an expired token, a session that is gone, or (v2) an old password that does not match. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
/** 402: the wallet does not cover the purchase; `body.balance` and `body.amount` say by how much. */
export class InsufficientFundsError extends ApiError {
  override name = 'InsufficientFundsError';
}
/** 403: signed in, but not allowed (not an admin, a deactivated account, a live key on a sandbox call). */
export class PermissionError extends ApiError {
  override name = 'PermissionError';
}
/** 404 or 410: no such record (or it is not yours), or a link that has expired. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 409: the record is not in a state for this (a taken username, a key already replaced). */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
/** An `Idempotency-Key` reused with other parameters (422) or still in use by a running request (409). */
export class IdempotencyError extends ApiError {
  override name = 'IdempotencyError';
}
/** 419: the CSRF token of a browser call is missing or stale. */
export class CsrfError extends ApiError {
  override name = 'CsrfError';
}
/** 429: too many requests; try again after `retryAfter` seconds. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  get retryAfter(): number | null {
    const seconds = (this.body as { retry_after?: unknown } | null)?.retry_after;
    return typeof seconds === 'number' ? seconds : null;
  }
}
/** 5xx: the server failed; safe calls were already retried. */
export class ServerError extends ApiError {
  override name = 'ServerError';
}
/** No answer arrived: the network failed or the request timed out (httpStatus 0). */
export class ConnectionError extends ApiError {
  override name = 'ConnectionError';
}

/** The error class for an answer: by the idempotency code, then by the HTTP status. */
export function apiError(init: ApiErrorInit): ApiError {
  if (typeof init.code === 'string' && init.code.startsWith('rspf-idempotency-')) return new IdempotencyError(init);
  const s = init.httpStatus;
  if (s === 0) return new ConnectionError(init);
  if (s === 400 || s === 422) return new InvalidRequestError(init);
  if (s === 401) return new AuthenticationError(init);
  if (s === 402) return new InsufficientFundsError(init);
  if (s === 403) return new PermissionError(init);
  if (s === 404 || s === 410) return new NotFoundError(init);
  if (s === 409) return new ConflictError(init);
  if (s === 419) return new CsrfError(init);
  if (s === 429) return new RateLimitError(init);
  if (s >= 500) return new ServerError(init);
  return new ApiError(init);
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
