/**
 * react-admin's data provider over the SDK: the CRUD methods map resources to the envelope calls
 * (lists are POSTs with page_limit/page and a filter body, answering body.data/body.total), and
 * typed custom methods cover the calls that are not CRUD. Failures become HttpErrors carrying the
 * catalogue message.
 */
import { HttpError, type DataProvider } from 'ra-core';
import {
  errors,
  type CallName,
  type CallInputOf,
  type CallResult,
  type Client,
  type Contract,
  type Envelope,
  type CatalogueEntry,
  type PaymentModule,
  type KeyMode,
} from '@partner-panel/sdk';
import { attempt, hasCode, localised } from './errors.js';
import { auditFilterOf, contractLists, couponListFilterOf, moneyFilterOf, searchOf, userIdOf, vpnFilterOf, type ListAdapter } from './lists.js';
import type { Session } from './session.js';

export type CouponFilterBody = ReturnType<typeof couponListFilterOf>;
/** The lists the server exports as CSV. */
export type ExportResource = 'coupons' | 'vpn-subscriptions' | 'transactions' | 'invoices' | 'operator-money' | 'operator-audit';
/** What a contract call takes: the data provider's inputs are the contract's, never written again. */
export type In<K extends CallName> = CallInputOf<Contract[K]>;
export type GenerateInput = In<'generateCoupons'>;

/** A payment's payer and target: a deposit (`amount`) or an invoice (`invoiceId`, `invoicePayment`). */
export interface PaymentInput {
  name: string;
  email?: string;
  amount?: number | string;
  invoiceId?: number;
  invoicePayment?: boolean;
  /** Card methods: the card's token. */
  token?: string;
}

/**
 * One submission of a form (the portal's `useSubmission`): its calls carry an Idempotency-Key made
 * from `idempotencyKey` and the call's name (and number, for a second call of one name), so a repeat
 * of the submission acts once and a form that makes two calls sends each its own key. `unanswered`
 * is set when a call got no definite answer (no answer, a 5xx, a 429, a 409 of a key still in use):
 * the same submission may then be sent again under the same key.
 */
export interface Submission {
  idempotencyKey: string;
  unanswered?: boolean;
  /** How many calls of each name the submission has made (a price editor saves several cycles). */
  sent?: Record<string, number>;
}

/** The SDK's options for one call of a submission: its key, the call's name and its place among those. */
function keyed(name: string, once: Submission | undefined) {
  if (!once) return undefined;
  const sent = (once.sent ??= {});
  const n = (sent[name] = (sent[name] ?? -1) + 1);
  return { idempotencyKey: `${once.idempotencyKey}.${name}${n ? `.${n}` : ''}` };
}

/** A failure the server may not have acted on yet: a repeat under the same key is safe and needed. */
const undecided = (error: unknown) => {
  const status = error instanceof HttpError ? error.status : 0;
  return status === 0 || status >= 500 || status === 429 || hasCode(error, errors.idempotencyInProgress);
};

export interface Answered<T> {
  body: T;
  message: string;
}

const unsupported = (resource: string, method: string) =>
  Promise.reject(new HttpError(`${method} is not available for ${resource}`, 405, { code: 'rspf-405', status: 'error', body: null }));

/** The `users` record of an admin's user: its profile, named like a list row (`name`). */
const userRecord = (user: CallResult<Contract['getUser']>) => ({ ...user, name: user.firstName });
const userAnswer = async (pending: Promise<Answered<CallResult<Contract['getUser']>>>) => {
  const { body, message } = await pending;
  return { body: userRecord(body), message };
};

export function createDataProvider(client: Client, session: Session, extraLists: Record<string, ListAdapter> = {}) {
  const lists = { ...contractLists(client), ...extraLists };
  /** A call answering the body and the header message (the UI shows the server's message). */
  async function answered<K extends CallName>(name: K, input: In<K>, fallback: CatalogueEntry = errors.updateFailed, once?: Submission) {
    const send = client.send as (n: K, i: unknown, o?: { idempotencyKey: string }) => Promise<Envelope<CallResult<Contract[K]>>>;
    try {
      const env = await attempt(() => send(name, input, keyed(name, once)), fallback);
      return { body: env.body, message: localised(env.header.message) } satisfies Answered<CallResult<Contract[K]>>;
    } catch (error) {
      if (once && undecided(error)) once.unanswered = true;
      throw error;
    }
  }
  /** Any contract call, its input typed by the contract: answers the body and the header message. */
  const call = <K extends CallName>(name: K, input: CallInputOf<Contract[K]>, fallback?: CatalogueEntry, once?: Submission) => answered(name, input, fallback, once);
  /** Any contract call, its input typed by the contract: answers the body alone (a read). */
  const read = async <K extends CallName>(name: K, input: CallInputOf<Contract[K]>, fallback: CatalogueEntry = errors.fetchDetails) =>
    (await answered(name, input, fallback)).body;

  async function refreshProfile() {
    const user = await attempt(() => client.profile(), errors.fetchDetails);
    session.setUser(user);
    return user;
  }

  const crud: DataProvider = {
    async getList(resource, params) {
      const adapter = lists[resource];
      if (!adapter) return unsupported(resource, 'getList');
      return adapter.list(params);
    },
    async getOne(resource, params) {
      if (resource === 'profile') return { data: (await refreshProfile()) as never };
      if (resource === 'invoices') {
        return { data: (await attempt(() => client.invoice({ id: Number(params.id) }), errors.fetchInvoices)) as never };
      }
      if (resource === 'transactions') {
        return { data: (await attempt(() => client.transaction({ id: Number(params.id) }), errors.fetchTransaction)).transaction as never };
      }
      if (resource === 'users') return { data: userRecord(await attempt(() => client.getUser({ id: Number(params.id) }), errors.fetchReseller)) as never };
      return unsupported(resource, `getOne(${String(params.id)})`);
    },
    getMany: (resource) => unsupported(resource, 'getMany'),
    getManyReference: (resource) => unsupported(resource, 'getManyReference'),
    create: (resource) => unsupported(resource, 'create'),
    update: (resource) => unsupported(resource, 'update'),
    updateMany: (resource) => unsupported(resource, 'updateMany'),
    async delete(resource, params) {
      if (resource !== 'coupons') return unsupported(resource, 'delete');
      const couponID = Number(params.id);
      const id = userIdOf(params);
      await attempt(() => (id ? client.deleteUserCoupon({ couponID, id }) : client.deleteCoupon({ couponID })), errors.deleteCoupon);
      return { data: params.previousData as never };
    },
    deleteMany: (resource) => unsupported(resource, 'deleteMany'),
  };

  return {
    ...crud,
    call,
    read,
    // --- signed in
    refreshProfile,
    dashboard: () => attempt(() => client.dashboard(), errors.fetchDetails),
    totalCredited: () => attempt(() => client.totalCredited(), errors.fetchDetails),
    async updateProfileField(update: 'name' | 'status', value: string | number, once?: Submission) {
      const result = await answered('updateProfile', { update, value }, errors.updateProfileFailed, once);
      session.setAccount(result.body);
      return result;
    },
    /** The unread notifications; with `since` (a uid the portal holds), only those written after it. */
    unreadNotifications: (since?: string) => attempt(() => client.unreadNotifications(since ? { since } : {}), errors.fetchNotifications),
    notifications: (page: number) => attempt(() => client.notifications({ page }), errors.fetchNotifications),
    markNotificationsRead: (uid?: string) => attempt(() => client.markNotificationsRead(uid ? { uid } : {}), errors.updateFailed),
    /** Signs a realtime socket's subscription (pusher-js calls it through laravel-echo). */
    authorizeChannel: (socketId: string, channelName: string) =>
      attempt(() => client.broadcastingAuth({ socket_id: socketId, channel_name: channelName })),
    /** Signs a realtime socket in as this session (pusher-js `signin()`), so that ending the session closes it. */
    authenticateSocket: (socketId: string) => attempt(() => client.broadcastingUserAuth({ socket_id: socketId })),
    changePassword: (input: In<'changePassword'>, once?: Submission) => answered('changePassword', input, undefined, once),
    // --- two-factor sign-in (the profile)
    twoFactor: () => attempt(() => client.getTwoFactor(), errors.fetchDetails),
    setupTwoFactor: (password: string, once?: Submission) => answered('setupTwoFactor', { password }, undefined, once),
    enableTwoFactor: (code: string, once?: Submission) => answered('enableTwoFactor', { code }, undefined, once),
    renewRecoveryCodes: (input: In<'renewRecoveryCodes'>, once?: Submission) => answered('renewRecoveryCodes', input, undefined, once),
    disableTwoFactor: (input: In<'disableTwoFactor'>, once?: Submission) => answered('disableTwoFactor', input, undefined, once),
    passkeyOptions: async (password: string, once?: Submission) => (await answered('passkeyOptions', { password }, undefined, once)).body,
    addPasskey: (input: In<'addPasskey'>, once?: Submission) => answered('addPasskey', input, undefined, once),
    removePasskey: (input: In<'removePasskey'>, once?: Submission) => answered('removePasskey', input, undefined, once),
    /** The person's language and time zone: the stored member takes them, so every screen follows. */
    async updatePreferences(input: In<'updatePreferences'>, once?: Submission) {
      const result = await answered('updatePreferences', input, undefined, once);
      const user = session.user();
      if (user) session.setUser({ ...user, member: { ...user.member, ...result.body } });
      return result;
    },
    // --- signed-in sessions and security events (the profile)
    sessions: () => attempt(() => client.listSessions(), errors.fetchDetails),
    endSession: (id: number, once?: Submission) => answered('endSession', { id }, undefined, once),
    endOtherSessions: (once?: Submission) => answered('endOtherSessions', {}, undefined, once),
    securityEvents: () => attempt(() => client.securityEvents(), errors.fetchDetails),
    // --- products and coupons
    products: () => attempt(() => client.products(), errors.fetchProducts),
    /** The price tables (001 §2.2); a failure reads as the list's (001 §8). */
    productPricing: () => attempt(() => client.productPricing(), errors.fetchCouponList),
    userProducts: (userResellerId: number) => attempt(() => client.userProducts({ userResellerId }), errors.fetchProducts),
    generateCoupons: (input: GenerateInput, once?: Submission) => answered('generateCoupons', input, errors.generateCoupons, once),
    generateUserCoupons: (userResellerId: number, input: GenerateInput, once?: Submission) =>
      answered('generateUserCoupons', { ...input, userResellerId }, errors.generateCoupons, once),
    sendCoupon: (input: In<'sendCoupon'>, once?: Submission) => answered('sendCoupon', input, errors.sendCouponFailed, once),
    /**
     * A two-minute link to a list (coupons, vpn-subscriptions, transactions, invoices) under its
     * filter as a CSV file the server streams: one export path, every column of the list whatever
     * its size.
     */
    exportLink(resource: ExportResource, params: { filter?: Record<string, unknown>; meta?: unknown; ids?: number[] }) {
      const id = userIdOf(params);
      const user = id ? { id } : {};
      // A selection (ids) exports those rows alone.
      const selection = params.ids?.length ? { ids: params.ids } : {};
      const search = searchOf(params.filter);
      switch (resource) {
        case 'coupons':
          return attempt(() => client.couponExportTicket({ ...couponListFilterOf(params.filter), ...user, ...selection }), errors.downloadCoupons);
        case 'vpn-subscriptions':
          return attempt(() => client.vpnExportTicket({ ...vpnFilterOf(params.filter), ...user }), errors.fetchVpnList);
        case 'transactions':
          return attempt(() => client.transactionExportTicket({ search }), errors.fetchTransactions);
        case 'invoices':
          // `filter.unpaid`: Unpaid Invoices, as its list.
          return attempt(() => client.invoiceExportTicket({ search, unpaid: params.filter?.unpaid === true }), errors.fetchInvoices);
        case 'operator-money':
          // The operator's money list under its filter (ours, issue 35).
          return attempt(() => client.operatorMoneyExportTicket(moneyFilterOf(params.filter)), errors.fetchDetails);
        case 'operator-audit':
          return attempt(() => client.operatorAuditExportTicket(auditFilterOf(params.filter)), errors.fetchDetails);
      }
    },
    // --- VPN accounts
    createVpnAccount: (input: Omit<In<'createVpnAccount'>, 'quantity'>, once?: Submission) =>
      answered('createVpnAccount', { ...input, quantity: 1 }, errors.createCoupons, once),
    searchVpnAccounts: (search: 'email' | 'coupon' | 'username', value: string) =>
      attempt(() => client.searchVpnAccounts({ search, value }), errors.fetchVpnList),
    updateVpnEmail: (username: string, email: string, once?: Submission) => answered('updateVpnEmail', { username, email }, undefined, once),
    updateVpnPassword: (username: string, password: string, password_confirmation: string, once?: Submission) =>
      answered('updateVpnPassword', { username, password, password_confirmation }, undefined, once),
    updateVpnStatus: (username: string, status: 'enable' | 'disable', once?: Submission) => answered('updateVpnStatus', { username, status }, undefined, once),
    deleteVpnAccount: (username: string, once?: Submission) => answered('deleteVpnAccount', { username, status: 'delete' as const }, undefined, once),
    // --- an admin's own users (002 §2): each answers the user's profile as it now stands
    updateUser: (user_reseller_id: number, input: Omit<In<'updateUser'>, 'user_reseller_id'>, once?: Submission) =>
      userAnswer(answered('updateUser', { ...input, user_reseller_id }, undefined, once)),
    updateUserPricing: (user_reseller_id: number, input: Omit<In<'updateUserPricing'>, 'user_reseller_id'>, once?: Submission) =>
      userAnswer(answered('updateUserPricing', { ...input, user_reseller_id }, undefined, once)),
    verifyUser: (id: number, once?: Submission) => userAnswer(answered('verifyUser', { id }, undefined, once)),
    requireUserTwoFactor: (user_reseller_id: number, required: boolean, once?: Submission) =>
      answered('requireTwoFactor', { user_reseller_id, required }, undefined, once),
    adjustUserBalance: (user_reseller_id: number, input: Omit<In<'adjustUserBalance'>, 'user_reseller_id'>, once?: Submission) =>
      userAnswer(answered('adjustUserBalance', { ...input, user_reseller_id }, undefined, once)),
    sendUserInvoice: (user_reseller_id: number, amount: string | number, user_email?: string, once?: Submission) =>
      answered('createUserInvoice', { user_reseller_id, amount, ...(user_email ? { user_email } : {}) }, undefined, once),
    // --- the team (ours): members, invitations, the accounts a person belongs to
    inviteMembers: (input: In<'inviteMembers'>, once?: Submission) => answered('inviteMembers', input, undefined, once),
    resendInvitation: (id: number, once?: Submission) => answered('resendInvitation', { id }, undefined, once),
    revokeInvitation: (id: number, once?: Submission) => answered('revokeInvitation', { id }, undefined, once),
    updateMember: (input: In<'updateMember'>, once?: Submission) => answered('updateMember', input, undefined, once),
    removeMember: (person_id: number, once?: Submission) => answered('removeMember', { person_id }, undefined, once),
    transferOwnership: async (person_id: number, once?: Submission) => {
      const answer = await answered('transferOwnership', { person_id }, undefined, once);
      // The Owner is now an Administrator: the stored member reads its new role and permissions.
      await refreshProfile().catch(() => undefined);
      return answer;
    },
    requireTeamTwoFactor: (required: boolean, once?: Submission) => answered('requireTeamTwoFactor', { required }, undefined, once),
    myAccounts: () => attempt(() => client.myAccounts(), errors.fetchDetails),
    /** Moves the session (same token) to another account of the person's: its profile becomes the stored user. */
    async switchAccount(reseller_id: number, once?: Submission) {
      const answer = await answered('switchAccount', { reseller_id }, undefined, once);
      session.setUser(answer.body);
      return answer;
    },
    /** The invitation page: what a link offers. */
    readInvitation: (token: string) => answered('readInvitation', { token }, errors.invitationNotFound),
    /** Accepts an invitation, as a new person (name, password) or as the person signed in here; signs in to the account. */
    async acceptInvitation(input: In<'acceptInvitation'>) {
      const answer = await answered('acceptInvitation', input);
      const { access_token, expires_at: _expires, ...user } = answer.body;
      session.signIn(user, access_token);
      return answer;
    },
    // --- the redeem page's embed
    redeemEmbed: () => attempt(() => client.getRedeemEmbed(), errors.fetchDetails),
    saveRedeemEmbed: (input: In<'updateRedeemEmbed'>, once?: Submission) => answered('updateRedeemEmbed', input, undefined, once),
    // --- billing (002): one Idempotency-Key per submission, so a retried submission pays once
    paymentMethods: () => attempt(() => client.paymentMethods(), errors.fetchDetails),
    startPayment(module: PaymentModule, input: PaymentInput, once: Submission) {
      const options = keyed('startPayment', once) as { idempotencyKey: string };
      const card = { ...input, token: input.token ?? '' };
      const pay = (): Promise<CallResult<Contract['payByRedirect']> | CallResult<Contract['payByCard']>> =>
        module === 'paypal' ? client.payByRedirect(input, options) : module === 'stripe' ? client.payByCard(card, options) : client.payByTestCard(card, options);
      return attempt(pay, errors.paymentFailed).catch((error: unknown) => {
        if (undecided(error)) once.unanswered = true;
        throw error;
      });
    },
    verifyPayment: (paymentId: number) => answered('verifyPayment', { payment_id: paymentId }, errors.fetchDetails),
    testCardToken: (card: In<'testGatewayToken'>) =>
      attempt(() => client.testGatewayToken(card), errors.paymentFailed),
    testCardConfirm: (clientSecret: string) => attempt(() => client.testGatewayConfirm({ client_secret: clientSecret }), errors.paymentFailed),
    testCardAuthenticate: (clientSecret: string, approve: boolean) =>
      attempt(() => client.testGatewayAuthenticate({ client_secret: clientSecret, approve }), errors.paymentFailed),
    /** An invoice as a PDF file (002 §2); the fallback 'code : rspf-003, Unable to fetch PDF'. */
    invoicePdf: (id: number) => attempt(async () => (await client.raw('invoicePdf', { id })).blob(), errors.fetchPdf),
    // --- API secret keys (002 §2, §7): the live key is answered masked once made, the sandbox key whole
    secretKeys: () => attempt(() => client.getSecretKey(), errors.secretKeyFetch),
    generateSecretKey: (mode: KeyMode, once?: Submission) => answered('generateSecretKey', { mode }, errors.secretKeyGenerate, once),
    /** Replaces the key shown (whole or masked): the server refuses a key another tab already replaced. */
    regenerateSecretKey: (mode: KeyMode, secretKey: string, once?: Submission) => answered('updateSecretKey', { mode, secretKey }, errors.secretKeyRegenerate, once),
    // --- webhook endpoints (Integration → Webhooks): either mode; the secret is in the answer that makes it only
    webhookEndpoints: (mode: KeyMode) => attempt(() => client.listWebhookEndpoints({ mode }), errors.fetchDetails),
    createWebhookEndpoint: (input: In<'createWebhookEndpoint'>, once?: Submission) => answered('createWebhookEndpoint', input, undefined, once),
    updateWebhookEndpoint: (input: In<'updateWebhookEndpoint'>) =>
      answered('updateWebhookEndpoint', input),
    rotateWebhookSecret: (endpointId: number, once?: Submission) => answered('rotateWebhookSecret', { endpointId }, undefined, once),
    deleteWebhookEndpoint: (endpointId: number) => answered('deleteWebhookEndpoint', { endpointId }),
    testWebhookEndpoint: (endpointId: number) => answered('testWebhookEndpoint', { endpointId }),
    webhookDeliveries: (endpointId: number) => attempt(() => client.listWebhookDeliveries({ endpointId, limit: 50 }), errors.fetchDetails),
    resendWebhookDelivery: (deliveryId: number) => answered('resendWebhookDelivery', { deliveryId }),
    // --- public
    publicSettings: () => attempt(() => client.publicSettings(), errors.formInit),
    register: (input: In<'register'>) =>
      answered('register', input),
    verifyEmail: (input: In<'verifyEmail'>) => answered('verifyEmail', input),
    resendVerification: (input: In<'resendVerification'>) => answered('resendVerification', input),
    forgotPassword: (input: In<'forgotPassword'>) => answered('forgotPassword', input),
    verifyResetHash: (input: In<'verifyResetHash'>) => answered('verifyResetHash', input),
    updatePassword: (input: In<'updatePassword'>) =>
      answered('updatePassword', input),
  };
}

export type PortalDataProvider = ReturnType<typeof createDataProvider>;
