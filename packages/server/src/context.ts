import type { FastifyBaseLogger } from 'fastify';
import type { Locale, Role } from '@partner-panel/sdk';

/** What every module gets: settings, the database and the adapters, decorated on the app. */
import type { Config } from './config.js';
import type { Database, Db } from './db/index.js';
import type { Captcha } from './adapters/captcha/index.js';
import type { Mail } from './adapters/mail/index.js';
import type { Csrf } from './http/csrf.js';
import type { Security } from './http/security.js';
import type { Counters } from './http/rate-limit.js';
import type { Realtime } from './adapters/realtime/index.js';
import type { Notifier } from './modules/notifications/notifier.js';
import type { ClientPrincipal } from './modules/client-api/principal.js';
import type { Payments } from './adapters/payments/index.js';
import type { Workers } from './ops/workers.js';
import type { Lifecycle } from './ops/health.js';
import type { Queue } from './jobs/queue.js';
import type { ChargeQueues } from './modules/wallet/charge-queue.js';
import type { PriceBooks } from './modules/products/pricing.js';

/** The time source; tests replace it to drive expiry and renewals. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  secret: string;
  mail: Mail;
  captcha: Captcha;
  csrf: Csrf;
  security: Security;
  counters: Counters;
  realtime: Realtime;
  notifier: Notifier;
  payments: Payments;
  /** The durable job queue, on the same PostgreSQL: all background work (jobs/background.ts). */
  queue: Queue;
  log: FastifyBaseLogger;
  /** Background workers (the job queue, mail): readiness, metrics and shutdown read them. */
  workers: Workers;
  lifecycle: Lifecycle;
  /** The charges waiting for each busy wallet (wallet/group-commit.ts). */
  chargeQueues: ChargeQueues;
  /** The price books this app keeps between calls (products/price-cache.ts). */
  priceBooks: PriceBooks;
}

/**
 * The account behind the bearer token of a request (`id`, `email`, `name` are the account's), and
 * the person signed in, who acts for it with their role.
 */
export interface SessionReseller {
  id: number;
  email: string;
  name: string;
  status: number;
  isAdmin: boolean;
  /** The operator, the provider's own account (docs/architecture.md "The operator"). */
  isOperator: boolean;
  parentId: number | null;
  customUrl: string;
  clientId: string;
  verified: boolean;
  tokenId: number;
  personId: number;
  personEmail: string;
  personName: string;
  /** The person's language (people.locale): mail they cause to be sent to others, the PDFs they read. */
  personLocale: Locale | null;
  personTimeZone: string | null;
  role: Role;
  /** An Operations member's daily spending limit in cents; null: none. */
  dailyLimitCents: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    reseller: SessionReseller | null;
    /** The v2 client behind an access token (calls with access `client`). */
    client: ClientPrincipal | null;
    /** The Idempotency-Key record this request holds, if any. */
    idempotency: { scope: string; key: string; sealed: boolean } | null;
  }
  interface FastifyContextConfig {
    /** A v2 client API route: bad input answers HTTP 400, as the sandbox documents. */
    clientApi?: boolean;
    /** The route also reads an HTML form's body (a stock Pusher client's channel authorisation). */
    form?: boolean;
    /** The answer holds a secret: kept for an Idempotency-Key only sealed. */
    secretAnswer?: boolean;
  }
}
