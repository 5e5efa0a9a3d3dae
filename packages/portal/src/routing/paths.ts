/** The portal's addresses (000 §2), built from the signed-in reseller's custom_url. */
export const HASH_MIN = 15;

export const publicPaths = {
  login: '/login',
  register: '/register',
  verification: '/verification/:hash',
  forgot: '/forgot-password',
  reset: '/reset-password/:hash',
} as const;

export const paths = (cu: string) => ({
  overview: `/${cu}/dashboard/overview`,
  exploreDocs: `/${cu}/dashboard/exploredocs`,
  redeemEmbed: `/${cu}/dashboard/redeem`,
  generate: `/${cu}/coupons/generate`,
  couponsList: `/${cu}/coupons/list`,
  price: `/${cu}/coupons/price`,
  subscriptions: `/${cu}/vpn/subscriptions`,
  vpnCreate: `/${cu}/vpn/subscriptions/create`,
  vpnUpdate: `/${cu}/vpn/subscriptions/update`,
  vpnList: `/${cu}/vpn/list`,
  pay: `/${cu}/billing/pay`,
  invoices: `/${cu}/billing/invoices`,
  unpaidInvoices: `/${cu}/billing/unpaid/invoices`,
  transactions: `/${cu}/billing/transactions`,
  integrationForm: `/${cu}/integration/form`,
  keys: `/${cu}/integration/keys`,
  sandbox: `/${cu}/integration/sandbox`,
  notifications: `/${cu}/notifications`,
  profile: `/${cu}/profile`,
  paymentSuccess: `/${cu}/payments/success`,
  users: `/${cu}/users/all`,
  userEdit: (id: number | string) => `/${cu}/user/edit/${id}`,
});

export type Paths = ReturnType<typeof paths>;

/** A page of the reseller's own (every path but the parametrised ones). */
export type PageKey = Exclude<keyof Paths, 'userEdit'>;
