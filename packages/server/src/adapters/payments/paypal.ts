/**
 * PayPal, Orders v2 over its REST API: an order per payment, approved by the buyer at PayPal,
 * captured on return (or on the CHECKOUT.ORDER.APPROVED notification, should the buyer never
 * come back) with a request id, so a repeated capture answers the first one. Notifications are
 * verified by PayPal's own verify-webhook-signature call.
 *
 * PayPal's official server SDK is not used: it can only talk to PayPal's two hosts (no local peer
 * for tests) and has no webhook verification; these five calls are plain JSON over fetch.
 */
import { PAYMENT_METHOD_NAMES, dollarsToCents } from '@partner-panel/sdk';
import { ProviderError, UntrustedEvent, type PaymentGateway, type ProviderState } from './types.js';

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** https://api-m.paypal.com, the sandbox, or a local stand-in in tests. */
  apiUrl: string;
  fetch: typeof fetch;
}

interface Money {
  currency_code: string;
  value: string;
}
interface Capture {
  id: string;
  status: string;
  amount?: Money;
  supplementary_data?: { related_ids?: { order_id?: string } };
}
interface Order {
  id: string;
  status: string;
  links?: { rel: string; href: string }[];
  purchase_units?: { payments?: { captures?: Capture[] } }[];
}

const TIMEOUT_MS = 20_000;

function captureState(capture: Capture | undefined): ProviderState {
  if (!capture) return { status: 'pending' };
  if (capture.status === 'COMPLETED') {
    return {
      status: 'succeeded',
      transactionRef: capture.id,
      amountCents: dollarsToCents(capture.amount?.value ?? '') ?? 0,
      currency: (capture.amount?.currency_code ?? '').toLowerCase(),
    };
  }
  if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
    return { status: 'failed', code: `CAPTURE_${capture.status}`, message: 'PayPal declined the payment.' };
  }
  return { status: 'pending' };
}

const firstCapture = (order: Order) => order.purchase_units?.[0]?.payments?.captures?.[0];

export function orderState(order: Order): ProviderState {
  switch (order.status) {
    case 'COMPLETED':
      return captureState(firstCapture(order));
    case 'VOIDED':
      return { status: 'failed', code: 'ORDER_VOIDED', message: 'The PayPal order was voided.' };
    default:
      return { status: 'pending' };
  }
}

export function createPaypal(settings: PaypalSettings): PaymentGateway {
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const res = await settings.fetch(`${settings.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!res.ok || !json?.access_token) throw new ProviderError(`PayPal: sign-in refused (${res.status})`);
    token = { value: json.access_token, expiresAt: Date.now() + (json.expires_in ?? 300) * 1000 };
    return token.value;
  }

  /** One REST call; answers the status and the JSON, throws when PayPal cannot be reached. */
  async function call<T>(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
    try {
      const res = await settings.fetch(`${settings.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json', ...headers },
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (res.status === 401) token = null;
      return { status: res.status, json: (await res.json().catch(() => null)) as T | null };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw new ProviderError(`PayPal: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const issue = (json: unknown) => (json as { details?: { issue?: string }[] } | null)?.details?.[0]?.issue ?? '';

  async function getOrder(id: string): Promise<Order> {
    const res = await call<Order>('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
    if (res.status !== 200 || !res.json) throw new ProviderError(`PayPal: order ${id} could not be read (${res.status})`);
    return res.json;
  }

  /** Captures an approved order; the request id makes a repeated capture answer the first one. */
  async function capture(id: string): Promise<ProviderState> {
    const res = await call<Order>('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, '{}', {
      'paypal-request-id': `capture-${id}`,
      prefer: 'return=representation',
    });
    if ((res.status === 200 || res.status === 201) && res.json) return orderState(res.json);
    const why = issue(res.json);
    if (why === 'ORDER_ALREADY_CAPTURED') return orderState(await getOrder(id));
    if (why === 'INSTRUMENT_DECLINED' || why === 'PAYER_ACTION_REQUIRED') {
      return { status: 'failed', code: why, message: 'PayPal declined the chosen funding source. Please try again with another one.' };
    }
    throw new ProviderError(`PayPal: capture of ${id} failed (${res.status} ${why})`);
  }

  return {
    module: 'paypal',
    displayName: PAYMENT_METHOD_NAMES.paypal,
    type: 'redirect',
    publishableKey: null,

    async start(input) {
      const res = await call<Order>(
        'POST',
        '/v2/checkout/orders',
        JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: `invoice-${input.invoiceId}`,
              custom_id: String(input.paymentId),
              description: input.description,
              amount: { currency_code: 'USD', value: (input.amountCents / 100).toFixed(2) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        }),
        { 'paypal-request-id': `order-${input.paymentId}-${crypto.randomUUID()}` },
      );
      const order = res.json;
      const approve = order?.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (res.status >= 300 || !order?.id || !approve) throw new ProviderError(`PayPal: the order could not be created (${res.status} ${issue(res.json)})`);
      return { kind: 'redirect', ref: order.id, approveUrl: approve };
    },

    async settle(payment) {
      const order = await getOrder(payment.providerRef);
      return order.status === 'APPROVED' ? capture(order.id) : orderState(order);
    },

    async parseEvent(rawBody, headers) {
      const header = (name: string) => {
        const v = headers[name];
        return typeof v === 'string' ? v : '';
      };
      const names = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'];
      if (names.some((n) => !header(n))) throw new UntrustedEvent('PayPal: the notification carries no signature');
      const text = rawBody.toString('utf8');
      let event: { id?: string; event_type?: string; resource?: Order & Capture };
      try {
        event = JSON.parse(text) as typeof event;
      } catch {
        throw new UntrustedEvent('PayPal: the notification is not JSON');
      }
      if (typeof event !== 'object' || event === null) throw new UntrustedEvent('PayPal: the notification is not an event');
      // The event goes back byte for byte: re-serialised JSON can fail PayPal's check.
      const check = await call<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        `{"auth_algo":${JSON.stringify(header('paypal-auth-algo'))},"cert_url":${JSON.stringify(header('paypal-cert-url'))},` +
          `"transmission_id":${JSON.stringify(header('paypal-transmission-id'))},"transmission_sig":${JSON.stringify(header('paypal-transmission-sig'))},` +
          `"transmission_time":${JSON.stringify(header('paypal-transmission-time'))},"webhook_id":${JSON.stringify(settings.webhookId)},"webhook_event":${text}}`,
      );
      if (check.status >= 500) throw new ProviderError(`PayPal: the signature check failed (${check.status})`);
      if (check.status !== 200 || check.json?.verification_status !== 'SUCCESS') throw new UntrustedEvent('PayPal: the notification signature did not verify');
      const id = String(event.id ?? '');
      const type = String(event.event_type ?? '');
      const resource = event.resource;
      if (!id || !resource || typeof resource !== 'object') throw new UntrustedEvent('PayPal: the notification has no id or resource');
      switch (type) {
        case 'CHECKOUT.ORDER.APPROVED':
          return { id, type, ref: resource.id, outcome: 'approved' };
        case 'CHECKOUT.ORDER.COMPLETED': {
          const state = orderState(resource);
          return { id, type, ref: resource.id, outcome: state.status === 'succeeded' ? 'succeeded' : 'ignored', state };
        }
        case 'PAYMENT.CAPTURE.COMPLETED':
        case 'PAYMENT.CAPTURE.DENIED':
        case 'PAYMENT.CAPTURE.DECLINED': {
          const state = captureState(resource);
          const ref = resource.supplementary_data?.related_ids?.order_id ?? null;
          return { id, type, ref, outcome: state.status === 'pending' ? 'ignored' : state.status, state };
        }
        default:
          return { id, type, ref: null, outcome: 'ignored' };
      }
    },
  };
}
