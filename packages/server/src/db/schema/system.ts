import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { resellers } from './resellers.js';
import { people } from './people.js';

export const notifications = pgTable(
  'notifications',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    /** Insertion order: timestamps can tie (rows of one transaction share now()). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    redirect: text('redirect'),
    refId: text('ref_id'),
    /** For one member only (their own password changed or reset); null: for every member of the account. */
    personId: integer('person_id').references(() => people.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_reseller_idx').on(t.resellerId, t.seq.desc().nullsFirst())],
);

/**
 * Each member's read state of the account's notifications: a row per member for every notification
 * written while they belong to the account (the trigger of db/sql/notifications.sql), unread until
 * they read it. A notification from before someone joined has no row of theirs and reads as read.
 * The account and insertion order are copied here so a member's bell is one index range.
 */
export const notificationStates = pgTable(
  'notification_states',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    uid: uuid('uid')
      .notNull()
      .references(() => notifications.uid, { onDelete: 'cascade' }),
    resellerId: integer('reseller_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.uid] }),
    // No index of uid alone: a notification is removed only with its account, and every write of
    // one (a coupon generation's too) would pay for it.
    index('notification_states_unread_idx').on(t.personId, t.resellerId, t.seq.desc().nullsFirst()).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Every mail the product sends, written in the transaction that causes it. The configured transport
 * delivers pending rows after commit; with the outbox transport they stay here for /dev/mail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    kind: text('kind').notNull(),
    resellerId: integer('reseller_id').references(() => resellers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    transport: text('transport'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/**
 * The audit log: who did what to which record, from where, with the values before and after.
 * Append-only: a trigger (migration 0009) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => resellers.id, { onDelete: 'set null' }),
    /** The person who acted for the actor's account (null: the system, a key, a provider). */
    personId: integer('person_id').references(() => people.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** The reseller the action concerns when the actor acts for another (an admin for its user). */
    subjectId: integer('subject_id'),
    data: jsonb('data'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
    index('audit_log_subject_idx').on(t.subjectId, t.id.desc().nullsFirst()).where(sql`${t.subjectId} is not null`),
  ],
);

/** Fixed-window counters of the rate limits, shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Values the server generates once and every process shares (the app secret). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Answers kept for an `Idempotency-Key`, per caller, for 24 hours: a retried request gets the first
 * answer again instead of acting twice. `status` is null while the first request is running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Realtime messages too large for a NOTIFY payload (PostgreSQL's limit is 8 000 bytes): written in
 * the publishing transaction, announced by id, read once by each listening process, and swept a
 * few minutes later (adapters/realtime/bus.ts).
 */
export const realtimePayloads = pgTable('realtime_payloads', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
