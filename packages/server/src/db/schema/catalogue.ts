import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
