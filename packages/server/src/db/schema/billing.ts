import { sql } from 'drizzle-orm';
// A type only (erased): drizzle-kit loads this file without the ESM-only SDK.
import type { InvoiceStatus } from '@partner-panel/sdk';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { resellers } from './resellers.js';

/** The contract's PAYMENT_MODULES (drizzle-kit loads the schema without the ESM-only SDK). */
export const PAYMENT_PROVIDERS = ['testgateway', 'stripe', 'paypal'] as const;

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

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
    status: text('status').$type<InvoiceStatus>().notNull().default('unpaid'),
    paymentMethod: text('payment_method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('invoices_reseller_idx').on(t.resellerId, t.createdAt.desc().nullsFirst()),
    // pending: a deposit the reseller started, never owed; it becomes paid, or cancelled when declined (docs/api.md).
    check('invoices_status_check', sql`${t.status} in ('unpaid', 'paid', 'cancelled', 'pending')`),
    check('invoices_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A payment through a provider (the built-in test gateway, Stripe, PayPal) of one invoice. A
 * succeeded payment credits the wallet exactly once: the ledger row that credits it is unique by
 * payment, and only the update that turns it 'succeeded' writes that row.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    provider: text('provider').notNull(),
    /** The provider's object: a PaymentIntent, an Orders v2 order, a test-gateway intent. */
    providerRef: text('provider_ref'),
    /** The provider's money movement once it succeeded (a charge or capture id): the invoice's transid. */
    transactionRef: text('transaction_ref'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull().default('pending'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    ip: text('ip'),
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
    check('payments_provider_check', inList('provider', PAYMENT_PROVIDERS)),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Every provider notification handled, by its event id: a replayed notification is recognised and ignored. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The built-in test gateway's own records (what Stripe keeps on its side): one intent per payment,
 * found by its client secret's hash when the browser confirms it.
 */
export const testGatewayIntents = pgTable(
  'test_gateway_intents',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    cardLast4: text('card_last4').notNull(),
    declineCode: text('decline_code'),
    failureMessage: text('failure_message'),
    metadata: jsonb('metadata').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_gateway_intents_secret_key').on(t.secretHash)],
);
