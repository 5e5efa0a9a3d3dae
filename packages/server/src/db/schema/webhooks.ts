import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { resellers } from './resellers.js';

/**
 * What happened to a reseller's business, in Stripe's shape (id, type, created, data.object): one
 * row written in the same transaction as the change it reports, so a rolled-back change leaves
 * none and a committed one is never lost. Live and sandbox events are kept apart by `mode`.
 */
export const events = pgTable(
  'events',
  {
    /** `evt_…`, what receivers see as `webhook-id` and deduplicate by. */
    id: text('id').primaryKey(),
    /** Insertion order: the cursor of the events list and the order of deliveries. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    type: text('type').notNull(),
    /** What deliveries of the event are ordered by (`vpn_user:42`); null when order does not matter. */
    subject: text('subject'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_seq_key').on(t.seq),
    index('events_reseller_idx').on(t.resellerId, t.mode, t.seq.desc().nullsFirst()),
    // The retention sweep deletes by age.
    index('events_created_idx').on(t.createdAt),
    check('events_mode_check', sql`${t.mode} in ('live', 'sandbox')`),
  ],
);

/** A partner's URL that receives the events of one mode, signed with its `whsec_` secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    /** The event types it receives; empty means every type. */
    eventTypes: jsonb('event_types').$type<string[]>().notNull().default([]),
    /** The signing secret, sealed under APP_SECRET (it must be read back to sign). */
    secretSealed: text('secret_sealed').notNull(),
    /** The secret before the last rotation, still signing until previous_expires_at. */
    previousSecretSealed: text('previous_secret_sealed'),
    previousExpiresAt: timestamp('previous_expires_at', { withTimezone: true }),
    status: text('status').notNull().default('enabled'),
    disabledReason: text('disabled_reason'),
    /** Since when every attempt has failed (null after a success). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_reseller_idx').on(t.resellerId, t.mode),
    check('webhook_endpoints_mode_check', sql`${t.mode} in ('live', 'sandbox')`),
    check('webhook_endpoints_status_check', sql`${t.status} in ('enabled', 'disabled')`),
  ],
);

/** One event to one endpoint: delivered at least once, every attempt logged. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: bigint('endpoint_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id.desc().nullsFirst()),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** One HTTP attempt of a delivery: when, what came back and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    /** The HTTP status, or null when no answer came (refused, timed out, blocked address). */
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    /** The first kilobyte of the answer, or why there was none. */
    response: text('response').notNull().default(''),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
