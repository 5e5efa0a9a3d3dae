/**
 * react-admin lists over the contract's list calls: page and perPage become page and page_limit,
 * the filter becomes the body, body.data and body.total come back (ids from Coupon_ID and friends).
 */
import type { GetListParams, GetListResult } from 'ra-core';
import { errors, type Client } from '@partner-panel/sdk';
import { attempt } from './errors.js';

export interface ListAdapter {
  list(params: GetListParams): Promise<GetListResult>;
}

/** The coupon filter body from react-admin's filter values. */
export function couponFilterOf(filter: Record<string, unknown> = {}) {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const type = filter.billingType;
  return {
    code: text(filter.code),
    dateStart: text(filter.dateStart),
    dateEnd: text(filter.dateEnd),
    billingType: type === 1 || type === 2 || type === '1' || type === '2' ? Number(type) : '',
  } as { code: string; dateStart: string; dateEnd: string; billingType: '' | 1 | 2 };
}

/** The admin views name their user in meta.userId (or filter.id). */
function userIdOf(params: GetListParams): number {
  const id = Number((params.meta as { userId?: unknown } | undefined)?.userId ?? params.filter?.id);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

const paging = (p: GetListParams) => ({ page: p.pagination?.page ?? 1, page_limit: p.pagination?.perPage ?? 10 });

export function contractLists(client: Client): Record<string, ListAdapter> {
  return {
    coupons: {
      async list(params) {
        const res = await attempt(() => client.listCoupons({ ...couponFilterOf(params.filter), ...paging(params) }), errors.fetchCouponList);
        return { data: res.data.map((c) => ({ id: c.Coupon_ID, ...c })), total: res.total, meta: { capped: res.total_capped } };
      },
    },
    userCoupons: {
      async list(params) {
        const res = await attempt(
          () => client.listUserCoupons({ ...couponFilterOf(params.filter), id: userIdOf(params), ...paging(params) }),
          errors.fetchCouponList,
        );
        return { data: res.data.map((c) => ({ id: c.Coupon_ID, ...c })), total: res.total, meta: { capped: res.total_capped } };
      },
    },
    users: {
      async list(params) {
        const email = typeof params.filter?.email === 'string' ? params.filter.email : '';
        return attempt(() => client.listUsers({ email, ...paging(params) }), errors.fetchReseller);
      },
    },
    vpn: {
      async list(params) {
        const search = typeof params.filter?.search === 'string' ? params.filter.search : '';
        return attempt(() => client.listVpnAccounts({ search, ...paging(params) }), errors.fetchVpnList);
      },
    },
    userVpn: {
      async list(params) {
        return attempt(
          () => client.listUserVpnAccounts({ ...couponFilterOf(params.filter), id: userIdOf(params), ...paging(params) }),
          errors.fetchVpnList,
        );
      },
    },
  };
}
