/**
 * Verifying the webhooks the Partner Panel sends (Standard Webhooks: `webhook-id`,
 * `webhook-timestamp`, `webhook-signature`), with the `standardwebhooks` package. Pass the body
 * exactly as received (before any JSON parsing), the request's headers and the endpoint's
 * `whsec_…` secret; a forged, altered or replayed (older than five minutes) delivery throws.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { z } from 'zod';
import type {
  couponBatchObject,
  couponDeletedObject,
  couponRedeemedObject,
  invoiceObject,
  vpnUserObject,
  walletCreditObject,
  walletObject,
  webhookEndpointObject,
  WebhookEvent,
} from '../contract/events.js';

// The types of the objects events carry, inferred from the contract's schemas (contract/events.ts).
export type { WebhookEvent };
export type VpnUserObject = z.output<typeof vpnUserObject>;
export type CouponBatchObject = z.output<typeof couponBatchObject>;
export type CouponObject = z.output<typeof couponRedeemedObject> | z.output<typeof couponDeletedObject>;
export type WalletCreditObject = z.output<typeof walletCreditObject>;
export type WalletObject = z.output<typeof walletObject>;
export type InvoiceObject = z.output<typeof invoiceObject>;
export type WebhookEndpointObject = z.output<typeof webhookEndpointObject>;

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
