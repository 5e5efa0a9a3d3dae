import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { WHITE_LABEL_STATUSES } from '@partner-panel/sdk';
import { people } from './people.js';
import { resellers } from './resellers.js';

const statusCheck = sql.raw(`status in (${WHITE_LABEL_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/**
 * A reseller's enquiry about the white-label offer (000 §1's promo): what it would sell under its
 * own name, stored for the operator to follow up — the operator's pipeline (issue 35): where it
 * stands (new, contacted, won, lost) and which person of the operator's team owns it.
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
    status: text('status').notNull().default('new'),
    /** The operator's member who follows it up; null: nobody yet (or a person since deleted). */
    ownerPersonId: integer('owner_person_id').references(() => people.id, { onDelete: 'set null' }),
    /** The last change of its status, owner or notes. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('white_label_enquiries_newest').on(t.createdAt.desc(), t.id.desc()),
    index('white_label_enquiries_status_idx').on(t.status, t.createdAt.desc()),
    check('white_label_enquiries_expected_users_check', sql`${t.expectedUsers} > 0`),
    check('white_label_enquiries_status_check', statusCheck),
  ],
);

/**
 * The pipeline's timeline of an enquiry: a note of the operator's member, or a reply they mailed
 * to the reseller (its subject kept). Written once, never edited.
 */
export const whiteLabelNotes = pgTable(
  'white_label_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: bigint('enquiry_id', { mode: 'number' })
      .notNull()
      .references(() => whiteLabelEnquiries.id, { onDelete: 'cascade' }),
    personId: integer('person_id').references(() => people.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('note'),
    /** A reply's subject; null for a note. */
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('white_label_notes_enquiry_idx').on(t.enquiryId, t.createdAt, t.id),
    check('white_label_notes_kind_check', sql`${t.kind} in ('note', 'reply') and (${t.kind} = 'reply') = (${t.subject} is not null)`),
    check('white_label_notes_body_check', sql`char_length(${t.body}) between 1 and 10000`),
  ],
);
