/**
 * The v2 client API with a secret key: `new PartnerPanel({ secretKey })`. It exchanges the key for
 * tokens on first use, refreshes them before they expire (or makes new ones from the key when the
 * refresh token is gone), and sends each call once more after a 401 for an expired token. State
 * changes carry an Idempotency-Key, so the retries of ./retry.ts never create a user twice.
 *
 * A secret key is a password to the wallet: keep live keys on servers, never in a web page.
 */
import type { CallInputOf, CallResult } from '../contract/define.js';
import { contract, type Contract } from '../contract/index.js';
import { CLIENT_API, type ClientUserStatus, type KeyMode } from '../contract/constants.js';
import { createClient, type Client, type ClientOptions, type RequestOptions } from './client.js';
import { AuthenticationError } from './errors.js';
import { newIdempotencyKey } from './retry.js';
import { paginateCursor, type Paginated } from './paginate.js';

export interface PartnerPanelOptions extends Pick<ClientOptions, 'fetch' | 'maxRetries' | 'maxRetryDelayMs' | 'timeoutMs'> {
  /** `sk_live_…` spends the wallet on real accounts; `sk_test_…` works in the sandbox. */
  secretKey: string;
  /** Where the Partner Panel runs, e.g. 'https://panel.example.com'. */
  baseUrl: string;
}

export type Tokens = CallResult<Contract['clientGenerateToken']>;
export type NewUser = CallInputOf<Contract['clientCreateUser']>;
export type CreatedUser = CallResult<Contract['clientCreateUser']>;
export type User = CallResult<Contract['clientSearchUsers']>[number];
/** A user as the list and get calls show it: with when it was made. */
export type ListedUser = CallResult<Contract['clientGetUser']>;
export type UserFilters = Omit<CallInputOf<Contract['clientListUsers']>, 'starting_after'>;
export type ApiEvent = CallResult<Contract['clientListEvents']>['data'][number];
export type Endpoint = CallResult<Contract['clientListWebhookEndpoints']>[number];
type Input<K extends keyof Contract> = CallInputOf<Contract[K]>;

/** Tokens are renewed this long before they expire, so a call never starts with a dying one. */
const RENEW_EARLY_MS = 60_000;
const TOKEN_EXPIRED = 'rspf-client-3102';

export class PartnerPanel {
  /** `live` or `sandbox`, from the key's prefix. */
  readonly mode: KeyMode;
  readonly users: {
    /** Creates a VPN user, paid from the wallet (201). Plan: recurring monthly unless named. */
    create(user: NewUser, options?: RequestOptions): Promise<CreatedUser>;
    /** The users whose e-mail (any case) or username is `query`. */
    search(query: string, options?: RequestOptions): Promise<User[]>;
    updateEmail(userId: number, newEmail: string, options?: RequestOptions): Promise<User>;
    updatePassword(userId: number, oldPassword: string, newPassword: string, options?: RequestOptions): Promise<{ userId: number; status: 'password_changed' }>;
    updateStatus(userId: number, status: 'active' | 'suspended', options?: RequestOptions): Promise<{ userId: number; status: ClientUserStatus }>;
    delete(userId: number, options?: RequestOptions): Promise<{ userId: number; status: 'deleted' }>;
    /** One user by id (404 for an id that is not one of this key's users). */
    get(userId: number, options?: RequestOptions): Promise<ListedUser>;
    /**
     * Every user, newest first, page after page (`for await (const u of pp.users.list({ status: 'active' }))`);
     * users made during the walk never shift it. Filters: status, created_gte, created_lte, email_prefix; limit is the page size.
     */
    list(filters?: UserFilters, options?: RequestOptions): Paginated<ListedUser>;
  };
  readonly events: {
    /** The events of the last 30 days, newest first, page after page; `type` filters. */
    list(filters?: Omit<Input<'clientListEvents'>, 'starting_after'>, options?: RequestOptions): Paginated<ApiEvent>;
  };
  readonly webhookEndpoints: {
    list(options?: RequestOptions): Promise<Endpoint[]>;
    /** The answer holds the signing secret (whsec_…), shown only now. */
    create(input: Input<'clientCreateWebhookEndpoint'>, options?: RequestOptions): Promise<CallResult<Contract['clientCreateWebhookEndpoint']>>;
    update(input: Input<'clientUpdateWebhookEndpoint'>, options?: RequestOptions): Promise<Endpoint>;
    rotateSecret(endpointId: number, options?: RequestOptions): Promise<CallResult<Contract['clientRotateWebhookSecret']>>;
    delete(endpointId: number, options?: RequestOptions): Promise<{ id: number; deleted: true }>;
    sendTest(endpointId: number, options?: RequestOptions): Promise<CallResult<Contract['clientTestWebhookEndpoint']>>;
    /** Every delivery of an endpoint with its attempts, newest first, page after page. */
    deliveries(endpointId: number, options?: RequestOptions): Paginated<CallResult<Contract['clientListWebhookDeliveries']>['data'][number]>;
    resend(deliveryId: number, options?: RequestOptions): Promise<CallResult<Contract['clientResendWebhookDelivery']>>;
  };
  readonly sandbox: {
    /** Sandbox keys only: sets the play-money balance, e.g. to 0 to try a refused purchase. */
    setBalance(balance: number, options?: RequestOptions): Promise<{ balance: number; mode: KeyMode }>;
  };

  readonly #secretKey: string;
  readonly #api: Client;
  #tokens: Tokens | null = null;
  #renewing: Promise<Tokens> | null = null;

  constructor(options: PartnerPanelOptions) {
    const { secretKey, baseUrl, ...rest } = options;
    if (typeof secretKey !== 'string' || !secretKey) throw new TypeError('PartnerPanel needs a secretKey (sk_live_… or sk_test_…)');
    if (typeof baseUrl !== 'string' || !baseUrl) throw new TypeError("PartnerPanel needs the baseUrl of the Partner Panel, e.g. 'https://panel.example.com'");
    this.#secretKey = secretKey;
    this.mode = secretKey.startsWith(CLIENT_API.keyPrefix.sandbox) ? 'sandbox' : 'live';
    this.#api = createClient({ ...rest, baseUrl, getToken: () => this.#tokens?.AccessToken, log: () => undefined });
    this.users = {
      create: (user, o) => this.#call('clientCreateUser', user, o),
      search: (query, o) => this.#call('clientSearchUsers', { query }, o),
      updateEmail: (userId, newEmail, o) => this.#call('clientUpdateEmail', { userId, newEmail }, o),
      updatePassword: (userId, oldPassword, newPassword, o) => this.#call('clientUpdatePassword', { userId, oldPassword, newPassword }, o),
      updateStatus: (userId, status, o) => this.#call('clientUpdateStatus', { userId, status }, o),
      delete: (userId, o) => this.#call('clientDeleteUser', { userId }, o),
      get: (userId, o) => this.#call('clientGetUser', { userId }, o),
      list: (filters, o) => paginateCursor((after: number | undefined) => this.#call('clientListUsers', { ...filters, ...(after ? { starting_after: after } : {}) }, o), (u) => u.userId),
    };
    this.events = {
      list: (filters, o) => paginateCursor((after: string | undefined) => this.#call('clientListEvents', { ...filters, ...(after ? { starting_after: after } : {}) }, o), (e) => e.id),
    };
    this.webhookEndpoints = {
      list: (o) => this.#call('clientListWebhookEndpoints', undefined, o),
      create: (input, o) => this.#call('clientCreateWebhookEndpoint', input, o),
      update: (input, o) => this.#call('clientUpdateWebhookEndpoint', input, o),
      rotateSecret: (endpointId, o) => this.#call('clientRotateWebhookSecret', { endpointId }, o),
      delete: (endpointId, o) => this.#call('clientDeleteWebhookEndpoint', { endpointId }, o),
      sendTest: (endpointId, o) => this.#call('clientTestWebhookEndpoint', { endpointId }, o),
      deliveries: (endpointId, o) =>
        paginateCursor((after: number | undefined) => this.#call('clientListWebhookDeliveries', { endpointId, ...(after ? { starting_after: after } : {}) }, o), (d) => d.id),
      resend: (deliveryId, o) => this.#call('clientResendWebhookDelivery', { deliveryId }, o),
    };
    this.sandbox = { setBalance: (balance, o) => this.#call('clientSetSandboxBalance', { balance }, o) };
  }

  /** The wallet this key spends: the live balance, or the sandbox's play money. */
  balance(options?: RequestOptions): Promise<{ balance: number; mode: KeyMode }> {
    return this.#call('clientBalance', undefined, options);
  }

  /** Current tokens, made or renewed as needed (the calls do this by themselves). */
  async tokens(): Promise<Tokens> {
    const held = this.#tokens;
    if (held && Date.parse(held.Expiry) - Date.now() > RENEW_EARLY_MS) return held;
    this.#renewing ??= this.#renew(held).finally(() => {
      this.#renewing = null;
    });
    return this.#renewing;
  }

  async #renew(held: Tokens | null): Promise<Tokens> {
    if (held && Date.parse(held.RefreshExpiry) - Date.now() > RENEW_EARLY_MS) {
      try {
        return (this.#tokens = await this.#api.clientRefreshToken({ refreshToken: held.RefreshToken }));
      } catch (error) {
        // A spent or revoked refresh token: the secret key can still make new ones.
        if (!(error instanceof AuthenticationError)) throw error;
      }
    }
    return (this.#tokens = await this.#api.clientGenerateToken({ secretKey: this.#secretKey }));
  }

  async #call<K extends keyof Contract>(name: K, input: unknown, options: RequestOptions = {}): Promise<CallResult<Contract[K]>> {
    const send = this.#api[name] as (input: unknown, options: RequestOptions) => Promise<CallResult<Contract[K]>>;
    // One key for the call and its retries, including the one after a token expired.
    const opts = contract[name].method === 'GET' ? options : { idempotencyKey: newIdempotencyKey(), ...options };
    await this.tokens();
    try {
      return await send(input, opts);
    } catch (error) {
      if (!(error instanceof AuthenticationError) || error.code !== TOKEN_EXPIRED) throw error;
      this.#tokens = null;
      await this.tokens();
      return send(input, opts);
    }
  }
}
