/**
 * Stripe, through the official library: a PaymentIntent per payment, confirmed by the browser with
 * its client secret (@stripe/stripe-js), credited from the verified `payment_intent.succeeded`
 * notification or, when that is late or lost, from the intent itself when the success page asks.
 */
import type Stripe from 'stripe';
import { PAYMENT_METHOD_NAMES } from '@partner-panel/sdk';
import { ProviderError, UntrustedEvent, type PaymentGateway, type ProviderEvent, type ProviderState } from './types.js';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local stand-in in tests); unset: api.stripe.com. */
  apiUrl?: string | undefined;
}

/** The official library, loaded when Stripe is first called rather than at start-up (docs/performance.md). */
export const stripeLibrary = async () => (await import('stripe')).default;

/** A PaymentIntent's state in our words. */
export function intentState(intent: Stripe.PaymentIntent): ProviderState {
  switch (intent.status) {
    case 'succeeded': {
      const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
      return { status: 'succeeded', transactionRef: charge ?? intent.id, amountCents: intent.amount_received, currency: intent.currency };
    }
    case 'canceled':
      return { status: 'failed', code: intent.cancellation_reason ?? 'canceled', message: 'The payment was cancelled.' };
    case 'requires_payment_method': {
      const error = intent.last_payment_error;
      // Not yet confirmed is pending; a confirmation that failed leaves its error here.
      if (!error) return { status: 'pending' };
      return { status: 'failed', code: error.decline_code ?? error.code ?? 'card_declined', message: error.message ?? 'Your card was declined.' };
    }
    default:
      return { status: 'pending' };
  }
}

/**
 * Checks a Stripe-signed event (throws on a wrong secret, a changed body or a timestamp older than
 * five minutes) and reads what it says about a PaymentIntent.
 */
export async function readIntentEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, secret: string): Promise<ProviderEvent> {
  const signature = headers['stripe-signature'];
  const { webhooks } = await stripeLibrary();
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(rawBody, typeof signature === 'string' ? signature : '', secret);
  } catch (error) {
    throw new UntrustedEvent(error instanceof Error ? error.message : String(error));
  }
  const object = (event.data?.object ?? {}) as { object?: string };
  if (object.object !== 'payment_intent') return { id: event.id, type: event.type, ref: null, outcome: 'ignored' };
  const intent = event.data.object as Stripe.PaymentIntent;
  const outcome =
    event.type === 'payment_intent.succeeded'
      ? 'succeeded'
      : event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled'
        ? 'failed'
        : 'ignored';
  return { id: event.id, type: event.type, ref: intent.id, outcome, state: intentState(intent) };
}

function connection(apiUrl: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

async function providerError(error: unknown): Promise<ProviderError> {
  if (error instanceof (await stripeLibrary()).errors.StripeError) {
    const card = error.type === 'StripeCardError' || error.type === 'StripeInvalidRequestError';
    return new ProviderError(`Stripe: ${error.message}`, card ? { code: error.decline_code ?? error.code ?? error.type, message: error.message } : undefined);
  }
  return new ProviderError(`Stripe: ${error instanceof Error ? error.message : String(error)}`);
}

export function createStripe(settings: StripeSettings): PaymentGateway {
  let client: Stripe | undefined;
  const connect = async () =>
    (client ??= new (await stripeLibrary())(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Partner Panel' },
      ...connection(settings.apiUrl),
    }));

  return {
    module: 'stripe',
    displayName: PAYMENT_METHOD_NAMES.stripe,
    type: 'card',
    publishableKey: settings.publishableKey,

    async start(input) {
      const token = input.token ?? '';
      try {
        const intent = await (await connect()).paymentIntents.create({
          amount: input.amountCents,
          currency: 'usd',
          allowed_payment_method_types: ['card'],
          // stripe-js makes a PaymentMethod (pm_…); a legacy card token (tok_…) is wrapped in one.
          ...(token.startsWith('pm_') ? { payment_method: token } : { payment_method_data: { type: 'card', card: { token } } as never }),
          description: input.description,
          ...(input.payer.email ? { receipt_email: input.payer.email } : {}),
          metadata: { payment_id: String(input.paymentId), invoice_id: String(input.invoiceId), reseller_id: String(input.resellerId) },
        });
        if (!intent.client_secret) throw new ProviderError('Stripe answered no client secret');
        return { kind: 'confirm', ref: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw error instanceof ProviderError ? error : await providerError(error);
      }
    },

    async settle(payment) {
      try {
        return intentState(await (await connect()).paymentIntents.retrieve(payment.providerRef));
      } catch (error) {
        throw await providerError(error);
      }
    },

    parseEvent: async (rawBody, headers) => readIntentEvent(rawBody, headers, settings.webhookSecret),
  };
}
