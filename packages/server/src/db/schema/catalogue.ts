import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { people } from './people.js';
import { resellers } from './resellers.js';

/** A product: one billing type (1 recurring, 2 onetime) in one cycle, at a list price. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    billingType: smallint('billing_type').notNull(),
    cycle: text('cycle').notNull(),
    months: smallint('months').notNull(),
    priceCents: integer('price_cents').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('products_type_cycle_key').on(t.billingType, t.cycle),
    check('products_billing_type_check', sql`${t.billingType} in (1, 2)`),
    check('products_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/** An addon, priced per month of the cycle it is bought with. */
export const addons = pgTable(
  'addons',
  {
    id: integer('id').primaryKey(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    monthlyPriceCents: integer('monthly_price_cents'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('addons_key_key').on(t.key)],
);

/** A reseller's own price for a billing type and cycle, set by its admin parent. */
export const resellerPrices = pgTable(
  'reseller_prices',
  {
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    billingType: smallint('billing_type').notNull(),
    cycle: text('cycle').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resellerId, t.billingType, t.cycle] }),
    check('reseller_prices_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * Every change the operator makes to the catalogue (modules/operator/catalogue.ts): a price (in
 * cents, from and to) or a withdrawal or reinstatement (`to_cents` null), by whom, when it was asked
 * and when it takes effect. A change is applied to products or addons at `effective_at` — at once,
 * or by `apply_catalogue_changes` (db/sql/prices.sql) at the first price book read after it — and
 * `applied_at` says when; `from_cents` is the price it replaced then. Writing a change moves the
 * catalogue's version, so every kept price book is read again and learns when the next one is due.
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemType: text('item_type').notNull(),
    itemId: integer('item_id').notNull(),
    change: text('change').notNull(),
    fromCents: integer('from_cents'),
    toCents: integer('to_cents'),
    personId: integer('person_id').references(() => people.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    index('catalogue_changes_pending_idx').on(t.effectiveAt).where(sql`${t.appliedAt} is null`),
    index('catalogue_changes_item_idx').on(t.itemType, t.itemId, t.id),
    check('catalogue_changes_item_check', sql`${t.itemType} in ('product', 'addon')`),
    check('catalogue_changes_change_check', sql`${t.change} in ('price', 'withdraw', 'reinstate')`),
    check('catalogue_changes_price_check', sql`(${t.change} = 'price') = (${t.toCents} is not null) and (${t.toCents} is null or ${t.toCents} >= 0)`),
  ],
);
