/**
 * Never trust the redirect, never lose a payment: the real server process is killed between the
 * provider's success and the credit, started again on the same database, and the success page's
 * check credits the payment exactly once; the provider's late notification credits nothing more.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '@partner-panel/sdk';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { freshDatabase } from './support/db.js';
import { paypalEnv, paypalStub } from './support/paypal-stub.js';
import { startMain, type MainProcess } from './support/process.js';
import { stripeEnv, stripeStub } from './support/stripe-stub.js';

// The server processes use this file's database; the test only reaches them over HTTP.
const database = await freshDatabase(1);
await database.close();
const paypal = await paypalStub();
const stripe = await stripeStub();
let main: MainProcess | null = null;
/** The running server's address (each start listens on a port the system picks). */
let baseUrl = '';

afterAll(async () => {
  await main?.stop();
  await paypal.close();
  await stripe.close();
  await database.drop().catch(() => undefined);
});

async function startServer() {
  main = await startMain({
    DATABASE_URL: database.url,
    NODE_ENV: 'development',
    RENEWALS_INTERVAL_SECONDS: '0',
    RATE_LIMIT_PAYMENTS_PER_IP: '1000',
    ...paypalEnv(paypal.url),
    ...stripeEnv(stripe.url),
  });
  baseUrl = main.url;
}

async function kill() {
  const running = main as MainProcess;
  running.child.kill('SIGKILL');
  await running.exited;
  main = null;
}

async function signIn(): Promise<Client> {
  const user = await createClient({ baseUrl, log: () => undefined }).login({ email: 'reseller@demo.partner-panel.test', password: DEMO_PASSWORD });
  return createClient({ baseUrl, getToken: () => user.access_token, log: () => undefined });
}

const balance = async (api: Client) => (await api.profile()).balance;
const deposits = async (api: Client) => (await api.transactions({ page_limit: 100 })).transactions.filter((r) => r.amount_in > 0 && r.gateway !== 'Wallet');

describe('a server killed between the provider and the credit', () => {
  it('PayPal: killed while capturing (PayPal took the money, the answer never came back), the success page credits once', async () => {
    await startServer();
    let api = await signIn();
    const before = await balance(api);
    const pay = await api.payByRedirect({ amount: 2000 });
    const orderId = new URL(pay.approve_url).searchParams.get('token') as string;
    paypal.approve(orderId);

    const captured = paypal.holdNextCapture();
    const verifying = api.verifyPayment({ payment_id: pay.payment_id }).catch((e: unknown) => e);
    const order = await captured;
    expect(order.status).toBe('COMPLETED');
    await kill();
    expect(await verifying).toBeInstanceOf(Error);

    await startServer();
    api = await signIn();
    expect(await balance(api)).toBe(before);
    expect((await api.payments()).payments[0]).toMatchObject({ id: pay.payment_id, status: 'pending' });

    const checked = await api.verifyPayment({ payment_id: pay.payment_id });
    expect(checked.payment.status).toBe('succeeded');
    expect(checked.balance).toBe(before + 2000);

    // PayPal's own notification of that capture arrives late, twice.
    const late = paypal.event('PAYMENT.CAPTURE.COMPLETED', paypal.captureResource(orderId));
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${baseUrl}/api/webhooks/paypal`, { method: 'POST', headers: late.headers, body: late.payload });
      expect(res.status).toBe(200);
    }
    expect((await api.verifyPayment({ payment_id: pay.payment_id })).balance).toBe(before + 2000);
    expect(await balance(api)).toBe(before + 2000);
    expect((await deposits(api)).filter((d) => d.gateway === 'PayPal')).toHaveLength(1);
    expect((await api.invoice({ id: pay.invoice_id })).status).toBe('Paid');
  }, 180_000);

  it('Stripe: killed after the card succeeded, its notification lost, the success page credits once', async () => {
    if (!main) await startServer();
    let api = await signIn();
    const before = await balance(api);
    const pay = await api.payByCard({ name: 'Ann', token: 'pm_card_visa', amount: 2500 });
    const intent = [...stripe.intents.values()].find((i) => i.client_secret === pay.client_secret);
    if (!intent) throw new Error('no intent');
    await kill();
    // The browser confirmed with Stripe; Stripe's notification finds no server.
    stripe.confirm(intent.id);
    const event = stripe.event('payment_intent.succeeded', intent);
    await expect(fetch(`${baseUrl}/api/webhooks/stripe`, { method: 'POST', body: event.payload })).rejects.toThrow();

    await startServer();
    api = await signIn();
    expect(await balance(api)).toBe(before);
    expect((await api.verifyPayment({ payment_id: pay.payment_id })).balance).toBe(before + 2500);
    // Stripe retries the notification once the server is back: nothing more.
    const res = await fetch(`${baseUrl}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
      body: event.payload,
    });
    expect(res.status).toBe(200);
    expect(await balance(api)).toBe(before + 2500);
    expect((await deposits(api)).filter((d) => d.gateway === 'Card')).toHaveLength(1);
  }, 180_000);
});
