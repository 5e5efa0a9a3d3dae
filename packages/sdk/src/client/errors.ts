import type { Header, HeaderStatus } from '../contract/envelope.js';

/**
 * A call that did not succeed: the HTTP status, and the envelope header's code, status and message.
 * `status === 'forbidden'` means the session is gone and the user must sign in again.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly httpStatus: number;
  readonly code: Header['code'];
  readonly status: HeaderStatus;
  readonly body: unknown;

  constructor(init: { httpStatus: number; code: Header['code']; status: HeaderStatus; message: string; body?: unknown }) {
    super(init.message);
    this.httpStatus = init.httpStatus;
    this.code = init.code;
    this.status = init.status;
    this.body = init.body ?? null;
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

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
