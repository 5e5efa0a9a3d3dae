/** People: who signs in (e-mail, password, second factors); the accounts they act for are memberships (team.ts). */
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LOCALES } from '@partner-panel/sdk';

const localeCheck = sql.raw(`locale in (${LOCALES.map((l) => `'${l}'`).join(', ')})`);

/** A person who signs in. Migration 0024 made every reseller's sign-in a person of the same id. */
export const people = pgTable(
  'people',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The TOTP secret, sealed (AES-256-GCM under APP_SECRET); set once confirmed. */
    totpSecret: text('totp_secret'),
    /** A secret being set up: it becomes totpSecret once a code from it is confirmed. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * The language of their e-mails and PDF invoices, and the portal's (issue 36); null: not chosen,
     * so the browser's is used and mail goes out in English.
     */
    locale: text('locale'),
    /** An IANA zone (Europe/Madrid) the portal shows times in; null: the browser's. */
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('people_email_lower_key').on(sql`lower(${t.email})`), check('people_locale_check', localeCheck)],
);
