/**
 * A local stand-in for PayPal's REST API: OAuth, Orders v2 (create, read, capture with
 * PayPal-Request-Id) and the webhook signature check. Notifications are signed the way PayPal signs
 * them — RSA-SHA256 over "transmission id|time|webhook id|CRC32 of the body" — with a key of the
 * stub's own, so the server's verification round trip is real.
 */
import { generateKeyPairSync, randomBytes, createSign, createVerify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export const PAYPAL_WEBHOOK_ID = 'WH-PARTNER-PANEL-TEST';

interface StubCapture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
}
export interface StubOrder {
  id: string;
  status: string;
  intent: string;
  purchase_units: { reference_id?: string; custom_id?: string; amount: { currency_code: string; value: string }; payments?: { captures: StubCapture[] } }[];
  links: { rel: string; href: string; method: string }[];
  return_url: string;
}

async function read(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

export async function paypalStub() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const orders = new Map<string, StubOrder>();
  const captureAnswers = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  let hold: ((order: StubOrder) => void) | null = null;
  const held: ServerResponse[] = [];
  let declineCaptures = false;

  const server = createServer((req, res) => {
    void (async () => {
      const text = await read(req);
      const path = (req.url ?? '').split('?')[0] as string;
      requests.push({ method: req.method ?? '', path, headers: req.headers, body: text });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && path === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from('paypal-client:paypal-secret').toString('base64')}`;
        if (req.headers.authorization !== expected) return send(401, { error: 'invalid_client' });
        return send(200, { access_token: `A21${randomBytes(8).toString('hex')}`, token_type: 'Bearer', expires_in: 32400 });
      }
      if (!req.headers.authorization?.startsWith('Bearer A21')) return send(401, { name: 'AUTHENTICATION_FAILURE' });

      if (req.method === 'POST' && path === '/v2/checkout/orders') {
        const body = JSON.parse(text) as { intent: string; purchase_units: StubOrder['purchase_units']; payment_source: { paypal: { experience_context: { return_url: string } } } };
        const id = randomBytes(8).toString('hex').toUpperCase();
        const order: StubOrder = {
          id,
          status: 'PAYER_ACTION_REQUIRED',
          intent: body.intent,
          purchase_units: body.purchase_units,
          links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.test/checkoutnow?token=${id}`, method: 'GET' }],
          return_url: body.payment_source.paypal.experience_context.return_url,
        };
        orders.set(id, order);
        return send(200, order);
      }
      const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
      if (match) {
        const order = orders.get(match[1] as string);
        if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
        if (req.method === 'GET' && !match[2]) return send(200, order);
        if (req.method === 'POST' && match[2]) {
          const requestId = String(req.headers['paypal-request-id'] ?? '');
          const replay = requestId ? captureAnswers.get(requestId) : undefined;
          if (replay) return send(replay.status, replay.body);
          let answer: { status: number; body: unknown };
          if (order.status === 'COMPLETED') answer = { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } };
          else if (order.status !== 'APPROVED') answer = { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] } };
          else {
            const unit = order.purchase_units[0] as StubOrder['purchase_units'][number];
            const capture = { id: `CAP${randomBytes(6).toString('hex').toUpperCase()}`, status: declineCaptures ? 'DECLINED' : 'COMPLETED', amount: unit.amount };
            unit.payments = { captures: [capture] };
            order.status = 'COMPLETED';
            answer = { status: 201, body: order };
          }
          if (requestId) captureAnswers.set(requestId, answer);
          if (hold && order.status === 'COMPLETED') {
            // PayPal has taken the money; the answer never reaches the server.
            const notify = hold;
            hold = null;
            held.push(res);
            notify(order);
            return;
          }
          return send(answer.status, answer.body);
        }
      }
      if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
        const body = JSON.parse(text) as {
          auth_algo: string;
          cert_url: string;
          transmission_id: string;
          transmission_sig: string;
          transmission_time: string;
          webhook_id: string;
          webhook_event: unknown;
        };
        const message = `${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${crc32(JSON.stringify(body.webhook_event))}`;
        const verified =
          body.auth_algo === 'SHA256withRSA' &&
          body.webhook_id === PAYPAL_WEBHOOK_ID &&
          createVerify('RSA-SHA256').update(message).verify(publicKey, body.transmission_sig, 'base64');
        return send(200, { verification_status: verified ? 'SUCCESS' : 'FAILURE' });
      }
      send(404, { name: 'RESOURCE_NOT_FOUND', message: `${req.method} ${path}` });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const orderOf = (id: string) => {
    const order = orders.get(id);
    if (!order) throw new Error(`no order ${id}`);
    return order;
  };

  return {
    url,
    orders,
    requests,
    /** The buyer approves the order at PayPal. */
    approve(id: string) {
      orderOf(id).status = 'APPROVED';
    },
    declineCaptures(on = true) {
      declineCaptures = on;
    },
    /** The next capture succeeds at PayPal but its answer is held back; resolves when PayPal took the money. */
    holdNextCapture(): Promise<StubOrder> {
      return new Promise((resolve) => {
        hold = resolve;
      });
    },
    /** A PayPal notification and its transmission headers, signed by the stub's key. */
    event(type: string, resource: unknown, options: { id?: string; webhookId?: string } = {}) {
      const event = { id: options.id ?? `WH-${randomBytes(8).toString('hex').toUpperCase()}`, event_version: '1.0', event_type: type, resource_type: 'capture', resource };
      const payload = JSON.stringify(event);
      const transmissionId = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      const signature = createSign('RSA-SHA256')
        .update(`${transmissionId}|${time}|${options.webhookId ?? PAYPAL_WEBHOOK_ID}|${crc32(payload)}`)
        .sign(privateKey, 'base64');
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${url}/certs/stub.pem`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signature,
          'paypal-transmission-time': time,
        },
      };
    },
    /** The capture of an order as a PAYMENT.CAPTURE.* resource. */
    captureResource(id: string) {
      const capture = orderOf(id).purchase_units[0]?.payments?.captures[0];
      if (!capture) throw new Error(`order ${id} has no capture`);
      return { ...capture, supplementary_data: { related_ids: { order_id: id } } };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const paypalEnv = (url: string) => ({
  PAYPAL_CLIENT_ID: 'paypal-client',
  PAYPAL_CLIENT_SECRET: 'paypal-secret',
  PAYPAL_WEBHOOK_ID,
  PAYPAL_API_URL: url,
});
