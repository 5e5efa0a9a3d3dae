import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue.js';
import { coupons } from './coupons.js';
import { resellers } from './resellers.js';

/** The columns of a VPN account; the sandbox keeps its accounts in a table of the same shape. */
const accountColumns = () => ({
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  resellerId: integer('reseller_id')
    .notNull()
    .references(() => resellers.id, { onDelete: 'restrict' }),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  email: text('email').notNull(),
  name: text('name'),
  couponId: bigint('coupon_id', { mode: 'number' }).references(() => coupons.id),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  billingType: smallint('billing_type').notNull(),
  cycle: text('cycle').notNull(),
  /** Addon keys, e.g. ["dedicated_ip"]. */
  addons: jsonb('addons').$type<string[]>().notNull().default([]),
  /** The location of a dedicated IP, chosen when a coupon carrying one is redeemed. */
  dedicatedIpLocation: text('dedicated_ip_location'),
  /** What one renewal costs (0 for onetime products). */
  renewalPriceCents: integer('renewal_price_cents').notNull().default(0),
  hostingStatus: text('hosting_status').notNull().default('active'),
  source: text('source').notNull(),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  renewalWarnedAt: timestamp('renewal_warned_at', { withTimezone: true }),
  /** When the end of a one-time account's period was reported (vpn_user.expired), once. */
  expiryAnnouncedAt: timestamp('expiry_announced_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An end user's VPN account, sold directly, through a redeemed coupon or by the v2 API. */
export const vpnAccounts = pgTable('vpn_accounts', {
  ...accountColumns(),
  /** The redeemed coupon's code, copied by a trigger from coupon_id, so a search needs no join. */
  couponCode: text('coupon_code'),
}, (t) => [
  uniqueIndex('vpn_accounts_username_key').on(t.username),
  // The list's search finds text anywhere in these (ILIKE '%…%'): trigram indexes.
  index('vpn_accounts_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  index('vpn_accounts_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
  index('vpn_accounts_coupon_code_trgm_idx').using('gin', sql`${t.couponCode} gin_trgm_ops`),
  index('vpn_accounts_reseller_idx').on(t.resellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('vpn_accounts_reseller_email_idx').on(t.resellerId, sql`lower(${t.email})`),
  index('vpn_accounts_due_idx').on(t.endAt).where(sql`${t.hostingStatus} = 'active' and ${t.billingType} = 1`),
  index('vpn_accounts_expiring_idx').on(t.endAt).where(sql`${t.hostingStatus} = 'active' and ${t.billingType} = 2 and ${t.expiryAnnouncedAt} is null`),
  check('vpn_accounts_hosting_status_check', sql`${t.hostingStatus} in ('active', 'suspended', 'deleted')`),
  check('vpn_accounts_source_check', sql`${t.source} in ('portal', 'coupon', 'client_api')`),
]);

/**
 * The sandbox's VPN accounts: made by sandbox keys only, never a live login, never renewed. Their
 * ids start at 1 000 000 000 so an id copied from the sandbox names no live account.
 */
export const sandboxVpnAccounts = pgTable(
  'sandbox_vpn_accounts',
  {
    ...accountColumns(),
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1_000_000_000 }),
  },
  (t) => [
    // Sandbox usernames are per reseller: two developers may both try "alice".
    uniqueIndex('sandbox_vpn_accounts_username_key').on(t.resellerId, t.username),
    index('sandbox_vpn_accounts_reseller_idx').on(t.resellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('sandbox_vpn_accounts_reseller_email_idx').on(t.resellerId, sql`lower(${t.email})`),
    check('sandbox_vpn_accounts_hosting_status_check', sql`${t.hostingStatus} in ('active', 'suspended', 'deleted')`),
    check('sandbox_vpn_accounts_coupon_check', sql`${t.couponId} is null`),
  ],
);
