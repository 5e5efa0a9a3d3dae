import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { people } from './people.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A reseller: the account people act for (memberships, team.ts); it holds the wallet, coupons, VPN
 * accounts and keys, and may manage sub-resellers. `email` is the account's contact address.
 */
export const resellers = pgTable(
  'resellers',
  {
    // Explicit ids below 1000 are reserved (903 is the partner reseller); new ones start at 1000.
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    parentId: integer('parent_id').references((): AnyPgColumn => resellers.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    customUrl: text('custom_url').notNull(),
    clientId: text('client_id').notNull(),
    status: smallint('status').notNull().default(1),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    /**
     * How far below zero the balance may go: 0 for a prepaid wallet; a postpaid account (the partner
     * reseller 903) runs up charges to this limit, and a negative balance is the amount it owes.
     */
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }).notNull().default(0),
    /**
     * A postpaid account's day of the month (1–28, so every month has it) by which it settles what
     * it owes; the operator's Resellers page shows the next one. Null on a prepaid wallet.
     */
    settlementDay: smallint('settlement_day'),
    /**
     * When the operator last set its terms (prepaid, or postpaid with a limit): from then on the
     * partner reseller's limit is the operator's, no longer `PARTNER_CREDIT_LIMIT_USD` at start.
     */
    termsSetAt: timestamp('terms_set_at', { withTimezone: true }),
    /**
     * Suspended by the operator, with the reason it gave: it signs in and reads, but spends nothing
     * new (coupons, VPN accounts; its customers' renewals go on) and cannot reactivate itself, nor can its admin.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /**
     * The reseller's own warning line: when what it can spend (balance, plus a postpaid account's
     * credit left) falls below it, one notification and one e-mail; null: no warning.
     */
    lowBalanceThresholdCents: bigint('low_balance_threshold_cents', { mode: 'number' }),
    /** Counters kept in the transactions that change them, so lists and the dashboard need no count(*). */
    couponsTotal: integer('coupons_total').notNull().default(0),
    /** Its VPN accounts (deleted ones stay listed), kept by a trigger on vpn_accounts: the list's total. */
    vpnTotal: integer('vpn_total').notNull().default(0),
    couponsRedeemed: integer('coupons_redeemed').notNull().default(0),
    /**
     * Moves whenever one of its own prices (reseller_prices) does, by a trigger: a charge priced from
     * a price book read earlier is refused when this or the catalogue's version has moved since
     * (migration 0019, products/price-cache.ts).
     */
    pricesVersion: integer('prices_version').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * Every member signs in only with a second factor: set by the account's Owner, or by its admin
     * parent. (The password and the second factors are each person's: people.ts.)
     */
    twoFactorRequired: boolean('two_factor_required').notNull().default(false),
    /**
     * `reseller`, or `operator`: the provider's own account (docs/architecture.md "The operator"),
     * at most one, with members and a team but no parent, sub-resellers, wallet or credit: the
     * checks below hold it to that, so no reseller path can give it money or children.
     */
    kind: text('kind').notNull().default('reseller'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('resellers_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('resellers_custom_url_key').on(t.customUrl),
    uniqueIndex('resellers_client_id_key').on(t.clientId),
    index('resellers_parent_idx').on(t.parentId),
    check('resellers_status_check', sql`${t.status} in (1, 2)`),
    check('resellers_balance_check', sql`${t.balanceCents} >= -${t.creditLimitCents}`),
    check('resellers_credit_limit_check', sql`${t.creditLimitCents} >= 0`),
    check('resellers_settlement_day_check', sql`${t.settlementDay} between 1 and 28`),
    check('resellers_suspension_check', sql`(${t.suspendedAt} is null) = (${t.suspensionReason} is null)`),
    check('resellers_kind_check', sql`${t.kind} in ('reseller', 'operator')`),
    check(
      'resellers_operator_check',
      sql`${t.kind} <> 'operator' or (${t.parentId} is null and not ${t.isAdmin} and ${t.balanceCents} = 0 and ${t.creditLimitCents} = 0 and ${t.couponsTotal} = 0)`,
    ),
    uniqueIndex('resellers_one_operator_key').on(t.kind).where(sql`${t.kind} = 'operator'`),
  ],
);

/** Bearer tokens: portal sessions and the v2 client API's access and refresh tokens. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /**
     * The person signed in (a session); the reseller is the account the session acts for, which the
     * person may switch among their accounts. Null for a v2 client token, which is the key's.
     */
    personId: integer('person_id').references((): AnyPgColumn => people.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex: the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** The secret key a client token was issued for: replacing the key ends its tokens. */
    secretKeyId: bigint('secret_key_id', { mode: 'number' }).references((): AnyPgColumn => secretKeys.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_key').on(t.tokenHash),
    index('access_tokens_reseller_idx').on(t.resellerId, t.kind),
    index('access_tokens_secret_key_idx').on(t.secretKeyId).where(sql`${t.secretKeyId} is not null`),
    check('access_tokens_kind_check', sql`${t.kind} in ('session', 'client_access', 'client_refresh')`),
    check('access_tokens_client_key_check', sql`(${t.kind} = 'session') = (${t.secretKeyId} is null)`),
    check('access_tokens_person_check', sql`(${t.kind} = 'session') = (${t.personId} is not null)`),
    index('access_tokens_person_idx').on(t.personId).where(sql`${t.personId} is not null`),
  ],
);

/** One-time tokens mailed to a person: e-mail verification, password reset, the second-factor step. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    personId: integer('person_id')
      .notNull()
      .references((): AnyPgColumn => people.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A reset hash that was opened: the reset session may now set the password. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    index('account_tokens_person_idx').on(t.personId, t.purpose),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('verify_email', 'reset_password', 'two_factor')`),
  ],
);

/**
 * The v2 client API's secret keys, a live and a sandbox one per reseller. Only a SHA-256 of the key
 * is kept for verification, with its first and last characters to recognise it. A live key is shown
 * in full once, when it is made; a sandbox key is also kept encrypted (AES-256-GCM under a key
 * derived from APP_SECRET) so the sandbox page can fill it into its examples.
 */
export const secretKeys = pgTable(
  'secret_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    /** `sk_live_` or `sk_test_` and the key's first characters, shown in the masked form. */
    prefix: text('prefix').notNull(),
    /** The key's last four characters. */
    hint: text('hint').notNull(),
    keyHash: text('key_hash').notNull(),
    /** Sandbox keys only: the key encrypted at rest. */
    keyEncrypted: text('key_encrypted'),
    /** The person who made (or replaced) the key: a key is the account's, and acts with its full powers. */
    createdBy: integer('created_by').references((): AnyPgColumn => people.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('secret_keys_hash_key').on(t.keyHash),
    uniqueIndex('secret_keys_one_current_key').on(t.resellerId, t.mode).where(sql`${t.revokedAt} is null`),
    check('secret_keys_mode_check', sql`${t.mode} in ('live', 'sandbox')`),
    check('secret_keys_encrypted_check', sql`(${t.mode} = 'sandbox') = (${t.keyEncrypted} is not null)`),
  ],
);
