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
 * - `operator`: a signed-in member of the operator, the provider's own account (docs/architecture.md
 *   "The operator"): its console, which every reseller is refused;
 * - `client`: a client developer's v2 access token (from the secret key);
 * - `signature`: a payment provider's webhook, checked by its signature.
 *
 * The operator has no wallet, coupons or customers: of the `reseller` calls it makes only a person's
 * own (`self`), its team's (`team.*`) and the profile read (`operator: true`); see `operatorMayCall`.
 */
export type Access = 'public' | 'reseller' | 'admin' | 'operator' | 'client' | 'signature';

/** Calls made with a session (a person signed in, acting for an account). */
export const isSignedInAccess = (access: Access) => access === 'reseller' || access === 'admin' || access === 'operator';

/** The permissions of `reseller` calls the operator's members make too: their own sign-in and their team. */
const OPERATOR_ALSO: readonly Permission[] = ['self', 'team.read', 'team.manage', 'team.own'];

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
  /** Whether the operator account's members may make it (`operatorMayCall`). */
  readonly operator: boolean;
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
  /** A `reseller` call the operator makes too though its permission is the account's (the profile read). */
  operator?: true;
}

/** Whether the operator account may make a call: its own calls, and a person's own and the team's. */
function operatorMayCall(input: { access: Access; permission?: Permission; operator?: true }): boolean {
  if (input.access === 'operator') return true;
  if (input.access !== 'reseller') return false;
  return input.operator === true || (input.permission !== undefined && OPERATOR_ALSO.includes(input.permission));
}

export function defineCall<
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(input: CallInput<Q, B, R>): Call<Q, B, R> {
  const stateChanging = input.method !== 'GET';
  const serverToServer = input.access === 'client' || input.access === 'signature';
  const signedIn = isSignedInAccess(input.access);
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
    operator: operatorMayCall(input),
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
