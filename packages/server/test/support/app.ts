/**
 * Builds the real app on a fresh database for a test file, and gives typed access to it: the SDK's
 * own client running over app.inject (no network, no mocks), plus raw inject for exact checks.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createClient, type Client, type Envelope } from '@partner-panel/sdk';
import { afterAll } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig, type Env } from '../../src/config.js';
import type { Clock } from '../../src/context.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/modules/demo/seed.js';
import { expectLedgerBalanced, freshDatabase, type TestDatabase } from './db.js';
import { expectEventsDocumented } from './events.js';
import { closeApp } from './teardown.js';

function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** A fetch that answers from app.inject, with a cookie jar like a browser's. */
export function injectFetch(app: FastifyInstance, jar = new Map<string, string>()): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const headers = new Headers(init.headers);
    const cookies = [...jar].map(([k, v]) => `${k}=${v}`);
    if (headers.get('cookie')) cookies.push(headers.get('cookie') as string);
    if (cookies.length) headers.set('cookie', cookies.join('; '));
    const res = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url: url.pathname + url.search,
      headers: headerRecord(headers),
      ...(init.body !== undefined && init.body !== null ? { payload: init.body as string } : {}),
    });
    for (const cookie of res.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    const outHeaders = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      for (const value of Array.isArray(v) ? v : [String(v)]) outHeaders.append(k, value);
    }
    return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, { status: res.statusCode, headers: outHeaders });
  };
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
    set(d) {
      now = d.getTime();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** A new SDK client with its own cookie jar (a new "browser"). */
  client(token?: string | (() => string | undefined)): Client;
  /** Signs in and answers the token and a client using it. */
  signIn(email: string, password?: string): Promise<{ token: string; api: Client; user: Awaited<ReturnType<Client['login']>> }>;
  /** Raw inject with a valid CSRF pair and an optional bearer. */
  /** A call with a body: POST, or the method given (the webhook endpoint's DELETE). */
  post(url: string, payload?: unknown, token?: string, method?: 'POST' | 'DELETE'): Promise<{ status: number; json: Envelope }>;
  get(url: string, token?: string): Promise<{ status: number; json: Envelope }>;
  mails(to?: string): Promise<{ to: string; subject: string; kind: string; text: string; links: string[] }[]>;
}

export interface TestAppOptions extends Omit<BuildOptions, 'database'> {
  env?: Env;
  demo?: boolean;
  poolSize?: number;
  /** A database the test prepared itself (an older schema migrated on); else a copy of the template. */
  database?: TestDatabase;
}

export async function testApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await freshDatabase(options.poolSize));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://panel.test',
    DATA_DIR: '/nonexistent',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_SIGNUP_PER_IP: '1000',
    RATE_LIMIT_FORGOT_PER_IP: '1000',
    // Renewals run when a test runs them, on its clock; a minute's scheduled run would race it.
    RENEWALS_INTERVAL_SECONDS: '0',
    ...options.env,
  });
  const app = await buildApp(config, { ...options, database, logger: options.logger ?? false });
  if (options.demo !== false) await seedDemo(database.db, { partnerCreditLimitCents: config.partnerCreditLimitCents });
  await app.ready();
  afterAll(async () => {
    try {
      await expectLedgerBalanced(database);
      // Every event the file's flows wrote is what the published document says its type carries.
      await expectEventsDocumented(database);
    } finally {
      await closeApp(app);
      await database.drop();
    }
  });

  const csrfPair = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/csrf' });
    const token = (res.json() as Envelope<{ csrf_token: string }>).body.csrf_token;
    return { 'csrf-token': token, cookie: `XSRF-TOKEN=${token}` };
  };

  const client: TestApp['client'] = (token) =>
    createClient({
      fetch: injectFetch(app),
      getToken: typeof token === 'function' ? token : () => token,
      log: () => undefined,
    });

  return {
    app,
    database,
    client,
    async signIn(email, password = DEMO_PASSWORD) {
      const user = await client().login({ email, password });
      return { token: user.access_token, api: client(user.access_token), user };
    },
    async post(url, payload = {}, token, method = 'POST') {
      const res = await app.inject({
        method,
        url,
        headers: { ...(await csrfPair()), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: payload as Record<string, unknown>,
      });
      return { status: res.statusCode, json: specEnvelope(res) };
    },
    async get(url, token) {
      const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: res.statusCode, json: specEnvelope(res) };
    },
    async mails(to) {
      const res = await app.inject({ method: 'GET', url: `/dev/mail?format=json${to ? `&to=${encodeURIComponent(to)}` : ''}` });
      return (res.json() as { mails: { to: string; subject: string; kind: string; text: string; links: string[] }[] }).mails;
    },
  };
}

/**
 * The envelope as the spec's tables write it. A refusal's header also carries the request's id: it
 * is checked here, once for every refusal a test reads, to be the answer's `Request-Id`, then set
 * aside so that tests compare the spec's fields (two identical refusals differ only by their ids).
 */
export function specEnvelope(res: { json(): unknown; headers: Record<string, unknown> }): Envelope {
  const json = res.json() as Envelope & { header: { request_id?: string } };
  const requestId = res.headers['request-id'];
  if (typeof requestId !== 'string' || !/^req_[\w-]{16}$/.test(requestId)) throw new Error(`no Request-Id on the answer: ${String(requestId)}`);
  if (json.header?.status !== 'success') {
    if (json.header?.request_id !== requestId) throw new Error(`the refusal's header.request_id ${json.header?.request_id} is not its Request-Id ${requestId}`);
    const { request_id: _id, ...header } = json.header;
    return { ...json, header };
  }
  return json;
}

/** The hash at the end of the newest mailed link of a kind ('verification' or 'reset-password'). */
export async function linkHash(t: TestApp, to: string, path: 'verification' | 'reset-password'): Promise<string> {
  const mails = await t.mails(to);
  for (const mail of mails) {
    const link = mail.links.find((l) => l.includes(`/${path}/`));
    if (link) return link.split(`/${path}/`)[1] as string;
  }
  throw new Error(`no ${path} mail to ${to}`);
}
