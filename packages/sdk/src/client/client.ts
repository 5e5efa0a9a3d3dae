/**
 * The typed client: one method per call of the contract, the envelope unwrapped, failures thrown as
 * ApiError subclasses, safe failures retried (./retry.ts), and the spec's CSRF behaviour (000 §7):
 * the CSRF-Token header comes from the XSRF-TOKEN cookie; when it is missing GET /api/csrf is
 * called, and on failure retried once after 1 s.
 */
import { z } from 'zod';
import { contract, type Contract } from '../contract/index.js';
import type { AnyCall, CallInputOf, CallResult } from '../contract/define.js';
import { CSRF_COOKIE, CSRF_HEADER, REQUEST_ID_HEADER, TIMINGS_MS } from '../contract/constants.js';
import { errors } from '../contract/messages.js';
import { isEnvelope, type Envelope } from '../contract/envelope.js';
import { apiError, type ApiError } from './errors.js';
import { inBrowser, readCsrfCookie, sleep } from './csrf.js';
import { paginate, type Pageable, type PageInput, type PageRow, type Paginated } from './paginate.js';
import { backoffMs, defaultRetryPolicy, newIdempotencyKey, retryDelay } from './retry.js';

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
  /**
   * How many times a safe failure is tried again (default 2): a GET, or a call sent with an
   * Idempotency-Key, after no answer, a 502/503/504, or a 429/409 with a short Retry-After. With
   * retries on, every state-changing call gets an Idempotency-Key of its own.
   */
  maxRetries?: number;
  /** The longest Retry-After waited for by the client itself (default 5000 ms). */
  maxRetryDelayMs?: number;
  /** Gives up on an attempt after this long (default 60 000 ms); it then counts as no answer. */
  timeoutMs?: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Sent as Idempotency-Key; one is made for each state-changing call when retries are on. */
  idempotencyKey?: string;
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
  /**
   * Every row of a paged list, page after page: `for await (const row of client.paginate('listCoupons', { code: 'A' }))`,
   * or `await client.paginate(...).toArray({ limit: 500 })`.
   */
  paginate<K extends Pageable>(name: K, input?: PageInput<K>, options?: RequestOptions): Paginated<PageRow<K>>;
}

function queryKeys(call: AnyCall): Set<string> {
  const q = call.query;
  return new Set(q instanceof z.ZodObject ? Object.keys(q.shape) : []);
}

/** The call's path with its `{name}` parameters filled in from the input, and the input left over. */
function fillPath(call: AnyCall, input: Record<string, unknown> = {}) {
  const rest = { ...input };
  const path = call.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(value === undefined || value === null ? '' : String(value));
  });
  return { path, rest };
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

/**
 * '' (the page's own origin) or a path in a browser; elsewhere an absolute http(s) URL. A URL
 * without its scheme ('panel.example.com') would only fail later as a network error, so it is
 * refused at once, saying how to write it.
 */
export function checkedBaseUrl(baseUrl: string): string {
  if (baseUrl === '' || baseUrl.startsWith('/') || /^https?:\/\/[^/]/i.test(baseUrl)) return baseUrl;
  const example = /^[a-z][a-z\d+.-]*:/i.test(baseUrl) ? 'https://panel.example.com' : `https://${baseUrl.replace(/^\/+/, '')}`;
  throw new TypeError(`The baseUrl '${baseUrl}' is not an http:// or https:// address: write it with its scheme, e.g. '${example}'.`);
}

export function createClient(options: ClientOptions = {}): Client {
  const baseUrl = checkedBaseUrl(options.baseUrl ?? '').replace(/\/$/, '');
  const policy = {
    maxRetries: options.maxRetries ?? defaultRetryPolicy.maxRetries,
    maxRetryDelayMs: options.maxRetryDelayMs ?? defaultRetryPolicy.maxRetryDelayMs,
  };
  const timeoutMs = options.timeoutMs ?? 60_000;
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

  /** One attempt, given up after timeoutMs; a timeout reads as no answer. */
  async function attempt(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const stop = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      return await doFetch(url, { ...init, signal: controller.signal });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw Object.assign(new Error('no answer'), { cause, noAnswer: true });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    }
  }

  async function request(call: AnyCall, input: Record<string, unknown> | undefined, opts: RequestOptions = {}, retried = false): Promise<Response> {
    const { path, rest } = fillPath(call, input);
    const { query, body } = split(call, rest);
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
    const idempotencyKey = opts.idempotencyKey ?? (hasBody && policy.maxRetries > 0 ? newIdempotencyKey() : undefined);
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const safe = !hasBody || idempotencyKey !== undefined;
    const url = `${baseUrl}${path}${query ? `?${query}` : ''}`;
    const init: RequestInit = { method: call.method, headers, credentials: 'include', ...(hasBody ? { body: JSON.stringify(body) } : {}) };
    for (let n = 0; ; n++) {
      const more = safe && n < policy.maxRetries;
      let res: Response;
      try {
        res = await attempt(url, init, opts.signal);
      } catch (cause) {
        if (!(cause as { noAnswer?: boolean }).noAnswer) throw cause;
        if (more) {
          await sleep(backoffMs(n));
          continue;
        }
        const error = apiError({ httpStatus: 0, code: errors.network.code, status: 'error', message: errors.network.message, body: null });
        (error as { cause?: unknown }).cause = (cause as { cause?: unknown }).cause;
        options.onError?.(error);
        throw error;
      }
      // A stale CSRF token (the server's secret rotated, the cookie expired): fetch a new one, once.
      if (res.status === 419 && call.csrf && !retried) return request(call, input, { ...opts, ...(idempotencyKey ? { idempotencyKey } : {}) }, true);
      const wait = more ? retryDelay(res, n, policy) : null;
      if (wait === null) return res;
      await res.body?.cancel().catch(() => undefined);
      await sleep(wait);
    }
  }

  async function envelopeOf(res: Response): Promise<Envelope> {
    const json: unknown = await res.json().catch(() => null);
    const requestId = res.headers.get(REQUEST_ID_HEADER);
    if (!isEnvelope(json)) {
      const e = res.ok ? errors.internal : { ...errors.internal, message: `${res.status} ${res.statusText}`.trim() };
      throw apiError({ httpStatus: res.status, code: e.code, status: 'error', message: e.message, requestId });
    }
    if (json.header.status !== 'success') {
      const error = apiError({
        httpStatus: res.status,
        code: json.header.code,
        status: json.header.status,
        message: json.header.message,
        body: json.body,
        requestId: requestId ?? json.header.request_id ?? null,
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
        if (c.bare) return (await rawResponse(c, input, opts)).json();
        const env = await envelopeOf(await request(c, input, opts));
        return env.body;
      },
    ]),
  ) as unknown as ClientMethods;

  return {
    ...methods,
    async send(name, input?, opts?) {
      const c = contract[name] as AnyCall;
      if (c.bare) {
        const body: unknown = await (await rawResponse(c, input as Record<string, unknown>, opts)).json();
        return { header: { code: c.successCode, status: 'success', message: 'Success' }, body } as never;
      }
      return (await envelopeOf(await request(c, input as Record<string, unknown>, opts))) as never;
    },
    async raw(name, input?, opts?) {
      return rawResponse(contract[name] as AnyCall, input as Record<string, unknown>, opts);
    },
    resetCsrf() {
      csrfMemo = undefined;
    },
    paginate(name, input, opts) {
      return paginate(name, input, (pageInput) => (methods[name] as (i: unknown, o?: RequestOptions) => Promise<unknown>)(pageInput, opts));
    },
  };
}
