import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { resellers } from './resellers.js';

/**
 * A reseller's enquiry about the white-label offer (000 §1's promo): what it would sell under its
 * own name, stored for the operator to follow up.
 */
export const whiteLabelEnquiries = pgTable(
  'white_label_enquiries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    brandName: text('brand_name').notNull(),
    expectedUsers: integer('expected_users').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('white_label_enquiries_newest').on(t.createdAt.desc(), t.id.desc()),
    check('white_label_enquiries_expected_users_check', sql`${t.expectedUsers} > 0`),
  ],
);
