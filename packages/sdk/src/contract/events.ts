/**
 * The events the server writes (what happened, in Stripe's shape), declared once: the server's
 * recordEvent takes only the object of the type it records and checks it against these outside
 * production, the events API answers them, webhooks deliver them, the OpenAPI document publishes
 * them (its `webhooks`), and the SDK's WebhookEvent is inferred from them.
 *
 * The objects are strict: the published schemas say `additionalProperties: false`, so a field the
 * server sends and the document does not name fails the server's own check and the tests.
 */
import { z } from 'zod';
import { billingTypeSchema, cycleSchema, isoDate, usd } from './common.js';
import { INVOICE_STATUSES, WEBHOOK_TEST_EVENT, type WebhookEventType } from './constants.js';
import { clientUserRecord } from './calls/client.js';

/** A VPN user as the v2 API's get and list show it (vpn_user.*). */
export const vpnUserObject = z.strictObject({ object: z.literal('vpn_user'), ...clientUserRecord.shape });

/** The batch coupon.generated reports: every code it made. */
export const couponBatchObject = z.strictObject({
  object: z.literal('coupon_batch'),
  id: z.number(),
  quantity: z.number().int(),
  amount: usd.describe('what the batch cost, US dollars'),
  billing_type: billingTypeSchema.describe('1 recurring, 2 onetime'),
  billing_cycle: cycleSchema,
  addon: z.string().nullable(),
  codes: z.array(z.string()),
  expires_at: isoDate,
});

const couponFields = { object: z.literal('coupon'), id: z.number(), code: z.string() };
/** coupon.redeemed: who redeemed it and the VPN user it opened. */
export const couponRedeemedObject = z.strictObject({ ...couponFields, redeemed_at: isoDate, email: z.string(), vpn_user_id: z.number() });
/** coupon.deleted: what went back to the wallet. */
export const couponDeletedObject = z.strictObject({ ...couponFields, refunded: usd });

/** wallet.credited: a deposit, an admin's credit or a refund. */
export const walletCreditObject = z.strictObject({
  object: z.literal('wallet_credit'),
  amount: usd,
  balance: usd.describe('the balance after it'),
  kind: z.string().describe('deposit, admin_credit, coupon_refund, …'),
  description: z.string(),
});

/** wallet.low_balance: what the wallet cannot cover of the renewals due soon. */
export const walletObject = z.strictObject({
  object: z.literal('wallet'),
  balance: usd,
  credit_limit: usd,
  renewals_due: z.number().int(),
  amount_due: usd,
  due_within_days: z.number().int(),
});

/** invoice.*: the invoice as it is once the change is made. */
export const invoiceObject = z.strictObject({
  object: z.literal('invoice'),
  id: z.number(),
  status: z.enum(INVOICE_STATUSES).describe('pending: a deposit started, not yet confirmed; unpaid: an invoice sent, owed'),
  amount: usd,
  description: z.string(),
  created_at: isoDate,
  due_at: isoDate,
  paid_at: isoDate.nullable(),
});

/** webhook.test: the endpoint it was sent to. */
export const webhookEndpointObject = z.strictObject({ object: z.literal('webhook_endpoint'), id: z.number(), url: z.string() });

/** The object (`data.object`) of each event type. */
export const EVENT_OBJECTS = {
  'coupon.generated': couponBatchObject,
  'coupon.redeemed': couponRedeemedObject,
  'coupon.deleted': couponDeletedObject,
  'vpn_user.created': vpnUserObject,
  'vpn_user.updated': vpnUserObject,
  'vpn_user.suspended': vpnUserObject,
  'vpn_user.enabled': vpnUserObject,
  'vpn_user.deleted': vpnUserObject,
  'vpn_user.renewed': vpnUserObject,
  'vpn_user.renewal_failed': vpnUserObject,
  'vpn_user.expired': vpnUserObject,
  'wallet.credited': walletCreditObject,
  'wallet.low_balance': walletObject,
  'invoice.created': invoiceObject,
  'invoice.paid': invoiceObject,
  'invoice.cancelled': invoiceObject,
  [WEBHOOK_TEST_EVENT]: webhookEndpointObject,
} as const satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodType>;

/** Every type an event is written with: the listed ones and the test event. */
export type EventType = keyof typeof EVENT_OBJECTS;
export type EventObject<T extends EventType> = z.output<(typeof EVENT_OBJECTS)[T]>;

/** What each type reports, for the document and the catalogue in docs/api.md. */
export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'coupon.generated': 'Coupons were generated (and paid from the wallet): the batch with every code.',
  'coupon.redeemed': 'A coupon was redeemed: a VPN user was opened with it (a vpn_user.created comes just before).',
  'coupon.deleted': 'An unredeemed coupon was deleted and its price refunded (a wallet.credited comes just before).',
  'vpn_user.created': 'A VPN user was opened (from the portal, a coupon or the v2 API).',
  'vpn_user.updated': "A VPN user's e-mail or password changed (the password is never sent).",
  'vpn_user.suspended': 'A VPN user was suspended (by hand, or its renewal could not be paid).',
  'vpn_user.enabled': 'A suspended VPN user was enabled again.',
  'vpn_user.deleted': 'A VPN user was deleted.',
  'vpn_user.renewed': 'A VPN user was renewed from the wallet for another cycle (by the renewal job, or enabled again after it expired).',
  'vpn_user.renewal_failed': 'A renewal could not be paid: the user is suspended (a vpn_user.suspended comes with it).',
  'vpn_user.expired': 'A one-time VPN user reached its end date.',
  'wallet.credited': 'Money went into the wallet: a deposit, an admin credit or a refund.',
  'wallet.low_balance': 'The wallet cannot cover the renewals due in the next days (sent once per renewal).',
  'invoice.created': 'An invoice was created: pending for a deposit the reseller started, unpaid for one an admin sent.',
  'invoice.paid': 'An invoice was paid (its wallet.credited comes just before).',
  'invoice.cancelled':
    'A deposit was declined or cancelled at the provider, or left unfinished for 24 hours: its invoice is closed, nothing was credited. Tried again and paid, or confirmed late by the provider, it sends invoice.paid.',
  [WEBHOOK_TEST_EVENT]: '"Send test event": delivered to that one endpoint only, never listed by the events API.',
};

/** The event around its object, as the events API lists it and a webhook delivers it. */
const eventOf = <T extends EventType>(type: T) =>
  z
    .strictObject({
      id: z.string().describe('evt_…; the webhook-id header of its deliveries: deliver at least once, so deduplicate by it'),
      object: z.literal('event'),
      type: z.literal(type),
      created: z.number().int().describe('Unix seconds'),
      livemode: z.boolean().describe('false: a sandbox key made it'),
      data: z.strictObject({ object: EVENT_OBJECTS[type] }),
    })
    .describe(EVENT_DESCRIPTIONS[type]);

/** One schema per type, in the order of WEBHOOK_EVENT_TYPES. */
export const EVENT_SCHEMAS = {
  'coupon.generated': eventOf('coupon.generated'),
  'coupon.redeemed': eventOf('coupon.redeemed'),
  'coupon.deleted': eventOf('coupon.deleted'),
  'vpn_user.created': eventOf('vpn_user.created'),
  'vpn_user.updated': eventOf('vpn_user.updated'),
  'vpn_user.suspended': eventOf('vpn_user.suspended'),
  'vpn_user.enabled': eventOf('vpn_user.enabled'),
  'vpn_user.deleted': eventOf('vpn_user.deleted'),
  'vpn_user.renewed': eventOf('vpn_user.renewed'),
  'vpn_user.renewal_failed': eventOf('vpn_user.renewal_failed'),
  'vpn_user.expired': eventOf('vpn_user.expired'),
  'wallet.credited': eventOf('wallet.credited'),
  'wallet.low_balance': eventOf('wallet.low_balance'),
  'invoice.created': eventOf('invoice.created'),
  'invoice.paid': eventOf('invoice.paid'),
  'invoice.cancelled': eventOf('invoice.cancelled'),
  [WEBHOOK_TEST_EVENT]: eventOf(WEBHOOK_TEST_EVENT),
} as const satisfies Record<EventType, z.ZodType>;

const s = EVENT_SCHEMAS;
/** An event the events API lists: every type but the test event. */
export const listedEventSchema = z.discriminatedUnion('type', [
  s['coupon.generated'],
  s['coupon.redeemed'],
  s['coupon.deleted'],
  s['vpn_user.created'],
  s['vpn_user.updated'],
  s['vpn_user.suspended'],
  s['vpn_user.enabled'],
  s['vpn_user.deleted'],
  s['vpn_user.renewed'],
  s['vpn_user.renewal_failed'],
  s['vpn_user.expired'],
  s['wallet.credited'],
  s['wallet.low_balance'],
  s['invoice.created'],
  s['invoice.paid'],
  s['invoice.cancelled'],
]);
/** Every event a webhook endpoint can receive, discriminated by `type`. */
export const webhookEventSchema = z.discriminatedUnion('type', [...listedEventSchema.options, s[WEBHOOK_TEST_EVENT]]);

export type ListedEvent = z.output<typeof listedEventSchema>;
export type WebhookEvent = z.output<typeof webhookEventSchema>;

// Every listed type is in the union, and nothing else (a type added to WEBHOOK_EVENT_TYPES without
// its schema fails to compile here).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyType: Same<ListedEvent['type'], WebhookEventType> = true;
void everyType;
