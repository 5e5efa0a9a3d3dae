import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { payments } from './billing.js';
import { resellers } from './resellers.js';
import { people } from './people.js';

export const LEDGER_KINDS = [
  'deposit',
  'invoice_payment',
  'admin_credit',
  'admin_debit',
  'coupon_purchase',
  'coupon_refund',
  'vpn_purchase',
  'vpn_renewal',
  'settlement',
  // An admin's own side of a credit to (or debit from) its user's wallet: money moves, never appears.
  'user_credit',
  'user_debit',
  // The operator's manual credit or debit of a reseller's wallet, with its reason (operator/money.ts).
  'operator_credit',
  'operator_debit',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The wallet ledger: one row per balance change, written in the same transaction as the balance.
 * Append-only: a trigger (migration 0001) refuses UPDATE and DELETE.
 */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Below zero only on a postpaid account, where it is the amount owed. */
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    /** What the money moved for, as "type:id" (a coupon batch, a VPN account, a payment). */
    reference: text('reference'),
    description: text('description').notNull(),
    /** The reseller who caused the change when it is not the wallet's owner (an admin parent). */
    actorId: integer('actor_id').references(() => resellers.id, { onDelete: 'set null' }),
    /** The person who spent or credited (a member of the actor's account); null for the system's own movements. */
    personId: integer('person_id').references(() => people.id, { onDelete: 'set null' }),
    /** The payment this row credits: unique, so no payment can ever be credited twice. */
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_ledger_reseller_idx').on(t.resellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('wallet_ledger_reference_idx').on(t.reference),
    uniqueIndex('wallet_ledger_payment_key').on(t.paymentId),
    check('wallet_ledger_amount_check', sql`${t.amountCents} <> 0`),
    check(
      'wallet_ledger_kind_check',
      sql.raw(`kind in (${LEDGER_KINDS.map((k) => `'${k}'`).join(', ')})`),
    ),
  ],
);

/**
 * What each person spent from a wallet each UTC day: the running total of their debits in
 * wallet_ledger, kept by wallet_move under the wallet's row lock in the same transaction as the
 * debits, and checked there against the member's daily limit (memberships.daily_limit_cents). A
 * running total, so the check costs one row's read whatever the day's count of charges; kept apart
 * from memberships, so removing and inviting a member again the same day keeps what they spent.
 */
export const memberSpending = pgTable(
  'member_spending',
  {
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.resellerId, t.personId, t.day] }), check('member_spending_spent_check', sql`${t.spentCents} >= 0`)],
);

/**
 * The sandbox wallet of each reseller: play money that sandbox keys spend. It opens with
 * SANDBOX_OPENING_BALANCE_CENTS on first use and never meets the live balance.
 */
export const sandboxWallets = pgTable(
  'sandbox_wallets',
  {
    resellerId: integer('reseller_id')
      .primaryKey()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_wallets_balance_check', sql`${t.balanceCents} >= 0`)],
);

export const SANDBOX_LEDGER_KINDS = ['sandbox_opening', 'sandbox_adjustment', 'vpn_purchase', 'vpn_renewal'] as const;

/** The sandbox wallet's ledger: the same shape as the live one, in a table of its own. */
export const sandboxLedger = pgTable(
  'sandbox_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    reference: text('reference'),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_ledger_reseller_idx').on(t.resellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('sandbox_ledger_balance_check', sql`${t.balanceAfterCents} >= 0`),
    check('sandbox_ledger_kind_check', sql.raw(`kind in (${SANDBOX_LEDGER_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);
