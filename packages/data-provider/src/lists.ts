/**
 * react-admin lists over the contract's list calls: page and perPage become page and page_limit,
 * the filter becomes the body, body.data and body.total come back (ids from Coupon_ID and friends).
 * One resource per kind of row: an admin's view of one of its users is the same resource with the
 * user in `meta.userId` (react-admin's `queryOptions={{ meta }}`).
 */
import type { GetListParams, GetListResult } from 'ra-core';
import { RESELLER_STATUSES, RESELLER_TERMS, WHITE_LABEL_STATUSES, errors, type CallInputOf, type Client, type Contract, type Cycle, type WhiteLabelStatus } from '@partner-panel/sdk';

type MoneyFilterInput = Omit<CallInputOf<Contract['operatorMoney']>, 'page' | 'page_limit'>;
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

/**
 * The operator's money filter (ours, issue 35) from react-admin's filter values and sort: the
 * list's and its export's body. Amounts and days go as typed; the server words a refusal.
 */
export function moneyFilterOf(filter: Record<string, unknown> = {}, sort?: { field?: string; order?: string }) {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  const kind = text(filter.kind);
  const status = text(filter.status);
  const body: Record<string, unknown> = {
    reseller: text(filter.reseller).slice(0, 100),
    dateStart: text(filter.dateStart),
    dateEnd: text(filter.dateEnd),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
    ...(text(filter.amount_min) ? { amount_min: text(filter.amount_min) } : {}),
    ...(text(filter.amount_max) ? { amount_max: text(filter.amount_max) } : {}),
  };
  // Newest first unless a column says otherwise.
  if (sort?.field === 'amount') Object.assign(body, { sort: 'amount', order: sort.order === 'ASC' ? 'asc' : 'desc' });
  else if (sort?.field === 'created_at') Object.assign(body, { sort: 'date', order: sort.order === 'ASC' ? 'asc' : 'desc' });
  return body as MoneyFilterInput;
}

/** A subscription list's search: `search` (own list), and for an admin's user the coupon filter too. */
/**
 * The coupon list's own filters beside 001's (ours): the code as a fragment anywhere, Redeemed
 * (all / yes / no) and the plan.
 */
export function couponListFilterOf(filter: Record<string, unknown> = {}) {
  const redeemed = filter.redeemed === 'yes' ? ('yes' as const) : filter.redeemed === 'no' ? ('no' as const) : undefined;
  const plan = typeof filter.plan === 'string' && filter.plan ? filter.plan : undefined;
  return {
    ...couponFilterOf(filter),
    code_match: 'fragment' as const,
    ...(redeemed ? { redeemed } : {}),
    ...(plan ? { plan: plan as Cycle } : {}),
  };
}

export function vpnFilterOf(filter: Record<string, unknown> = {}) {
  const search = typeof filter.search === 'string' ? filter.search : '';
  return { search, ...couponFilterOf({ ...filter, code: search }) };
}

/** The user an admin's view is about (meta.userId), or undefined for the reseller's own rows. */
export function userIdOf(params: { meta?: unknown; filter?: Record<string, unknown> } | undefined): number | undefined {
  const id = Number((params?.meta as { userId?: unknown } | undefined)?.userId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

const isStatus = (value: unknown): value is WhiteLabelStatus => WHITE_LABEL_STATUSES.some((s) => s === value);

/** The pipeline's filter (search, status, owner: a person's id or 'none') from react-admin's filter values. */
export function pipelineFilterOf(filter: Record<string, unknown> = {}) {
  const status = isStatus(filter.status) ? filter.status : undefined;
  const owner = filter.owner === 'none' ? ('none' as const) : Number.isInteger(Number(filter.owner)) && Number(filter.owner) > 0 ? Number(filter.owner) : undefined;
  return { search: searchOf(filter), ...(status ? { status } : {}), ...(owner !== undefined ? { owner_person_id: owner } : {}) };
}

/** The audit page's filter from react-admin's filter values: what is not set is sent empty. */
export function auditFilterOf(filter: Record<string, unknown> = {}) {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const person = Number(filter.person_id);
  return {
    action: text(filter.action),
    person_id: Number.isInteger(person) && person > 0 ? person : ('' as const),
    dateStart: text(filter.dateStart),
    dateEnd: text(filter.dateEnd),
  };
}

/** A list's search box, as its list call takes it. */
export const searchOf = (filter: Record<string, unknown> | undefined) => (typeof filter?.search === 'string' ? filter.search.trim().slice(0, 100) : '');

/** The value when it is one of `allowed`, else undefined (a filter left empty, or edited by hand). */
const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);

const paging = (p: GetListParams) => ({ page: p.pagination?.page ?? 1, page_limit: p.pagination?.perPage ?? 10 });

export function contractLists(client: Client): Record<string, ListAdapter> {
  return {
    coupons: {
      async list(params) {
        const id = userIdOf(params);
        const filter = { ...couponListFilterOf(params.filter), ...paging(params) };
        const res = await attempt(() => (id ? client.listUserCoupons({ ...filter, id }) : client.listCoupons(filter)), errors.fetchCouponList);
        return { data: res.data.map((c) => ({ id: c.Coupon_ID, ...c })), total: res.total, meta: { capped: res.total_capped } };
      },
    },
    'vpn-subscriptions': {
      async list(params) {
        const id = userIdOf(params);
        const { search, ...coupon } = vpnFilterOf(params.filter);
        return attempt(
          () => (id ? client.listUserVpnAccounts({ ...coupon, id, ...paging(params) }) : client.listVpnAccounts({ search, ...paging(params) })),
          errors.fetchVpnList,
        );
      },
    },
    // Invoices (002 §2): `filter.unpaid` picks Unpaid Invoices; `filter.search` the search box.
    invoices: {
      async list(params) {
        const body = { search: searchOf(params.filter), ...paging(params) };
        const res = await attempt(() => (params.filter?.unpaid ? client.unpaidInvoices(body) : client.invoices(body)), errors.fetchInvoices);
        return { data: res.invoices, total: res.total };
      },
    },
    transactions: {
      async list(params) {
        const res = await attempt(() => client.transactions({ search: searchOf(params.filter), ...paging(params) }), errors.fetchTransactions);
        return { data: res.transactions, total: res.total };
      },
    },
    users: {
      async list(params) {
        const email = typeof params.filter?.email === 'string' ? params.filter.email : '';
        return attempt(() => client.listUsers({ email, ...paging(params) }), errors.fetchReseller);
      },
    },
    // The operator's white-label pipeline (ours, issue 35): the server refuses anyone else.
    'white-label-enquiries': {
      async list(params) {
        return attempt(() => client.whiteLabelEnquiries({ ...pipelineFilterOf(params.filter), ...paging(params) }), errors.fetchDetails);
      },
    },
    // The operator's audit log (ours, issue 35): the filter's lists (actions, people) ride in meta.
    'operator-audit': {
      async list(params) {
        const { data, total, actions, people } = await attempt(() => client.operatorAudit({ ...auditFilterOf(params.filter), ...paging(params) }), errors.fetchDetails);
        return { data, total, meta: { actions, people } };
      },
    },
    // The operator's catalogue changes (ours, issue 35), newest first.
    'catalogue-history': {
      async list(params) {
        return attempt(() => client.catalogueHistory(paging(params)), errors.fetchDetails);
      },
    },
    // The operator's resellers (ours, issue 35): the list's filters and column sort as the call takes them.
    'operator-resellers': {
      async list(params) {
        const f = params.filter ?? {};
        const parent = Number(f.parent_id);
        const sort = oneOf(params.sort?.field, ['created_at', 'name', 'balance', 'spend_30d'] as const);
        const query = {
          ...paging(params),
          q: searchOf({ search: f.q }) || undefined,
          status: oneOf(f.status, RESELLER_STATUSES),
          terms: oneOf(f.terms, RESELLER_TERMS),
          kind: oneOf(f.kind, ['admin', 'reseller'] as const),
          parent_id: Number.isInteger(parent) && parent > 0 ? parent : undefined,
          sort,
          order: sort ? (params.sort?.order === 'ASC' ? ('asc' as const) : ('desc' as const)) : undefined,
        };
        // Only what is set is sent: the server refuses a parameter it does not understand.
        const sent = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as typeof query;
        return attempt(() => client.operatorResellers(sent), errors.fetchDetails);
      },
    },
    // The operator's money across resellers (ours, issue 35): deposits, invoices, refunds, adjustments.
    'operator-money': {
      async list(params) {
        return attempt(() => client.operatorMoney({ ...moneyFilterOf(params.filter, params.sort), ...paging(params) }), errors.fetchDetails);
      },
    },
    // The account's members and invitations (ours): whole lists, the Owner and the newest first.
    team: {
      async list() {
        const res = await attempt(() => client.teamMembers(), errors.fetchDetails);
        return { data: res.data.map((m) => ({ id: m.person_id, ...m })), total: res.data.length, meta: { two_factor_required: res.two_factor_required } };
      },
    },
    'team-invitations': {
      async list() {
        const res = await attempt(() => client.teamInvitations(), errors.fetchDetails);
        return { data: res.data, total: res.data.length };
      },
    },
    // What an admin did to one of its users (ours): always about the user in meta.userId.
    'user-audit': {
      async list(params) {
        const id = userIdOf(params);
        if (!id) return { data: [], total: 0 };
        return attempt(() => client.userAuditLog({ id, ...paging(params) }), errors.fetchReseller);
      },
    },
  };
}
