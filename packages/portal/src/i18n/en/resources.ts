/**
 * What react-admin labels by itself: each resource's name and its fields (column headers, filter and
 * form inputs), as react-admin's demo does.
 */
export const resources = {
  coupons: {
    name: 'Coupon |||| Coupons',
    fields: {
      code: 'Coupon Code',
      billing_type: 'Billing Type',
      billingType: 'Billing Type',
      redeemed: 'Redeemed',
      generated_at: 'Generated At',
      plan: 'Plan',
      addon: 'Addon',
      expires_at: 'Expires At',
      redeemed_at: 'Redeemed At',
      redeemed_by: 'Redeemed By',
      dateStart: 'From',
      dateEnd: 'To',
    },
  },
  'vpn-subscriptions': {
    name: 'VPN Subscription |||| VPN Subscriptions',
    fields: {
      coupon: 'Coupon',
      email: 'Email',
      vpn_username: 'VPN Username',
      billing_cycle: 'Billing Cycle',
      billing_type: 'Billing Type',
      addons: 'Addon(s)',
      status: 'Status',
      start_date: 'Start Date',
      end_date: 'End Date',
    },
  },
  invoices: {
    name: 'Invoice |||| Invoices',
    fields: {
      id: 'Invoice #',
      date: 'Invoice Date',
      duedate: 'Due Date',
      datepaid: 'Date Paid',
      total: 'Total',
      status: 'Status',
      description: 'Description',
      payment_method: 'Payment Method',
      transid: 'Transaction ID',
      amountin: 'Amount',
    },
  },
  transactions: {
    name: 'Transaction |||| Transactions',
    fields: {
      date: 'Date',
      transaction_id: 'Transaction ID',
      gateway: 'Gateway',
      description: 'Description',
      amount_in: 'Amount In',
      amount_out: 'Amount Out',
    },
  },
  users: {
    name: 'User |||| Users',
    fields: { name: 'Name', email: 'Email', status: 'Status', verified: 'Verified', balance: 'Balance' },
  },
  'white-label-enquiries': {
    name: 'White-label enquiry |||| White-label enquiries',
    fields: {
      created_at: 'Received',
      reseller_name: 'Reseller',
      reseller_email: 'Email',
      brand_name: 'Brand name',
      expected_users: 'Expected users',
      message: 'Message',
      status: 'Status',
      owner: 'Owner',
      updated_at: 'Last change',
      id: 'Enquiry',
    },
  },
  'operator-audit': {
    name: 'Audit line |||| Audit lines',
    fields: { created_at: 'When', person: 'Who', action: 'Action', target: 'Target', before: 'Before', after: 'After', ip: 'From (IP)', dateStart: 'From', dateEnd: 'To' },
  },
  'catalogue-products': {
    name: 'Product |||| Products',
    fields: { item: 'Product', price: 'Price per cycle', active: 'Status', pending: 'Scheduled' },
  },
  'catalogue-addons': {
    name: 'Addon |||| Addons',
    fields: { item: 'Addon', monthly_price: 'Price per month', active: 'Status', pending: 'Scheduled' },
  },
  'operator-resellers': {
    name: 'Reseller |||| Resellers',
    fields: {
      name: 'Reseller',
      parent: 'Admin / resellers',
      status: 'Status',
      terms: 'Terms',
      balance: 'Balance',
      spend_30d: 'Spent, 30 days',
      coupons: 'Coupons',
      created_at: 'Opened',
      actions: 'Actions',
    },
  },
  'catalogue-history': {
    name: 'Catalogue change |||| Catalogue changes',
    fields: { created_at: 'Asked', person: 'Who', item_id: 'Product or addon', change: 'Change', from: 'From', to: 'To', effective_at: 'Takes effect', applied_at: 'State' },
  },
  'operator-money': {
    name: 'Money movement |||| Money movements',
    fields: {
      created_at: 'Date',
      kind: 'Kind',
      reseller: 'Reseller',
      amount: 'Amount',
      status: 'Status',
      gateway: 'Gateway',
      reference: 'Reference',
      description: 'Description',
      dateStart: 'From',
      dateEnd: 'To',
      amount_min: 'Amount from (USD)',
      amount_max: 'Amount to (USD)',
    },
  },
  'money-mismatches': {
    name: 'Mismatch |||| Mismatches',
    fields: { at: 'When', kind: 'Mismatch', reseller: 'Reseller', payment_id: 'Payment', ledger_ids: 'Ledger rows', paid: 'Reported', credited: 'Credited' },
  },
  team: {
    name: 'Member |||| Members',
    fields: { name: 'Name', email: 'Email', role: 'Role', daily_limit: 'Daily limit', two_factor: 'Two-factor', joined_at: 'Joined' },
  },
  'team-invitations': {
    name: 'Invitation |||| Invitations',
    fields: { email: 'Email', role: 'Role', status: 'Status', sent_at: 'Sent', expires_at: 'Expires' },
  },
  'user-audit': {
    name: 'Audit line |||| Audit lines',
    fields: { created_at: 'When', action: 'What', change: 'Before → after', actor: 'Who', ip: 'From (IP)' },
  },
};

