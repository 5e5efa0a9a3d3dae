/**
 * Payment providers behind one interface: the built-in test gateway (the default), Stripe and
 * PayPal, each enabled by configuration. A provider starts a payment, says what a payment's real
 * state is when asked, and turns its signed notifications into events; the billing module does
 * the rest (one crediting function for every provider and every path).
 */
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import { createPaypal } from './paypal.js';
import { createStripe } from './stripe.js';
import { createTestGateway, type TestGateway } from './test-gateway.js';
import type { PaymentGateway } from './types.js';

export interface Payments {
  /** The enabled gateways, in the order the browser shows them. */
  list: PaymentGateway[];
  get(module: string): PaymentGateway | undefined;
  testGateway: TestGateway | null;
}

export function createPayments(
  config: Config,
  deps: { db: Db; secret: string; fetch: typeof fetch; log: { warn(obj: unknown, msg?: string): void } },
): Payments {
  const { payments } = config;
  const testGateway = payments.testGateway.enabled
    ? createTestGateway({ db: deps.db, secret: deps.secret, webhookDelayMs: payments.testGateway.webhookDelayMs, log: deps.log })
    : null;
  const list: PaymentGateway[] = [
    ...(testGateway ? [testGateway] : []),
    ...(payments.stripe ? [createStripe(payments.stripe)] : []),
    ...(payments.paypal ? [createPaypal({ ...payments.paypal, fetch: deps.fetch })] : []),
  ];
  return { list, get: (module) => list.find((g) => g.module === module), testGateway };
}
