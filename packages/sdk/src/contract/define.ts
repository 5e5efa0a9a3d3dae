/**
 * One call of the API: everything the server needs to serve it and the client needs to make it.
 * A call that is not in the contract does not exist.
 */
import type { z } from 'zod';
import type { CaptchaAction } from './constants.js';
import type { Permission } from './roles.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make the call:
 * - `public`: anyone (sign-in, sign-up, redeem);
 * - `reseller`: a signed-in reseller (bearer access token);
 * - `admin`: a signed-in reseller with is_admin;
 * - `client`: a client developer's v2 access token (from the secret key);
 * - `signature`: a payment provider's webhook, checked by its signature.
 */
export type Access = 'public' | 'reseller' | 'admin' | 'client' | 'signature';

export interface Call<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  readonly method: Method;
  readonly path: string;
  readonly access: Access;
  /**
   * What a member's role must allow (roles.ts), on every `reseller` and `admin` call; none on the
   * others, which keep their own rules (anyone, a key's token, a provider's signature).
   */
  readonly permission: Permission | null;
  /** Where the spec describes the call ("000 §7"), or "ours" for calls the spec leaves to us. */
  readonly spec: string;
  readonly summary: string;
  readonly query: Q;
  readonly body: B;
  readonly response: R;
  readonly successCode: number;
  /** HTTP status of a success (200 unless stated). */
  readonly httpStatus: number;
  /** State-changing calls need the CSRF header, except server-to-server ones. */
  readonly csrf: boolean;
  readonly captcha?: CaptchaAction;
  /** The response is not JSON (a CSV or PDF download); `response` then describes nothing. */
  readonly raw?: 'csv' | 'pdf' | 'html';
  /**
   * A success answers `response` itself, not wrapped in the envelope, because a third party's
   * stock client reads it (pusher-js and laravel-echo expect `{ "auth": "…" }`). Errors are
   * still envelopes.
   */
  readonly bare?: boolean;
}

interface CallInput<Q, B, R> {
  method: Method;
  path: string;
  access: Access;
  permission?: Permission;
  spec: string;
  summary: string;
  query?: Q;
  body?: B;
  response: R;
  successCode: number;
  httpStatus?: number;
  csrf?: boolean;
  captcha?: CaptchaAction;
  raw?: 'csv' | 'pdf' | 'html';
  bare?: boolean;
}

export function defineCall<
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(input: CallInput<Q, B, R>): Call<Q, B, R> {
  const stateChanging = input.method !== 'GET';
  const serverToServer = input.access === 'client' || input.access === 'signature';
  const signedIn = input.access === 'reseller' || input.access === 'admin';
  // A signed-in call without a permission would be open to every role: refused when the contract loads.
  if (signedIn !== (input.permission !== undefined)) {
    throw new Error(`${input.method} ${input.path}: ${signedIn ? 'a signed-in call must name its permission' : 'only a signed-in call names a permission'}`);
  }
  return {
    ...input,
    permission: input.permission ?? null,
    query: input.query as Q,
    body: input.body as B,
    httpStatus: input.httpStatus ?? 200,
    csrf: input.csrf ?? (stateChanging && !serverToServer),
  };
}

export type AnyCall = Call<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>;

type InputOf<S> = S extends z.ZodType ? z.input<S> : unknown;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller passes: the body fields and the query fields together. */
export type CallInputOf<C extends AnyCall> = (C['body'] extends z.ZodType ? InputOf<C['body']> : unknown) &
  (C['query'] extends z.ZodType ? InputOf<C['query']> : unknown);
export type CallBody<C extends AnyCall> = OutputOf<C['body']>;
export type CallQuery<C extends AnyCall> = OutputOf<C['query']>;
export type CallResult<C extends AnyCall> = z.output<C['response']>;
