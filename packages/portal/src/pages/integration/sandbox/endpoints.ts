/**
 * The nine endpoints of the Sandbox page (002 §2 "API Playground"): the eight v2 calls the spec
 * documents and the balance a key spends. Each names its call in the contract (method, path,
 * schemas), its parameters, an example answer and the messages it may answer; the messages are the
 * catalogue's own, so the table says what the server says. The example answers are checked against
 * the contract's response schemas (test/sandbox.test.ts).
 */
import {
  CLIENT_API,
  errors,
  formatMessage,
  messages,
  type CallName,
  type CallResult,
  type CatalogueEntry,
  type Contract,
} from '@partner-panel/sdk';

export const ENDPOINT_SLUGS = ['generate', 'refresh', 'create', 'search', 'update-email', 'update-password', 'update-status', 'delete', 'balance'] as const;
export type EndpointSlug = (typeof ENDPOINT_SLUGS)[number];

export interface Param {
  name: string;
  in: 'body' | 'query' | 'header';
  type: string;
  required: boolean;
}

export interface ResponseMessage {
  status: number;
  code: string;
  message: string;
}

export interface Endpoint<K extends CallName = CallName> {
  slug: EndpointSlug;
  call: K;
  /** Made with the secret key (the token calls) or with a bearer access token (the rest). */
  auth: 'key' | 'token';
  params: Param[];
  example: { code: number; message: string; body: CallResult<Contract[K]> };
  messages: ResponseMessage[];
}

const s = messages.sandbox;
const ok = (status: number, message: string): ResponseMessage => ({ status, code: String(status === 201 ? 201 : 200), message });
const bad = (message: string): ResponseMessage => ({ status: 400, code: errors.validation.code, message });
const of = (entry: CatalogueEntry, vars: Record<string, string | number> = {}): ResponseMessage => ({
  status: entry.http,
  code: entry.code,
  message: formatMessage(entry.message, vars),
});
const tokenRefused = of(errors.clientTokenInvalid);
const limited = of(errors.clientRateLimited, { limit: CLIENT_API.requestsPerMinute, wait: '…' });
/** The spec documents a 500 for every call; ours answers it only for a fault of the server, never for input. */
const serverFault = of(errors.internal);
const idempotency = { name: 'Idempotency-Key', in: 'header', type: 'string', required: false } as const;
const userId = { name: 'userId', in: 'body', type: 'integer', required: true } as const;

const exampleUser = {
  userId: 1_000_000_000,
  username: 'first-user',
  email: 'first-user@example.com',
  status: 'active' as const,
  billing_type: 1 as const,
  billing_cycle: 'monthly' as const,
  end_date: '2027-01-01T10:00:00.000Z',
};
const exampleTokens = {
  AccessToken: 'Zq3JkT9pXwR2vYb8Lm0cNf5HsD1aGe7KtUo4WiQxByE',
  RefreshToken: 'P8QmZ1sLcV6nAr3JyTgKd0FhXw9BuEo2MiNs7WpRqYz',
  Expiry: '2026-12-01T11:00:00.000Z',
  ExpiresIn: CLIENT_API.accessTokenSeconds,
  RefreshExpiry: '2026-12-31T10:00:00.000Z',
  mode: 'sandbox' as const,
};

const endpoint = <K extends CallName>(e: Endpoint<K>) => e;

export const ENDPOINTS = {
  generate: endpoint({
    slug: 'generate',
    call: 'clientGenerateToken',
    auth: 'key',
    params: [{ name: 'secretKey', in: 'body', type: 'string', required: true }],
    example: { code: 200, message: 'Tokens generated successfully.', body: exampleTokens },
    messages: [ok(200, 'Tokens generated successfully.'), bad(s.secretKey), of(errors.clientKeyInvalid), limited, serverFault],
  }),
  refresh: endpoint({
    slug: 'refresh',
    call: 'clientRefreshToken',
    auth: 'key',
    params: [{ name: 'refreshToken', in: 'body', type: 'string', required: true }],
    example: { code: 200, message: 'Tokens refreshed successfully.', body: exampleTokens },
    messages: [ok(200, 'Tokens refreshed successfully.'), bad(s.refreshToken), of(errors.clientRefreshInvalid), serverFault],
  }),
  create: endpoint({
    slug: 'create',
    call: 'clientCreateUser',
    auth: 'token',
    params: [
      { name: 'username', in: 'body', type: 'string', required: true },
      { name: 'password', in: 'body', type: 'string', required: true },
      { name: 'email', in: 'body', type: 'string', required: true },
      { name: 'billing_type', in: 'body', type: 'integer', required: false },
      { name: 'billing_cycle', in: 'body', type: 'string', required: false },
      { name: 'addon_id', in: 'body', type: 'integer', required: false },
      idempotency,
    ],
    example: { code: 201, message: 'User created successfully.', body: { ...exampleUser, amount: 3, balance: 9997 } },
    messages: [
      ok(201, 'User created successfully.'),
      bad(s.create),
      bad(s.username),
      bad(messages.passwordRule),
      tokenRefused,
      of(errors.insufficientBalance, { balance: '$1.00', amount: '$3.00' }),
      of(errors.accountInactive),
      of(errors.clientUserExists),
      limited,
      serverFault,
    ],
  }),
  search: endpoint({
    slug: 'search',
    call: 'clientSearchUsers',
    auth: 'token',
    params: [{ name: 'query', in: 'query', type: 'string', required: true }],
    example: { code: 200, message: '1 user found.', body: [exampleUser] },
    messages: [ok(200, '1 user found.'), bad(s.search), tokenRefused, limited, serverFault],
  }),
  'update-email': endpoint({
    slug: 'update-email',
    call: 'clientUpdateEmail',
    auth: 'token',
    params: [userId, { name: 'newEmail', in: 'body', type: 'string', required: true }, idempotency],
    example: { code: 200, message: 'Email updated successfully.', body: { ...exampleUser, email: 'new-address@example.com' } },
    messages: [ok(200, 'Email updated successfully.'), bad(s.updateEmail), bad(messages.emailInvalid), tokenRefused, of(errors.clientUserNotFound), of(errors.vpnDeleted), limited, serverFault],
  }),
  'update-password': endpoint({
    slug: 'update-password',
    call: 'clientUpdatePassword',
    auth: 'token',
    params: [userId, { name: 'oldPassword', in: 'body', type: 'string', required: true }, { name: 'newPassword', in: 'body', type: 'string', required: true }, idempotency],
    example: { code: 200, message: 'Password updated successfully.', body: { userId: exampleUser.userId, status: 'password_changed' } },
    messages: [
      ok(200, 'Password updated successfully.'),
      bad(s.password),
      bad(messages.passwordRule),
      of(errors.clientOldPassword),
      tokenRefused,
      of(errors.clientUserNotFound),
      of(errors.vpnDeleted),
      limited,
      serverFault,
    ],
  }),
  'update-status': endpoint({
    slug: 'update-status',
    call: 'clientUpdateStatus',
    auth: 'token',
    params: [userId, { name: 'status', in: 'body', type: 'string', required: true }, idempotency],
    example: { code: 200, message: 'Status updated successfully.', body: { userId: exampleUser.userId, status: 'suspended' } },
    messages: [
      ok(200, 'Status updated successfully.'),
      bad(s.status),
      bad(s.statusValue),
      tokenRefused,
      of(errors.insufficientBalance, { balance: '$1.00', amount: '$3.00' }),
      of(errors.accountInactive),
      of(errors.clientUserNotFound),
      of(errors.vpnDeleted),
      limited,
      serverFault,
    ],
  }),
  delete: endpoint({
    slug: 'delete',
    call: 'clientDeleteUser',
    auth: 'token',
    params: [userId, idempotency],
    example: { code: 200, message: 'User deleted successfully.', body: { userId: exampleUser.userId, status: 'deleted' } },
    messages: [ok(200, 'User deleted successfully.'), bad(s.delete), tokenRefused, of(errors.clientUserNotFound), limited, serverFault],
  }),
  balance: endpoint({
    slug: 'balance',
    call: 'clientBalance',
    auth: 'token',
    params: [],
    example: { code: 200, message: 'Success', body: { balance: 9997, mode: 'sandbox' } },
    messages: [ok(200, 'Success'), tokenRefused, limited, serverFault],
  }),
} satisfies Record<EndpointSlug, Endpoint>;

/** Reseller 903 creates no VPN accounts (000 §6), so its sandbox has neither Create nor the balance that pays for it. */
export const PARTNER_HIDDEN: readonly EndpointSlug[] = ['create', 'balance'];
