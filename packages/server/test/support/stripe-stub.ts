/**
 * A local stand-in for Stripe's API, enough for stripe-node: create and read PaymentIntents, and
 * what the browser and Stripe do on their side (confirm an intent, send a signed event). Events
 * are signed with stripe-node's own helper, so the server checks real Stripe signatures.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  latest_charge: string | null;
  last_payment_error: { code: string; decline_code: string | null; message: string } | null;
  cancellation_reason: null;
  metadata: Record<string, string>;
  payment_method: string | null;
}

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_partner_panel';

async function read(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

/** stripe-node posts forms: `metadata[payment_id]=7` becomes { metadata: { payment_id: '7' } }. */
function form(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]/).filter(Boolean);
    let node = out as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1] as string] = value;
  }
  return out;
}

export async function stripeStub() {
  const intents = new Map<string, StubIntent>();
  const requests: { method: string; path: string; params: Record<string, unknown>; authorization: string | undefined }[] = [];
  /** The next creates answer these instead (a card error, an outage). */
  const nextCreates: { status: number; body: unknown }[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const text = await read(req);
      const path = (req.url ?? '').split('?')[0] as string;
      const params = form(text);
      requests.push({ method: req.method ?? '', path, params, authorization: req.headers.authorization });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== 'Bearer sk_test_partner_panel') {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const answer = nextCreates.shift();
        if (answer) return send(answer.status, answer.body);
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const intent: StubIntent = {
          id,
          object: 'payment_intent',
          amount: Number(params.amount),
          amount_received: 0,
          currency: String(params.currency),
          status: 'requires_confirmation',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          latest_charge: null,
          last_payment_error: null,
          cancellation_reason: null,
          metadata: (params.metadata ?? {}) as Record<string, string>,
          payment_method: (params.payment_method as string | undefined) ?? null,
        };
        intents.set(id, intent);
        return send(200, intent);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const intent = intents.get(match[1] as string);
        return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const intentOf = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    answerNextCreate(status: number, body: unknown) {
      nextCreates.push({ status, body });
    },
    /** What stripe-js does when the browser confirms: the intent succeeds or is declined. */
    confirm(id: string, outcome: 'succeeded' | { decline_code: string; message: string } = 'succeeded') {
      const intent = intentOf(id);
      if (outcome === 'succeeded') {
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: `ch_${id.slice(3)}`, last_payment_error: null });
      } else {
        Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined', ...outcome } });
      }
      return intent;
    },
    /** A Stripe event about an intent, with its Stripe-Signature header. */
    event(type: string, intent: StubIntent, options: { secret?: string; timestamp?: number; id?: string } = {}) {
      const payload = JSON.stringify({
        id: options.id ?? `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...intent } },
      });
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      });
      return { payload, header };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const stripeEnv = (url: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_partner_panel',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_partner_panel',
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: url,
});
