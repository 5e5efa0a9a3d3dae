/**
 * What every payment provider implements, and the errors it throws, in our words. The billing
 * module works with these only, never with a provider's own types.
 */
import type { PaymentModule } from '@partner-panel/sdk';

export interface StartInput {
  paymentId: number;
  invoiceId: number;
  resellerId: number;
  amountCents: number;
  description: string;
  payer: { name: string; email: string };
  /** Card methods: the token the browser made from the card. */
  token?: string;
  /** Redirect methods: where the provider sends the buyer back. */
  returnUrl: string;
  cancelUrl: string;
}

export type Started =
  | { kind: 'confirm'; ref: string; clientSecret: string }
  | { kind: 'redirect'; ref: string; approveUrl: string };

/** A payment's state at the provider, in our words. */
export type ProviderState =
  | { status: 'succeeded'; transactionRef: string; amountCents: number; currency: string }
  | { status: 'pending' }
  | { status: 'failed'; code: string; message: string };

/** A verified notification, in our words. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The provider's object the event is about (our payment's providerRef); null if none of ours. */
  ref: string | null;
  /**
   * What it means for the payment: `succeeded` (money received), `failed`, `approved` (the buyer
   * approved a redirect payment: capture it now), or `ignored`.
   */
  outcome: 'succeeded' | 'failed' | 'approved' | 'ignored';
  state?: ProviderState;
}

export interface PaymentGateway {
  module: PaymentModule;
  displayName: string;
  type: 'card' | 'redirect';
  publishableKey: string | null;
  start(input: StartInput): Promise<Started>;
  /** Asks the provider for the payment's real state; an approved redirect payment is captured here. */
  settle(payment: { id: number; providerRef: string }): Promise<ProviderState>;
  /** Checks a notification's signature and reads it; throws when it cannot be trusted. */
  parseEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent>;
}

/** The provider answered an error or could not be reached. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly cardError?: { code: string; message: string },
  ) {
    super(message);
  }
}

/** A notification that cannot be trusted: a wrong or stale signature, a changed body, not the provider's shape. */
export class UntrustedEvent extends Error {}
