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
  type CallResult,
  type Client,
  type Contract,
  type Envelope,
  type CatalogueEntry,
} from '@partner-panel/sdk';
import { attempt } from './errors.js';
import { contractLists, couponFilterOf, type ListAdapter } from './lists.js';
import type { Session } from './session.js';

export type CouponFilterBody = ReturnType<typeof couponFilterOf>;
export interface GenerateInput {
  quantity: number;
  billing_cycle: string;
  product_id: number;
  addon_type: number | '';
  billing_type: 1 | 2;
  prefix: string;
}

export interface Answered<T> {
  body: T;
  message: string;
}

const unsupported = (resource: string, method: string) =>
  Promise.reject(new HttpError(`${method} is not available for ${resource}`, 405, { code: 'rspf-405', status: 'error', body: null }));

export function createDataProvider(client: Client, session: Session, extraLists: Record<string, ListAdapter> = {}) {
  const lists = { ...contractLists(client), ...extraLists };
  /** A call answering the body and the header message (the UI shows the server's message). */
  async function answered<K extends CallName>(name: K, input: unknown, fallback: CatalogueEntry = errors.updateFailed) {
    const send = client.send as (n: K, i: unknown) => Promise<Envelope<CallResult<Contract[K]>>>;
    const env = await attempt(() => send(name, input), fallback);
    return { body: env.body, message: env.header.message } satisfies Answered<CallResult<Contract[K]>>;
  }

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
      return unsupported(resource, `getOne(${String(params.id)})`);
    },
    getMany: (resource) => unsupported(resource, 'getMany'),
    getManyReference: (resource) => unsupported(resource, 'getManyReference'),
    create: (resource) => unsupported(resource, 'create'),
    update: (resource) => unsupported(resource, 'update'),
    updateMany: (resource) => unsupported(resource, 'updateMany'),
    async delete(resource, params) {
      const couponID = Number(params.id);
      if (resource === 'coupons') {
        await attempt(() => client.deleteCoupon({ couponID }), errors.deleteCoupon);
        return { data: params.previousData as never };
      }
      if (resource === 'userCoupons') {
        const id = Number((params.meta as { userId?: unknown } | undefined)?.userId);
        await attempt(() => client.deleteUserCoupon({ couponID, id }), errors.deleteCoupon);
        return { data: params.previousData as never };
      }
      return unsupported(resource, 'delete');
    },
    deleteMany: (resource) => unsupported(resource, 'deleteMany'),
  };

  return {
    ...crud,
    // --- signed in
    refreshProfile,
    dashboard: () => attempt(() => client.dashboard(), errors.fetchDetails),
    totalCredited: () => attempt(() => client.totalCredited(), errors.fetchDetails),
    async updateProfileField(update: 'name' | 'status', value: string | number) {
      const result = await answered('updateProfile', { update, value }, errors.updateProfileFailed);
      session.setUser(result.body);
      return result;
    },
    unreadNotifications: () => attempt(() => client.unreadNotifications(), errors.fetchNotifications),
    notifications: (page: number) => attempt(() => client.notifications({ page }), errors.fetchNotifications),
    markNotificationsRead: (uid?: string) => attempt(() => client.markNotificationsRead(uid ? { uid } : {}), errors.updateFailed),
    /** Signs a realtime socket's subscription (pusher-js calls it through laravel-echo). */
    authorizeChannel: (socketId: string, channelName: string) =>
      attempt(() => client.broadcastingAuth({ socket_id: socketId, channel_name: channelName })),
    changePassword: (input: { email: string; client_id: string; old_password: string; password: string; password_confirmation: string; token?: string }) =>
      answered('changePassword', input),
    // --- products and coupons
    products: () => attempt(() => client.products(), errors.fetchProducts),
    userProducts: (userResellerId: number) => attempt(() => client.userProducts({ userResellerId }), errors.fetchProducts),
    generateCoupons: (input: GenerateInput) => answered('generateCoupons', input, errors.generateCoupons),
    generateUserCoupons: (userResellerId: number, input: GenerateInput) =>
      answered('generateUserCoupons', { ...input, userResellerId }, errors.generateCoupons),
    deleteCoupon: (couponID: number, userId?: number) =>
      userId ? answered('deleteUserCoupon', { couponID, id: userId }, errors.deleteCoupon) : answered('deleteCoupon', { couponID }, errors.deleteCoupon),
    sendCoupon: (input: { coupon_id: number; email: string; full_name?: string; reseller_id?: number }) =>
      answered('sendCoupon', input, errors.sendCouponFailed),
    /** Every coupon under a filter, as the spec's export asks: page_limit = total. */
    allCoupons: (filter: Record<string, unknown>, total: number, userId?: number) =>
      attempt(
        () =>
          userId
            ? client.listUserCoupons({ ...couponFilterOf(filter), id: userId, page_limit: Math.max(1, total) })
            : client.listCoupons({ ...couponFilterOf(filter), page_limit: Math.max(1, total) }),
        errors.downloadCoupons,
      ),
    /** A two-minute link to the filtered list as a streamed CSV file. */
    couponExportLink: (filter: Record<string, unknown>, userId?: number) =>
      attempt(() => client.couponExportTicket({ ...couponFilterOf(filter), ...(userId ? { id: userId } : {}) }), errors.downloadCoupons),
    // --- VPN accounts
    createVpnAccount: (input: { billing_cycle: string; product_id: number; billing_type: 1 | 2; email: string; addon_id: number | '' }) =>
      answered('createVpnAccount', { ...input, quantity: 1 }, errors.createCoupons),
    searchVpnAccounts: (search: 'email' | 'coupon' | 'username', value: string) =>
      attempt(() => client.searchVpnAccounts({ search, value }), errors.fetchVpnList),
    updateVpnEmail: (username: string, email: string) => answered('updateVpnEmail', { username, email }),
    updateVpnPassword: (username: string, password: string, password_confirmation: string) =>
      answered('updateVpnPassword', { username, password, password_confirmation }),
    updateVpnStatus: (username: string, status: 'enable' | 'disable') => answered('updateVpnStatus', { username, status }),
    deleteVpnAccount: (username: string) => answered('deleteVpnAccount', { username, status: 'delete' as const }),
    /** Every subscription matching a search, for the CSV export. */
    // --- public
    publicSettings: () => attempt(() => client.publicSettings(), errors.formInit),
    register: (input: { email: string; name: string; password: string; password_confirmation: string; token?: string }) =>
      answered('register', input),
    verifyEmail: (input: { hash: string; token?: string }) => answered('verifyEmail', input),
    resendVerification: (input: { email: string; token?: string }) => answered('resendVerification', input),
    forgotPassword: (input: { email: string; token?: string }) => answered('forgotPassword', input),
    verifyResetHash: (input: { hash: string; token?: string }) => answered('verifyResetHash', input),
    updatePassword: (input: { client_id: string; password: string; password_confirmation: string; token?: string }) =>
      answered('updatePassword', input),
  };
}

export type PortalDataProvider = ReturnType<typeof createDataProvider>;
