/**
 * Verifying the webhooks the Partner Panel sends (Standard Webhooks: `webhook-id`,
 * `webhook-timestamp`, `webhook-signature`), with the `standardwebhooks` package. Pass the body
 * exactly as received (before any JSON parsing), the request's headers and the endpoint's
 * `whsec_…` secret; a forged, altered or replayed (older than five minutes) delivery throws.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { ClientUser } from '../contract/calls/client.js';
import type { WebhookEventType } from '../contract/constants.js';

interface EventBase<T extends string, O> {
  /** `evt_…`, also the `webhook-id` header: deliver at least once, so deduplicate by it. */
  id: string;
  object: 'event';
  type: T;
  /** Unix seconds. */
  created: number;
  livemode: boolean;
  data: { object: O };
}

export type VpnUserObject = ClientUser & { object: 'vpn_user' };
export interface CouponBatchObject {
  object: 'coupon_batch';
  id: number;
  quantity: number;
  amount: number;
  billing_type: 1 | 2;
  billing_cycle: string;
  addon: string | null;
  codes: string[];
  expires_at: string;
}
export interface CouponObject {
  object: 'coupon';
  id: number;
  code: string;
  /** coupon.redeemed */
  redeemed_at?: string;
  email?: string;
  vpn_user_id?: number;
  /** coupon.deleted: what went back to the wallet. */
  refunded?: number;
}
export interface WalletCreditObject {
  object: 'wallet_credit';
  amount: number;
  balance: number;
  kind: string;
  description: string;
}
export interface WalletObject {
  object: 'wallet';
  balance: number;
  credit_limit: number;
  renewals_due: number;
  amount_due: number;
  due_within_days: number;
}
export interface InvoiceObject {
  object: 'invoice';
  id: number;
  status: 'unpaid' | 'paid' | 'cancelled';
  amount: number;
  description: string;
  created_at: string;
  due_at: string;
  paid_at: string | null;
}
export interface WebhookEndpointObject {
  object: 'webhook_endpoint';
  id: number;
  url: string;
}

type VpnUserEventType = Extract<WebhookEventType, `vpn_user.${string}`>;

/** Every event a webhook endpoint can receive, discriminated by `type`. */
export type WebhookEvent =
  | { [T in VpnUserEventType]: EventBase<T, VpnUserObject> }[VpnUserEventType]
  | EventBase<'coupon.generated', CouponBatchObject>
  | EventBase<'coupon.redeemed' | 'coupon.deleted', CouponObject>
  | EventBase<'wallet.credited', WalletCreditObject>
  | EventBase<'wallet.low_balance', WalletObject>
  | EventBase<'invoice.created' | 'invoice.paid', InvoiceObject>
  | EventBase<'webhook.test', WebhookEndpointObject>;

export { WebhookVerificationError };

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function headerRecord(headers: HeaderBag): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof (headers as Headers).forEach === 'function' && typeof (headers as Headers).get === 'function') {
    (headers as Headers).forEach((value, key) => {
      out[key.toLowerCase()] = value;
    });
    return out;
  }
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The verified event of a delivery; throws WebhookVerificationError when it is not ours. */
export function verifyWebhook(rawBody: string | Uint8Array, headers: HeaderBag, secret: string): WebhookEvent {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  return new Webhook(secret).verify(body, headerRecord(headers)) as WebhookEvent;
}
