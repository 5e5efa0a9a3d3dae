import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addons, products } from './catalogue.js';
import { resellers } from './resellers.js';

/** One generation: what was bought, at what unit price, paid by one ledger row. */
export const couponBatches = pgTable(
  'coupon_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => resellers.id, { onDelete: 'set null' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    addonId: integer('addon_id').references(() => addons.id),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    prefix: text('prefix').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_batches_reseller_idx').on(t.resellerId, t.createdAt.desc().nullsFirst())],
);

export const coupons = pgTable(
  'coupons',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'restrict' }),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => couponBatches.id),
    code: text('code').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    billingType: smallint('billing_type').notNull(),
    cycle: text('cycle').notNull(),
    addonId: integer('addon_id').references(() => addons.id),
    priceCents: integer('price_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    vpnAccountId: bigint('vpn_account_id', { mode: 'number' }),
    /** Deleted coupons stay for the ledger's sake; lists and redemption ignore them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  // Indexes run newest first as the lists read them: DESC NULLS FIRST is what ORDER BY … DESC means.
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    index('coupons_reseller_created_idx')
      .on(t.resellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // Holds created_at and id too, so a code + date filter is counted, sorted and paged from the
    // index alone; only the page's rows are read from the table.
    index('coupons_reseller_code_idx')
      .on(t.resellerId, sql`${t.code} text_pattern_ops`, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The code filter finds a fragment anywhere in the code (ILIKE '%…%'), as the VPN search does.
    index('coupons_code_trgm_idx').using('gin', sql`${t.code} gin_trgm_ops`),
  ],
);
