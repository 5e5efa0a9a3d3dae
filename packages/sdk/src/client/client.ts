/**
 * The typed client: one method per call of the contract, the envelope unwrapped, failures thrown as
 * ApiError, and the spec's CSRF behaviour (000 §7): the CSRF-Token header comes from the XSRF-TOKEN
 * cookie; when it is missing GET /api/csrf is called, and on failure retried once after 1 s.
 */
import { z } from 'zod';
import { contract, type Contract } from '../contract/index.js';
import type { AnyCall, CallInputOf, CallResult } from '../contract/define.js';
import { CSRF_COOKIE, CSRF_HEADER, TIMINGS_MS } from '../contract/constants.js';
import { errors } from '../contract/messages.js';
import { isEnvelope, type Envelope } from '../contract/envelope.js';
import { ApiError } from './errors.js';
import { inBrowser, readCsrfCookie, sleep } from './csrf.js';

export interface ClientOptions {
  /** Where the API lives: '' for the same origin in a browser, or 'https://panel.example.com'. */
  baseUrl?: string;
  /** The bearer token to send, if any (a reseller's access token or a v2 AccessToken). */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  fetch?: typeof fetch;
  /** Called with every ApiError before it is thrown (the portal signs out on `forbidden`). */
  onError?: (error: ApiError) => void;
  /** Where CSRF fetch failures are reported; console.warn by default. */
  log?: (message: string, error: unknown) => void;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

/** The input is optional where the call needs none (no body, an optional body, all fields optional). */
type Args<C extends AnyCall> = undefined extends CallInputOf<C>
  ? [input?: CallInputOf<C>, options?: RequestOptions]
  : object extends CallInputOf<C>
    ? [input?: CallInputOf<C>, options?: RequestOptions]
    : [input: CallInputOf<C>, options?: RequestOptions];

type Result<C extends AnyCall> = C['raw'] extends string ? Blob : CallResult<C>;

export type ClientMethods = {
  [K in keyof Contract]: (...args: Args<Contract[K]>) => Promise<Result<Contract[K]>>;
};

export interface Client extends ClientMethods {
  /** Makes a call and answers the whole envelope (for the header message of a success). */
  send<K extends keyof Contract>(
    name: K,
    ...args: Args<Contract[K]>
  ): Promise<Envelope<CallResult<Contract[K]>>>;
  /** Makes a raw call (CSV, PDF) and answers the Response. */
  raw<K extends keyof Contract>(name: K, ...args: Args<Contract[K]>): Promise<Response>;
  /** Forgets the CSRF token held in memory (after a sign-out, say). */
  resetCsrf(): void;
}

function queryKeys(call: AnyCall): Set<string> {
  const q = call.query;
  return new Set(q instanceof z.ZodObject ? Object.keys(q.shape) : []);
}

function split(call: AnyCall, input: Record<string, unknown> = {}) {
  const keys = queryKeys(call);
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (keys.has(k) || call.method === 'GET') {
      if (v !== undefined && v !== null) query.set(k, String(v));
    } else body[k] = v;
  }
  return { query: query.toString(), body };
}

export function createClient(options: ClientOptions = {}): Client {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
  const log = options.log ?? ((m: string, e: unknown) => console.warn(m, e));
  let csrfMemo: string | undefined;
  // One fetch of /api/csrf at a time, shared by every call that waits for it.
  let csrfInFlight: Promise<string> | undefined;

  async function fetchCsrf(): Promise<string> {
    const res = await doFetch(`${baseUrl}${contract.csrf.path}`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'include',
    });
    const json = (await res.json()) as Envelope<{ csrf_token: string }>;
    if (!res.ok || json.header?.status !== 'success') throw new Error(`GET /api/csrf answered ${res.status}`);
    return json.body.csrf_token;
  }

  async function obtainCsrf(): Promise<string> {
    try {
      csrfMemo = await fetchCsrf();
    } catch (error) {
      log('Could not obtain a CSRF token; retrying once.', error);
      await sleep(TIMINGS_MS.csrfRetry);
      csrfMemo = await fetchCsrf();
    }
    return readCsrfCookie() ?? csrfMemo;
  }

  async function csrfToken(refresh = false): Promise<string> {
    const cookie = refresh ? undefined : readCsrfCookie();
    if (cookie) return cookie;
    if (csrfMemo && !refresh) return csrfMemo;
    csrfInFlight ??= obtainCsrf().finally(() => {
      csrfInFlight = undefined;
    });
    return csrfInFlight;
  }

  async function request(call: AnyCall, input: Record<string, unknown> | undefined, opts: RequestOptions = {}, retried = false): Promise<Response> {
    const { query, body } = split(call, input);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = await options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    let csrf: string | undefined;
    if (call.csrf) {
      csrf = await csrfToken(retried);
      headers[CSRF_HEADER] = csrf;
      // Outside a browser there is no cookie jar: send the cookie half of the pair ourselves.
      if (!inBrowser()) headers.Cookie = `${CSRF_COOKIE}=${encodeURIComponent(csrf)}`;
    }
    const hasBody = call.method !== 'GET';
    if (hasBody) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}${call.path}${query ? `?${query}` : ''}`, {
        method: call.method,
        headers,
        credentials: 'include',
        ...(hasBody ? { body: JSON.stringify(body) } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
    } catch (cause) {
      if (cause instanceof Error && cause.name === 'AbortError') throw cause;
      const error = new ApiError({ httpStatus: 0, code: errors.network.code, status: 'error', message: errors.network.message, body: null });
      (error as { cause?: unknown }).cause = cause;
      options.onError?.(error);
      throw error;
    }
    // A stale CSRF token (the server's secret rotated, the cookie expired): fetch a new one, once.
    if (res.status === 419 && call.csrf && !retried) return request(call, input, opts, true);
    return res;
  }

  async function envelopeOf(res: Response): Promise<Envelope> {
    const json: unknown = await res.json().catch(() => null);
    if (!isEnvelope(json)) {
      const e = res.ok ? errors.internal : { ...errors.internal, message: `${res.status} ${res.statusText}`.trim() };
      throw new ApiError({ httpStatus: res.status, code: e.code, status: 'error', message: e.message });
    }
    if (json.header.status !== 'success') {
      const error = new ApiError({
        httpStatus: res.status,
        code: json.header.code,
        status: json.header.status,
        message: json.header.message,
        body: json.body,
      });
      options.onError?.(error);
      throw error;
    }
    return json;
  }

  async function rawResponse(call: AnyCall, input?: Record<string, unknown>, opts?: RequestOptions) {
    const res = await request(call, input, opts);
    if (!res.ok) await envelopeOf(res);
    return res;
  }

  const methods = Object.fromEntries(
    Object.entries(contract).map(([name, call]) => [
      name,
      async (input?: Record<string, unknown>, opts?: RequestOptions) => {
        const c = call as AnyCall;
        if (c.raw) return (await rawResponse(c, input, opts)).blob();
        const env = await envelopeOf(await request(c, input, opts));
        return env.body;
      },
    ]),
  ) as unknown as ClientMethods;

  return {
    ...methods,
    async send(name, input?, opts?) {
      const c = contract[name] as AnyCall;
      return (await envelopeOf(await request(c, input as Record<string, unknown>, opts))) as never;
    },
    async raw(name, input?, opts?) {
      return rawResponse(contract[name] as AnyCall, input as Record<string, unknown>, opts);
    },
    resetCsrf() {
      csrfMemo = undefined;
    },
  };
}
