/**
 * The accounts people act for (docs/architecture.md "Teams"): a person signs in with their
 * own e-mail, password and second factors; a membership gives them a role in an account (a
 * reseller); an invitation is a mailed link that makes a membership once accepted.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES } from '@partner-panel/sdk';
import { people } from './people.js';
import { resellers } from './resellers.js';

const roleCheck = sql.raw(`role in (${ROLES.map((r) => `'${r}'`).join(', ')})`);

/** A person's role in an account; exactly one Owner per account. */
export const memberships = pgTable(
  'memberships',
  {
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** An Operations member's spending per UTC day, in cents (checked by wallet_move); null: no limit. */
    dailyLimitCents: bigint('daily_limit_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.resellerId, t.personId] }),
    index('memberships_person_idx').on(t.personId),
    uniqueIndex('memberships_one_owner_key').on(t.resellerId).where(sql`${t.role} = 'owner'`),
    check('memberships_role_check', roleCheck),
    check('memberships_daily_limit_check', sql`${t.dailyLimitCents} is null or ${t.dailyLimitCents} >= 0`),
  ],
);

/** An invitation mailed to an address: a role in the account once accepted, for ten days. */
export const invitations = pgTable(
  'invitations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** SHA-256 of the mailed token; a resend replaces it (the older link stops working). */
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => people.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => people.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.tokenHash),
    index('invitations_reseller_idx').on(t.resellerId, t.id.desc().nullsFirst()),
    check('invitations_role_check', roleCheck),
  ],
);
