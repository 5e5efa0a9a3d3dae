/**
 * Reconciling by key and the outgoing webhooks: the v2 list and get of users and the events API,
 * read with a cursor (`limit` and `starting_after`, newest first, as Stripe's lists), and the
 * webhook endpoints, managed with a key (its mode) or from the portal (either mode).
 */
import { z } from 'zod';
import { defineCall, type Access } from '../define.js';
import { MAX_ID, isoDate, wholeNumber } from '../common.js';
import { CLIENT_USER_STATUSES, KEY_MODES, WEBHOOK_EVENT_TYPES, WEBHOOKS } from '../constants.js';
import { messages } from '../rules.js';
import { clientUserRecord } from './client.js';
import { listedEventSchema } from '../events.js';

const idOf = (name: string) =>
  wholeNumber(`${name} must be the id of one of your items`).pipe(
    z.number().min(1, { error: `${name} must be the id of one of your items` }).max(MAX_ID, { error: `${name} must be the id of one of your items` }),
  );
const limit = wholeNumber('limit must be a whole number from 1 to 100')
  .pipe(z.number().min(1, { error: 'limit must be a whole number from 1 to 100' }).max(100, { error: 'limit must be a whole number from 1 to 100' }))
  .optional()
  .describe('how many items, 1 to 100 (default 25)');
const when = (name: string) =>
  z
    .string({ error: `${name} must be an ISO 8601 date or date-time` })
    .trim()
    .max(40, { error: `${name} must be an ISO 8601 date or date-time` })
    .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), { error: `${name} must be an ISO 8601 date or date-time` })
    .optional();

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ object: z.literal('list'), data: z.array(item), has_more: z.boolean().describe('whether a page follows: pass the last id as starting_after') });

// ---- reconcile users

export const clientListUsers = defineCall({
  method: 'GET',
  path: '/api/v2/client/users',
  access: 'client',
  spec: 'ours (reconcile by key)',
  summary:
    "The key's VPN users, newest first, a page at a time: limit (≤ 100) and starting_after (the last userId of the page before). Filters: status, created_gte / created_lte, email_prefix. Users created during a walk never shift its pages.",
  query: z.object({
    limit,
    starting_after: idOf('starting_after').optional(),
    status: z.enum(CLIENT_USER_STATUSES, { error: `status must be one of ${CLIENT_USER_STATUSES.join(', ')}` }).optional(),
    created_gte: when('created_gte'),
    created_lte: when('created_lte'),
    email_prefix: z.string({ error: 'email_prefix must be text' }).trim().min(1, { error: 'email_prefix must not be empty' }).max(254, { error: 'email_prefix may not be longer than 254 characters' }).optional(),
  }).refine((q) => !q.created_gte || !q.created_lte || Date.parse(q.created_gte) <= Date.parse(q.created_lte), {
    error: 'created_gte must not be after created_lte',
    path: ['created_lte'],
  }),
  response: pageOf(clientUserRecord),
  successCode: 200,
});

export const clientGetUser = defineCall({
  method: 'GET',
  path: '/api/v2/client/users/{userId}',
  access: 'client',
  spec: 'ours (reconcile by key)',
  summary: "One of the key's VPN users by its userId; 404 for any other id.",
  query: z.object({ userId: idOf('userId') }),
  response: clientUserRecord,
  successCode: 200,
});

// ---- events

/** An event the events API lists (docs/openapi.json's `webhooks` has each type's schema). */
export const webhookEvent = listedEventSchema;

export const clientListEvents = defineCall({
  method: 'GET',
  path: '/api/v2/client/events',
  access: 'client',
  spec: 'ours (the events webhooks deliver)',
  summary: `The key's events of the last ${WEBHOOKS.eventsRetentionDays} days, newest first: limit (≤ 100), starting_after (the last event id of the page before), type.`,
  query: z.object({
    limit,
    starting_after: z.string().trim().max(64, { error: 'starting_after must be an event id' }).optional(),
    type: z.enum(WEBHOOK_EVENT_TYPES, { error: `type must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }).optional(),
  }),
  response: pageOf(webhookEvent),
  successCode: 200,
});

// ---- webhook endpoints

const mode = z.enum(KEY_MODES);
export const webhookEndpoint = z.object({
  id: z.number(),
  mode,
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(z.string()).describe('empty: every type'),
  status: z.enum(['enabled', 'disabled']),
  disabled_reason: z.string().nullable().describe('failing: switched off after failing through every retry'),
  failing_since: isoDate.nullable().describe('when the first attempt failed since the last accepted one; null while its attempts are accepted'),
  secret_rotating_until: isoDate.nullable().describe('until when the previous secret still signs beside the current one'),
  created_at: isoDate,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

const withSecret = webhookEndpoint.extend({ secret: z.string().describe('whsec_…: shown only now') });

const endpointFields = {
  url: z
    .string({ error: messages.webhookUrlRequired })
    .trim()
    .min(1, { error: messages.webhookUrlRequired })
    .max(2048, { error: messages.webhookUrlTooLong }),
  event_types: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `event_types may hold only ${WEBHOOK_EVENT_TYPES.join(', ')}` }), { error: 'event_types must be a list of event types' })
    .max(WEBHOOK_EVENT_TYPES.length, { error: 'event_types lists a type more than once' })
    .optional()
    .describe('the types it receives; empty or left out: every type'),
  description: z.string({ error: 'description must be text' }).trim().max(200, { error: 'description may not be longer than 200 characters' }).nullable().optional(),
};

export const webhookAttempt = z.object({
  attempted_at: isoDate,
  status_code: z.number().nullable().describe('null: no answer (refused, timed out, address not allowed)'),
  latency_ms: z.number(),
  response: z.string().describe('the first kilobyte of the answer, or why there was none'),
});
export const webhookDelivery = z.object({
  id: z.number(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  next_attempt_at: isoDate.nullable(),
  created_at: isoDate,
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** The same eight calls twice: with a key (its mode, server to server) and from the portal (either mode). */
function endpointCalls(access: Access, prefix: string, withMode: boolean) {
  const spec = access === 'client' ? 'ours (webhooks, managed with a key)' : 'ours (Integration → Webhooks)';
  const who = access === 'client' ? "The key's mode" : 'Either mode';
  const endpointId = { endpointId: idOf('endpointId') };
  // In the portal a member's role decides (a key acts with the account's full powers).
  const read = access === 'client' ? {} : { permission: 'developers.read' as const };
  const manage = access === 'client' ? {} : { permission: 'developers.manage' as const };
  return {
    list: defineCall({
      method: 'GET',
      path: `${prefix}`,
      access,
      ...read,
      spec,
      summary: `${who}: the webhook endpoints, newest first.`,
      ...(withMode ? { query: z.object({ mode: mode.optional().describe('live (default) or sandbox') }) } : {}),
      response: z.array(webhookEndpoint),
      successCode: 200,
    }),
    create: defineCall({
      method: 'POST',
      path: `${prefix}/create`,
      access,
      ...manage,
      spec,
      summary: `${who}: adds an endpoint; its signing secret (whsec_…) is in this answer only. In production the URL must be https:// and reach a public address.`,
      body: z.object({ ...endpointFields, ...(withMode ? { mode: mode.optional() } : {}) }),
      response: withSecret,
      successCode: 201,
      httpStatus: 201,
    }),
    update: defineCall({
      method: 'POST',
      path: `${prefix}/update`,
      access,
      ...manage,
      spec,
      summary: 'Changes an endpoint: url, event_types, description, or status (enabled, disabled).',
      body: z.object({
        ...endpointId,
        url: endpointFields.url.optional(),
        event_types: endpointFields.event_types,
        description: endpointFields.description,
        status: z.enum(['enabled', 'disabled'], { error: "status must be 'enabled' or 'disabled'" }).optional(),
      }),
      response: webhookEndpoint,
      successCode: 200,
    }),
    rotate: defineCall({
      method: 'POST',
      path: `${prefix}/rotate-secret`,
      access,
      ...manage,
      spec,
      summary: `Makes a new signing secret (in this answer only); the previous one keeps signing beside it for ${WEBHOOKS.rotationOverlapHours} hours.`,
      body: z.object(endpointId),
      response: withSecret,
      successCode: 200,
    }),
    remove: defineCall({
      method: 'DELETE',
      path: `${prefix}/delete`,
      access,
      ...manage,
      spec,
      summary: 'Deletes an endpoint and its delivery log.',
      body: z.object(endpointId),
      response: z.object({ id: z.number(), deleted: z.literal(true) }),
      successCode: 200,
    }),
    test: defineCall({
      method: 'POST',
      path: `${prefix}/test`,
      access,
      ...manage,
      spec,
      summary: 'Sends a webhook.test event to the endpoint now (one attempt, in its delivery log).',
      body: z.object(endpointId),
      response: webhookDelivery.omit({ attempts: true }),
      successCode: 200,
    }),
    deliveries: defineCall({
      method: 'GET',
      path: `${prefix}/deliveries`,
      access,
      ...read,
      spec,
      summary: "An endpoint's deliveries, newest first, each with every attempt: limit (≤ 100), starting_after (the last delivery id of the page before).",
      query: z.object({ ...endpointId, limit, starting_after: idOf('starting_after').optional() }),
      response: pageOf(webhookDelivery),
      successCode: 200,
    }),
    resend: defineCall({
      method: 'POST',
      path: `${prefix}/deliveries/resend`,
      access,
      ...manage,
      spec,
      summary: 'Sends a delivery again now (one more attempt, with the same webhook-id).',
      body: z.object({ deliveryId: idOf('deliveryId') }),
      response: webhookDelivery.omit({ attempts: true }),
      successCode: 200,
    }),
  };
}

const v2 = endpointCalls('client', '/api/v2/client/webhook-endpoints', false);
export const clientListWebhookEndpoints = v2.list;
export const clientCreateWebhookEndpoint = v2.create;
export const clientUpdateWebhookEndpoint = v2.update;
export const clientRotateWebhookSecret = v2.rotate;
export const clientDeleteWebhookEndpoint = v2.remove;
export const clientTestWebhookEndpoint = v2.test;
export const clientListWebhookDeliveries = v2.deliveries;
export const clientResendWebhookDelivery = v2.resend;

const portal = endpointCalls('reseller', '/api/webhook-endpoints', true);
export const listWebhookEndpoints = portal.list;
export const createWebhookEndpoint = portal.create;
export const updateWebhookEndpoint = portal.update;
export const rotateWebhookSecret = portal.rotate;
export const deleteWebhookEndpoint = portal.remove;
export const testWebhookEndpoint = portal.test;
export const listWebhookDeliveries = portal.deliveries;
export const resendWebhookDelivery = portal.resend;
