/**
 * The built-in test gateway: the default payment method, so the whole card flow runs on a fresh
 * machine without an account anywhere. It follows Stripe's path step for step — the browser turns
 * a card into a token, the server creates an intent, 400002 hands the browser its client secret,
 * the browser confirms (and passes a confirmation step when the card asks for one), and the
 * gateway sends a signed `payment_intent.succeeded` event to our webhook, which credits. Its
 * events are Stripe's shape and signature, so they are read by the same code as Stripe's.
 *
 * Only its test cards are accepted (TEST_CARDS); it never runs in production (config refuses it).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { PAYMENT_METHOD_NAMES, type TEST_CARDS } from '@partner-panel/sdk';
import type { Db } from '../../db/index.js';
import { testGatewayIntents } from '../../db/schema/index.js';
import { ProviderError, type PaymentGateway, type ProviderState } from './types.js';
import { intentState, readIntentEvent, stripeLibrary } from './stripe.js';

type Outcome = { decline: string; code?: string; message: string } | 'succeed';
interface Scenario {
  /** The card asks for a confirmation step before its outcome. */
  authenticate: boolean;
  outcome: Outcome;
  /** Its success notification is never sent (the success page's check must credit it). */
  lostEvent?: boolean;
}

/** What each test card does; the numbers and their descriptions are the contract's TEST_CARDS. */
export const SCENARIOS: Record<(typeof TEST_CARDS)[number]['number'], Scenario> = {
  '4242424242424242': { authenticate: false, outcome: 'succeed' },
  '4000002500003155': { authenticate: true, outcome: 'succeed' },
  '4000000000000002': { authenticate: false, outcome: { decline: 'generic_decline', message: 'Your card was declined.' } },
  '4000000000009995': { authenticate: false, outcome: { decline: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  '4000000000000069': { authenticate: false, outcome: { decline: 'expired_card', code: 'expired_card', message: 'Your card has expired.' } },
  '4000008400001629': { authenticate: true, outcome: { decline: 'card_declined', message: 'Your card was declined.' } },
  '4000000000000077': { authenticate: false, outcome: 'succeed', lostEvent: true },
};
const byLast4 = new Map(Object.entries(SCENARIOS).map(([number, s]) => [number.slice(-4), s]));

export interface CardError {
  code: string;
  decline_code: string | null;
  message: string;
}
export interface IntentAnswer {
  status: 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'failed';
  next_action: 'authenticate' | null;
  error: CardError | null;
}

export interface TestGateway extends PaymentGateway {
  tokenize(card: { number: string; exp_month: number; exp_year: number; cvc: string }, now: Date): { token: string; card: { brand: string; last4: string } } | { error: CardError };
  confirm(clientSecret: string): Promise<IntentAnswer>;
  authenticate(clientSecret: string, approve: boolean): Promise<IntentAnswer>;
  /** Where the signed events go: the app's own webhook route, given once the routes exist. */
  deliverTo(deliver: (body: string, signature: string) => Promise<void>): void;
  /** Resolves once every event emitted so far has been delivered (or has failed to be). */
  settled(): Promise<void>;
  stop(): void;
}

type IntentRow = typeof testGatewayIntents.$inferSelect;

const random = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');
const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const chargeOf = (intentId: string) => intentId.replace(/^pi_/, 'ch_');

const cardError = (outcome: Exclude<Outcome, 'succeed'>): CardError => ({
  code: outcome.code ?? 'card_declined',
  decline_code: outcome.decline,
  message: outcome.message,
});

function answerOf(row: IntentRow): IntentAnswer {
  switch (row.status) {
    case 'requires_action':
      return { status: 'requires_action', next_action: 'authenticate', error: null };
    case 'failed':
      return {
        status: 'failed',
        next_action: null,
        error: { code: row.declineCode === 'expired_card' ? 'expired_card' : row.declineCode === 'authentication_failed' ? 'payment_intent_authentication_failure' : 'card_declined', decline_code: row.declineCode, message: row.failureMessage ?? 'Your card was declined.' },
      };
    default:
      return { status: row.status as IntentAnswer['status'], next_action: null, error: null };
  }
}

/** The intent as Stripe would send it in an event. */
function stripeShape(row: IntentRow) {
  const succeeded = row.status === 'succeeded';
  return {
    id: row.id,
    object: 'payment_intent',
    amount: row.amountCents,
    amount_received: succeeded ? row.amountCents : 0,
    currency: row.currency,
    status: succeeded ? 'succeeded' : row.status === 'failed' ? 'requires_payment_method' : row.status,
    latest_charge: succeeded ? chargeOf(row.id) : null,
    cancellation_reason: null,
    last_payment_error: row.status === 'failed' ? { code: 'card_declined', decline_code: row.declineCode, message: row.failureMessage } : null,
    metadata: row.metadata,
  };
}

export function createTestGateway(deps: { db: Db; secret: string; webhookDelayMs: number; log: { warn(obj: unknown, msg?: string): void } }): TestGateway {
  const webhookSecret = `whsec_${createHmac('sha256', deps.secret).update('test-gateway-webhook').digest('hex')}`;
  let deliver: ((body: string, signature: string) => Promise<void>) | null = null;
  /** Events waiting for their delay, each with what ends its wait. */
  const timers = new Map<NodeJS.Timeout, () => void>();
  const onTheirWay = new Set<Promise<void>>();

  function emit(row: IntentRow, type: 'payment_intent.succeeded' | 'payment_intent.payment_failed') {
    const scenario = byLast4.get(row.cardLast4);
    if (type === 'payment_intent.succeeded' && scenario?.lostEvent) return;
    const body = JSON.stringify({
      id: `evt_test_${random(18)}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: stripeShape(row) },
    });
    let done = () => {};
    const sent = new Promise<void>((resolve) => (done = resolve));
    onTheirWay.add(sent);
    void sent.then(() => onTheirWay.delete(sent));
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!deliver) return done();
      const send = deliver;
      stripeLibrary()
        .then(({ webhooks }) => send(body, webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret })))
        .catch((error: unknown) => deps.log.warn({ err: error, intent: row.id }, 'the test gateway could not deliver its event'))
        .finally(done);
    }, deps.webhookDelayMs);
    timers.set(timer, done);
  }

  async function bySecret(clientSecret: string): Promise<IntentRow> {
    const [row] = await deps.db.select().from(testGatewayIntents).where(eq(testGatewayIntents.secretHash, hash(clientSecret)));
    if (!row) throw new ProviderError('No such payment', { code: 'resource_missing', message: 'No such payment: the client secret is unknown.' });
    return row;
  }

  /** Moves an intent from one state to the next; only one caller wins a race. */
  async function move(row: IntentRow, from: string, to: { status: string; declineCode?: string; failureMessage?: string }): Promise<IntentRow | null> {
    const [moved] = await deps.db
      .update(testGatewayIntents)
      .set({ status: to.status, declineCode: to.declineCode ?? null, failureMessage: to.failureMessage ?? null, updatedAt: sql`now()` })
      .where(sql`${testGatewayIntents.id} = ${row.id} and ${testGatewayIntents.status} = ${from}`)
      .returning();
    return moved ?? null;
  }

  async function finish(row: IntentRow, from: string, outcome: Outcome): Promise<IntentAnswer> {
    const moved =
      outcome === 'succeed'
        ? await move(row, from, { status: 'succeeded' })
        : await move(row, from, { status: 'failed', declineCode: outcome.decline, failureMessage: outcome.message });
    if (!moved) {
      const [current] = await deps.db.select().from(testGatewayIntents).where(eq(testGatewayIntents.id, row.id));
      return answerOf(current ?? row);
    }
    emit(moved, moved.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed');
    return outcome === 'succeed' ? answerOf(moved) : { status: 'failed', next_action: null, error: cardError(outcome) };
  }

  return {
    module: 'testgateway',
    displayName: PAYMENT_METHOD_NAMES.testgateway,
    type: 'card',
    publishableKey: null,

    tokenize(card, now) {
      const number = card.number.replace(/[\s-]/g, '');
      const scenario = (SCENARIOS as Record<string, Scenario | undefined>)[number];
      if (!scenario) {
        return { error: { code: 'incorrect_number', decline_code: null, message: 'Your card number is incorrect. The test gateway takes only its test cards.' } };
      }
      const endOfExpiry = new Date(Date.UTC(card.exp_year, card.exp_month, 1));
      if (endOfExpiry <= now) return { error: { code: 'invalid_expiry_year', decline_code: null, message: "Your card's expiration date is in the past." } };
      if (!/^\d{3,4}$/.test(card.cvc)) return { error: { code: 'invalid_cvc', decline_code: null, message: "Your card's security code is invalid." } };
      const last4 = number.slice(-4);
      return { token: `tok_test_${last4}_${random(12)}`, card: { brand: 'visa', last4 } };
    },

    async start(input) {
      const last4 = /^tok_test_(\d{4})_\w+$/.exec(input.token ?? '')?.[1];
      if (!last4 || !byLast4.has(last4)) {
        throw new ProviderError('Unknown test card token', { code: 'token_invalid', message: 'The card could not be read. Please enter it again.' });
      }
      const id = `pi_test_${random(18)}`;
      const clientSecret = `${id}_secret_${random(24)}`;
      await deps.db.insert(testGatewayIntents).values({
        id,
        secretHash: hash(clientSecret),
        amountCents: input.amountCents,
        currency: 'usd',
        status: 'requires_confirmation',
        cardLast4: last4,
        metadata: { payment_id: String(input.paymentId), invoice_id: String(input.invoiceId), reseller_id: String(input.resellerId) },
      });
      return { kind: 'confirm', ref: id, clientSecret };
    },

    async confirm(clientSecret) {
      const row = await bySecret(clientSecret);
      if (row.status !== 'requires_confirmation') return answerOf(row);
      const scenario = byLast4.get(row.cardLast4) as Scenario;
      if (scenario.authenticate) {
        const moved = await move(row, 'requires_confirmation', { status: 'requires_action' });
        return answerOf(moved ?? row);
      }
      return finish(row, 'requires_confirmation', scenario.outcome);
    },

    async authenticate(clientSecret, approve) {
      const row = await bySecret(clientSecret);
      if (row.status !== 'requires_action') return answerOf(row);
      const scenario = byLast4.get(row.cardLast4) as Scenario;
      return finish(
        row,
        'requires_action',
        approve ? scenario.outcome : { decline: 'authentication_failed', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose another one and try again.' },
      );
    },

    async settle(payment): Promise<ProviderState> {
      const [row] = await deps.db.select().from(testGatewayIntents).where(eq(testGatewayIntents.id, payment.providerRef));
      if (!row) throw new ProviderError(`Test gateway: no intent ${payment.providerRef}`);
      return intentState(stripeShape(row) as unknown as Stripe.PaymentIntent);
    },

    async parseEvent(rawBody, headers) {
      return readIntentEvent(rawBody, headers, webhookSecret);
    },

    deliverTo(fn) {
      deliver = fn;
    },

    async settled() {
      while (onTheirWay.size) await Promise.all(onTheirWay);
    },

    stop() {
      for (const [timer, done] of timers) {
        clearTimeout(timer);
        done();
      }
      timers.clear();
    },
  };
}
