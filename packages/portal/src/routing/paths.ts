/**
 * The portal's addresses (000 §2). Signed-in pages live under the reseller's own prefix,
 * `/{custom_url}`, which is also react-admin's `basename`; `paths(base)` builds them from it.
 */
import type { StoredUser } from '@partner-panel/data-provider';

export const HASH_MIN = 15;

export const publicPaths = {
  login: '/login',
  register: '/register',
  verification: '/verification/:hash',
  forgot: '/forgot-password',
  reset: '/reset-password/:hash',
  invitation: '/invitation/:hash',
} as const;

/** `/demo-reseller`: the signed-in reseller's prefix. */
export const prefixOf = (user: Pick<StoredUser, 'custom_url'>) => `/${user.custom_url}`;

export const paths = (base: string) => ({
  base,
  overview: `${base}/dashboard/overview`,
  exploreDocs: `${base}/dashboard/exploredocs`,
  redeemEmbed: `${base}/dashboard/redeem`,
  generate: `${base}/coupons/generate`,
  couponsList: `${base}/coupons/list`,
  price: `${base}/coupons/price`,
  subscriptions: `${base}/vpn/subscriptions`,
  vpnCreate: `${base}/vpn/subscriptions/create`,
  vpnUpdate: `${base}/vpn/subscriptions/update`,
  vpnList: `${base}/vpn/list`,
  pay: `${base}/billing/pay`,
  invoices: `${base}/billing/invoices`,
  unpaidInvoices: `${base}/billing/unpaid/invoices`,
  transactions: `${base}/billing/transactions`,
  integrationForm: `${base}/integration/form`,
  keys: `${base}/integration/keys`,
  sandbox: `${base}/integration/sandbox`,
  webhooks: `${base}/integration/webhooks`,
  notifications: `${base}/notifications`,
  profile: `${base}/profile`,
  team: `${base}/team`,
  paymentSuccess: `${base}/payments/success`,
  users: `${base}/users/all`,
  programme: `${base}/programme`,
  catalogue: `${base}/catalogue`,
  operatorResellers: `${base}/resellers`,
  money: `${base}/money`,
  reconciliation: `${base}/money/reconciliation`,
  whiteLabelEnquiries: `${base}/white-label`,
  operatorAudit: `${base}/audit`,
  userEdit: (id: number | string) => `${base}/user/edit/${id}`,
  invoice: (id: number | string) => `${base}/billing/invoice/${id}`,
  payInvoice: (id: number | string) => `${base}/billing/pay/invoice/${id}`,
});

export type Paths = ReturnType<typeof paths>;

/** A page of the reseller's own (every path but the parametrised ones). */
export type PageKey = Exclude<keyof Paths, 'base' | 'userEdit' | 'invoice' | 'payInvoice'>;
