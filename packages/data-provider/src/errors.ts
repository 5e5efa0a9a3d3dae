/**
 * ApiError → react-admin's HttpError, carrying the catalogue message and the header, and the SDK's
 * typed error itself as its `cause`: a screen asks `apiErrorOf(error)` or `hasCode(error, entry)`
 * instead of matching codes as strings.
 */
import { HttpError } from 'ra-core';
import { ApiError, errors, fallbackMessage, isError, type CatalogueEntry, type Coded } from '@partner-panel/sdk';
import { isLeavingPage } from './pageLifecycle.js';

export interface ErrorBody {
  code: string | number;
  status: string;
  body: unknown;
  /** The server's id of the request (`Request-Id`), to quote to support. */
  requestId?: string | null;
}

/**
 * What a person reads of the server's and the contract's sentences: the portal sets it to show them
 * in the person's language (the server answers in English). Unset, they read as they came.
 */
let localise = (text: string) => text;
export function setLocaliser(fn: (text: string) => string) {
  localise = fn;
}
export const localised = (text: string) => localise(text);

export function toHttpError(error: unknown, fallback: CatalogueEntry = errors.internal): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ApiError) {
    const body: ErrorBody = { code: error.code, status: error.status, body: error.body, requestId: error.requestId };
    const http = new HttpError(localise(error.message || fallbackMessage(fallback)), error.httpStatus, body);
    http.cause = error;
    return http;
  }
  return new HttpError(localise(fallbackMessage(fallback)), 500, { code: fallback.code, status: 'error', body: null });
}

/** The SDK's typed error behind a failure: itself, or the cause of react-admin's HttpError. */
export function apiErrorOf(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  return error instanceof Error && error.cause instanceof ApiError ? error.cause : undefined;
}

/** Did the server answer this entry of the catalogue? */
export const hasCode = (error: unknown, entry: Coded): boolean => isError(apiErrorOf(error), entry);

/**
 * Was the session lost (header status forbidden), or did the network fail (000 §4)? A request the
 * browser aborted because the page is being left is not a network failure.
 */
export function endsSession(error: unknown): boolean {
  const networkFailure = () => !isLeavingPage();
  if (error instanceof ApiError) return error.isForbidden || (error.httpStatus === 0 && networkFailure());
  if (error instanceof TypeError) return networkFailure();
  if (error instanceof HttpError) {
    const body = error.body as Partial<ErrorBody> | undefined;
    return body?.status === 'forbidden' || (error.status === 0 && networkFailure());
  }
  return false;
}

/** Runs a call and turns its failure into an HttpError. */
export async function attempt<T>(run: () => Promise<T>, fallback?: CatalogueEntry): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toHttpError(error, fallback);
  }
}

/**
 * The refusals the server answered lately, so that a toast showing one of their messages can add
 * the request's id for support: every screen words its own toast, but each one holds the server's
 * sentence, and this finds the id by it.
 */
export function createRefusalLog(keepMs = 15_000, now = () => Date.now()) {
  const recent: { message: string; requestId: string; at: number }[] = [];
  return {
    record(error: ApiError) {
      if (!error.requestId || !error.message) return;
      recent.unshift({ message: error.message, requestId: error.requestId, at: now() });
      recent.splice(10);
    },
    /** The id of the newest recent refusal whose message the text shows, or null. */
    requestIdFor(text: string): string | null {
      const at = now();
      return recent.find((r) => at - r.at <= keepMs && text.includes(r.message))?.requestId ?? null;
    },
  };
}
export type RefusalLog = ReturnType<typeof createRefusalLog>;
