import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { resellers } from './resellers.js';

/** An invoice to a reseller: a wallet deposit it is asked to pay, possibly issued by its admin. */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'restrict' }),
    issuedBy: integer('issued_by').references(() => resellers.id, { onDelete: 'set null' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull().default('Wallet Deposit'),
    status: text('status').notNull().default('unpaid'),
    paymentMethod: text('payment_method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('invoices_reseller_idx').on(t.resellerId, t.createdAt.desc().nullsFirst()),
    check('invoices_status_check', sql`${t.status} in ('unpaid', 'paid', 'cancelled')`),
    check('invoices_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A payment through a provider (card, redirect, the built-in test gateway). A succeeded payment
 * credits the wallet once (its ledger row references it) and is a transaction of its invoice.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    failureMessage: text('failure_message'),
    raw: jsonb('raw'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_reseller_idx').on(t.resellerId, t.createdAt.desc().nullsFirst()),
    index('payments_invoice_idx').on(t.invoiceId),
    check('payments_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);
