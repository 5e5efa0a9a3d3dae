/**
 * Outgoing webhooks through HTTP against the real database and a real receiver on 127.0.0.1:
 * events written with the change they report (none for a rolled-back one), signed deliveries
 * verified with the stock `standardwebhooks` package, retries with every attempt logged, exactly
 * one accepted delivery per webhook-id, live and sandbox apart, secret rotation, test events and
 * resends, auto-disable, and the destination rules of production.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { verifyWebhook, webhookEventSchema, type InvoiceStatus, type WebhookEvent } from '@partner-panel/sdk';
import { checkDestination, isInwardAddress } from '../src/modules/webhooks/destinations.js';
import { testApp, type TestApp } from './support/app.js';
import { receiver } from './support/receiver.js';
import { partner, newUser } from './support/partner.js';
import { documentedEvents, undocumented } from './support/events.js';
import { query } from './support/sql.js';
import { unseal } from '../src/sealing.js';

/** How webhook secrets were sealed before they had a purpose of their own: the sandbox key's. */
const legacyKey = (appSecret: string) => Buffer.from(hkdfSync('sha256', appSecret, 'partner-panel', 'secret-keys/sandbox', 32));
function legacySeal(appSecret: string, bound: string, value: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', legacyKey(appSecret), iv);
  cipher.setAAD(Buffer.from(bound));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}
function legacyUnseal(appSecret: string, bound: string, sealed: string) {
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', legacyKey(appSecret), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(bound));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const env = { RATE_LIMIT_CLIENT_PER_MINUTE: '10000', RATE_LIMIT_CLIENT_TOKENS_PER_IP: '10000', WEBHOOK_RETRY_SECONDS: '0.1,0.1,0.1' };
const t = await testApp({ env });


const events = (app: TestApp, resellerId: number) =>
  query<{ type: string; mode: string }>(app, sql`select type, mode from events where reseller_id = ${resellerId} order by seq`);
/**
 * Every webhook job has run (a fanout or a delivery, retries included, is added in the transaction
 * that causes it): nothing more is sent until something new happens, and every attempt is logged.
 */
// A job being run counts until it ends: a resend's job has one attempt, already taken while it runs.
const drained = () =>
  expect
    .poll(async () => (await query<{ n: number }>(t, sql`select count(*)::int as n from graphile_worker.jobs where task_identifier like 'webhooks.%' and (locked_at is not null or attempts < max_attempts)`))[0]?.n, { timeout: 15_000, message: 'webhook jobs still to run' })
    .toBe(0);

/** A port of 127.0.0.1 nothing listens on: a connection to it is refused. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('events', () => {
  it('are written with the change they report, in its books: sandbox changes are sandbox events, live ones live', async () => {
    const p = await partner(t, 'events-books@example.com');
    const made = await p.sandbox.users.create(newUser('evbooks1'));
    await p.sandbox.users.updateEmail(made.userId, 'evbooks1-new@example.com');
    await p.sandbox.users.updateStatus(made.userId, 'suspended');
    await p.sandbox.users.updateStatus(made.userId, 'active');
    await p.sandbox.users.delete(made.userId);
    const live = await p.live.users.create(newUser('evbooks2'));

    expect(await events(t, p.id)).toEqual([
      ...['created', 'updated', 'suspended', 'enabled', 'deleted'].map((s) => ({ type: `vpn_user.${s}`, mode: 'sandbox' })),
      { type: 'vpn_user.created', mode: 'live' },
    ]);
    // The events API of each key lists its own mode only, in Stripe's shape.
    const sandboxEvents = await p.sandbox.events.list().toArray();
    expect(sandboxEvents.map((e) => e.type)).toEqual(['vpn_user.deleted', 'vpn_user.enabled', 'vpn_user.suspended', 'vpn_user.updated', 'vpn_user.created']);
    expect(sandboxEvents.every((e) => e.livemode === false && e.object === 'event' && /^evt_/.test(e.id))).toBe(true);
    expect(sandboxEvents[4]?.data.object).toMatchObject({ object: 'vpn_user', userId: made.userId, username: 'evbooks1', status: 'active' });
    const liveEvents = await p.live.events.list().toArray();
    expect(liveEvents).toHaveLength(1);
    expect(liveEvents[0]).toMatchObject({ type: 'vpn_user.created', livemode: true, data: { object: { userId: live.userId } } });
  });

  it('a refused purchase (rolled back) writes no event and sends nothing', async () => {
    const p = await partner(t, 'events-rollback@example.com', 0);
    const hook = await receiver();
    await p.live.webhookEndpoints.create({ url: hook.url });
    await expect(p.live.users.create(newUser('evrollback'))).rejects.toMatchObject({ httpStatus: 402 });
    await p.sandbox.sandbox.setBalance(0);
    await expect(p.sandbox.users.create(newUser('evrollback'))).rejects.toMatchObject({ httpStatus: 402 });
    expect(await events(t, p.id)).toEqual([]);
    await drained();
    expect(hook.received).toEqual([]);
  });

  it('lists the last 30 days with a cursor, and refuses a cursor that is not one of its events', async () => {
    const p = await partner(t, 'events-cursor@example.com');
    for (let i = 0; i < 5; i++) await p.sandbox.users.create(newUser(`evcursor${i}`));
    const first = await p.sandbox.events.list({ limit: 2 }).toArray();
    expect(first).toHaveLength(5);
    expect(new Set(first.map((e) => e.id)).size).toBe(5);
    const old = first[4]?.id as string;
    await t.database.db.execute(sql`update events set created_at = now() - interval '31 days' where id = ${old}`);
    expect((await p.sandbox.events.list().toArray()).map((e) => e.id)).not.toContain(old);
    const other = await partner(t, 'events-cursor-other@example.com');
    await expect(other.sandbox.events.list({ limit: 1 }).toArray()).resolves.toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/client/events?starting_after=${first[0]?.id}`, headers: { authorization: `Bearer ${(await other.sandbox.tokens()).AccessToken}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().header.message).toBe('starting_after names no item of this list: pass the id of the last item of the page before.');
  });
});

describe('deliveries', () => {
  it('are signed in the Standard Webhooks format: the stock package and the SDK verify every one', async () => {
    const p = await partner(t, 'hooks-signed@example.com');
    const hook = await receiver();
    const endpoint = await p.sandbox.webhookEndpoints.create({ url: hook.url, description: 'my server' });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint).toMatchObject({ mode: 'sandbox', url: hook.url, event_types: [], status: 'enabled', description: 'my server' });
    // The secret is shown only once.
    expect(JSON.stringify(await p.sandbox.webhookEndpoints.list())).not.toContain(endpoint.secret);

    const made = await p.sandbox.users.create(newUser('hooksigned'));
    await p.sandbox.users.updateStatus(made.userId, 'suspended');
    const got = await hook.waitFor(2);
    const stock = new Webhook(endpoint.secret);
    const verified = got.map((r) => stock.verify(r.body, r.headers as Record<string, string>) as WebhookEvent);
    expect(verified.map((e) => e.type)).toEqual(['vpn_user.created', 'vpn_user.suspended']);
    for (const [i, r] of got.entries()) {
      expect(r.headers['webhook-id']).toBe(verified[i]?.id);
      expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
      expect(r.headers['content-type']).toBe('application/json');
      const event = verifyWebhook(r.body, r.headers as Record<string, string>, endpoint.secret);
      expect(event).toEqual(verified[i]);
    }
    expect(verified[0]).toMatchObject({ object: 'event', livemode: false, data: { object: { object: 'vpn_user', userId: made.userId, status: 'active' } } });
    expect(verified[1]).toMatchObject({ data: { object: { userId: made.userId, status: 'suspended' } } });
    // What is delivered is what the published document and the SDK's schema say, created_at included.
    const documented = documentedEvents();
    const { created_at } = await p.sandbox.users.get(made.userId);
    for (const event of verified) {
      expect(undocumented(documented, event)).toBeNull();
      expect(webhookEventSchema.parse(event)).toEqual(event);
      if (event.type === 'vpn_user.created' || event.type === 'vpn_user.suspended') expect(event.data.object.created_at).toBe(created_at);
    }
    // The SDK's type narrows by `type`: each event's object is its type's (inferred from the contract).
    expectTypeOf<Extract<WebhookEvent, { type: 'vpn_user.suspended' }>['data']['object']['created_at']>().toEqualTypeOf<string>();
    expectTypeOf<Extract<WebhookEvent, { type: 'invoice.created' | 'invoice.paid' | 'invoice.cancelled' }>['data']['object']['status']>().toEqualTypeOf<InvoiceStatus>();
    expectTypeOf<InvoiceStatus>().toEqualTypeOf<'pending' | 'unpaid' | 'paid' | 'cancelled'>();

    // Anything altered, or signed with another secret, is refused.
    const [first] = got;
    expect(() => stock.verify(first?.body.replace('hooksigned', 'hooksigneD') ?? '', first?.headers as Record<string, string>)).toThrow();
    expect(() => verifyWebhook(first?.body ?? '', first?.headers as Record<string, string>, `whsec_${Buffer.alloc(24, 7).toString('base64')}`)).toThrow();
  });

  it('sandbox and live never cross: each endpoint gets only its own mode, and an event type filter holds', async () => {
    const p = await partner(t, 'hooks-modes@example.com');
    const liveHook = await receiver();
    const sandboxHook = await receiver();
    const onlySuspended = await receiver();
    await p.live.webhookEndpoints.create({ url: liveHook.url });
    await p.sandbox.webhookEndpoints.create({ url: sandboxHook.url });
    await p.sandbox.webhookEndpoints.create({ url: onlySuspended.url, event_types: ['vpn_user.suspended'] });
    // A sandbox key sees only sandbox endpoints.
    expect((await p.sandbox.webhookEndpoints.list()).map((e) => e.url).sort()).toEqual([sandboxHook.url, onlySuspended.url].sort());
    expect((await p.live.webhookEndpoints.list()).map((e) => e.url)).toEqual([liveHook.url]);

    const s = await p.sandbox.users.create(newUser('hookmodes1'));
    await p.sandbox.users.updateStatus(s.userId, 'suspended');
    await p.live.users.create(newUser('hookmodes2'));
    await sandboxHook.waitFor(2);
    await liveHook.waitFor(1);
    await onlySuspended.waitFor(1);
    await drained();
    expect(liveHook.received.map((r) => JSON.parse(r.body))).toMatchObject([{ type: 'vpn_user.created', livemode: true, data: { object: { username: 'hookmodes2' } } }]);
    expect(sandboxHook.received.map((r) => JSON.parse(r.body).type)).toEqual(['vpn_user.created', 'vpn_user.suspended']);
    expect(sandboxHook.received.every((r) => JSON.parse(r.body).livemode === false)).toBe(true);
    expect(onlySuspended.received.map((r) => JSON.parse(r.body).type)).toEqual(['vpn_user.suspended']);

    // A sandbox key cannot reach a live endpoint by id.
    const liveId = (await p.live.webhookEndpoints.list())[0]?.id as number;
    await expect(p.sandbox.webhookEndpoints.sendTest(liveId)).rejects.toMatchObject({ httpStatus: 404, message: 'Webhook endpoint not found.' });
    await expect(p.sandbox.webhookEndpoints.delete(liveId)).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('retries a receiver that answers 500 three times: one accepted delivery by webhook-id, every attempt logged', async () => {
    const p = await partner(t, 'hooks-retry@example.com');
    const hook = await receiver();
    hook.answer(500, 500, { status: 500, body: 'x'.repeat(5000) }, 200);
    const endpoint = await p.sandbox.webhookEndpoints.create({ url: hook.url });
    await p.sandbox.users.create(newUser('hookretry'));
    const got = await hook.waitFor(4);
    await drained();
    expect(got).toHaveLength(4);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(got.filter((r) => r.status === 200)).toHaveLength(1);
    // Each attempt is signed afresh, and each verifies.
    for (const r of got) expect(() => new Webhook(endpoint.secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();

    const [delivery] = await p.sandbox.webhookEndpoints.deliveries(endpoint.id).toArray();
    expect(delivery).toMatchObject({ event_type: 'vpn_user.created', status: 'succeeded', next_attempt_at: null, event_id: got[0]?.headers['webhook-id'] });
    expect(delivery?.attempts.map((a) => a.status_code)).toEqual([500, 500, 500, 200]);
    expect(delivery?.attempts[0]?.response).toBe('not now');
    expect(delivery?.attempts[2]?.response).toBe('x'.repeat(1024));
    expect(delivery?.attempts[3]?.response).toBe('ok');
    expect(delivery?.attempts.every((a) => a.latency_ms >= 0 && !Number.isNaN(Date.parse(a.attempted_at)))).toBe(true);
  });

  it('keeps the order of one VPN user\'s events while an earlier one is retried', async () => {
    const p = await partner(t, 'hooks-order@example.com');
    const hook = await receiver();
    hook.answer(500, 500);
    await p.sandbox.webhookEndpoints.create({ url: hook.url });
    const u = await p.sandbox.users.create(newUser('hookorder'));
    await p.sandbox.users.updateEmail(u.userId, 'hookorder-2@example.com');
    await p.sandbox.users.updateStatus(u.userId, 'suspended');
    await hook.waitFor(5);
    await drained();
    const accepted = hook.received.filter((r) => r.status === 200).map((r) => JSON.parse(r.body).type);
    expect(accepted).toEqual(['vpn_user.created', 'vpn_user.updated', 'vpn_user.suspended']);
  });

  it('fans the events of one subject out one at a time, in a queue of that subject; an event of none in no queue', async () => {
    // Run side by side, a later event's fan-out could queue its delivery ahead of an earlier one's.
    // Each event's fan-out job, as its insert's trigger adds it in the writing transaction (rolled back).
    const p = await partner(t, 'hooks-fanout-queue@example.com');
    const hook = await receiver();
    await p.sandbox.webhookEndpoints.create({ url: hook.url });
    const [account] = await query<{ id: number }>(t, sql`select id from resellers where email = 'hooks-fanout-queue@example.com'`);
    let queued: unknown;
    const rolledBack = new Error('rolled back');
    const ended = await t.database.db
      .transaction(async (tx) => {
        const ids = ['evt_fanoutqueue1', 'evt_fanoutqueue2', 'evt_fanoutqueue3'];
        const subjects = ['vpn_user:9001', 'vpn_user:9001', null];
        for (const [i, id] of ids.entries()) {
          await tx.execute(sql`insert into events (id, reseller_id, mode, type, subject, data) values (${id}, ${account?.id}, 'sandbox', 'vpn_user.deleted', ${subjects[i] ?? null}, '{}'::jsonb)`);
        }
        // (graphile-worker's jobs view shows no payload: its tables, as 0.17 lays them out.)
        const jobs = await tx.execute(sql`select j.payload->>'event' as event, q.queue_name from graphile_worker._private_jobs j
          join graphile_worker._private_tasks k on k.id = j.task_id left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
          where k.identifier = 'webhooks.fanout' and j.payload->>'event' in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
        const byEvent = new Map((jobs.rows as { event: string; queue_name: string | null }[]).map((j) => [j.event, j.queue_name]));
        queued = ids.map((id) => byEvent.get(id));
        throw rolledBack;
      })
      .catch((e: unknown) => e);
    expect(ended).toBe(rolledBack);
    expect(queued).toEqual(['fanout:vpn_user:9001', 'fanout:vpn_user:9001', null]);
  });

  it('rotates the secret: for 24 hours both secrets sign, so a receiver on either verifies', async () => {
    const p = await partner(t, 'hooks-rotate@example.com');
    const hook = await receiver();
    const endpoint = await p.sandbox.webhookEndpoints.create({ url: hook.url });
    const rotated = await p.sandbox.webhookEndpoints.rotateSecret(endpoint.id);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.secret_rotating_until ?? '') - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    await p.sandbox.users.create(newUser('hookrotate'));
    const [r] = await hook.waitFor(1);
    expect(String(r?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(endpoint.secret).verify(r?.body ?? '', r?.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(rotated.secret).verify(r?.body ?? '', r?.headers as Record<string, string>)).not.toThrow();
    // Once the overlap is over, only the new secret signs.
    await t.database.db.execute(sql`update webhook_endpoints set previous_expires_at = now() - interval '1 second' where id = ${endpoint.id}`);
    await p.sandbox.users.create(newUser('hookrotate2'));
    const [, second] = await hook.waitFor(2);
    expect(String(second?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(endpoint.secret).verify(second?.body ?? '', second?.headers as Record<string, string>)).toThrow();
  });

  it('seals its secret under a purpose of its own; a secret sealed before, under the sandbox key\'s purpose, still signs', async () => {
    const p = await partner(t, 'hooks-sealed@example.com');
    const hook = await receiver();
    const endpoint = await p.sandbox.webhookEndpoints.create({ url: hook.url });
    const [row] = await query<{ reseller_id: number; secret_sealed: string }>(t, sql`select reseller_id, secret_sealed from webhook_endpoints where id = ${endpoint.id}`);
    const bound = `reseller:${row?.reseller_id}`;
    expect(unseal(t.app.ctx.secret, 'webhookSecret', bound, row?.secret_sealed ?? '')).toBe(endpoint.secret);
    expect(legacyUnseal(t.app.ctx.secret, bound, row?.secret_sealed ?? '')).toBeNull();
    // An endpoint made before: its secret sealed as sandbox keys are.
    await t.database.db.execute(sql`update webhook_endpoints set secret_sealed = ${legacySeal(t.app.ctx.secret, bound, endpoint.secret)} where id = ${endpoint.id}`);
    await p.sandbox.webhookEndpoints.sendTest(endpoint.id);
    const [r] = await hook.waitFor(1);
    expect(String(r?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(endpoint.secret).verify(r?.body ?? '', r?.headers as Record<string, string>)).not.toThrow();
  });

  it('sends a test event and resends a delivery with the same webhook-id; a disabled endpoint gets nothing', async () => {
    const p = await partner(t, 'hooks-test@example.com');
    const hook = await receiver();
    const endpoint = await p.sandbox.webhookEndpoints.create({ url: hook.url });
    await p.sandbox.webhookEndpoints.sendTest(endpoint.id);
    const [test] = await hook.waitFor(1);
    expect(JSON.parse(test?.body ?? '{}')).toMatchObject({ type: 'webhook.test', data: { object: { object: 'webhook_endpoint', id: endpoint.id } } });
    // A test event is not one of the events API's.
    expect(await p.sandbox.events.list().toArray()).toEqual([]);

    const [delivery] = await p.sandbox.webhookEndpoints.deliveries(endpoint.id).toArray();
    await p.sandbox.webhookEndpoints.resend(delivery?.id as number);
    const [, again] = await hook.waitFor(2);
    expect(again?.headers['webhook-id']).toBe(test?.headers['webhook-id']);
    await drained();
    expect((await p.sandbox.webhookEndpoints.deliveries(endpoint.id).toArray())[0]?.attempts).toHaveLength(2);

    const off = await p.sandbox.webhookEndpoints.update({ endpointId: endpoint.id, status: 'disabled' });
    expect(off).toMatchObject({ status: 'disabled', disabled_reason: 'disabled by you' });
    await p.sandbox.users.create(newUser('hooktestoff'));
    await expect(p.sandbox.webhookEndpoints.sendTest(endpoint.id)).rejects.toMatchObject({ httpStatus: 409, message: 'This webhook endpoint is disabled. Enable it first.' });
    await drained();
    expect(hook.received).toHaveLength(2);
  });

  it('a failed test event is Failed in the log, and the list shows the endpoint failing until one is accepted', async () => {
    const p = await partner(t, 'hooks-test-failed@example.com');
    const closed = await closedPort();
    const endpoint = await p.sandbox.webhookEndpoints.create({ url: `http://127.0.0.1:${closed}/hook` });
    expect(endpoint.failing_since).toBeNull();
    await p.sandbox.webhookEndpoints.sendTest(endpoint.id);
    await expect.poll(async () => (await p.sandbox.webhookEndpoints.deliveries(endpoint.id).toArray())[0]?.status).toBe('failed');
    const [delivery] = await p.sandbox.webhookEndpoints.deliveries(endpoint.id).toArray();
    expect(delivery).toMatchObject({ event_type: 'webhook.test', next_attempt_at: null, attempts: [{ status_code: null }] });
    const [listed] = await p.sandbox.webhookEndpoints.list();
    expect(listed).toMatchObject({ id: endpoint.id, status: 'enabled' });
    expect(listed?.failing_since).toBe(delivery?.attempts[0]?.attempted_at);

    // Pointed at a receiver that answers, the resend is accepted: no longer failing.
    const hook = await receiver();
    await p.sandbox.webhookEndpoints.update({ endpointId: endpoint.id, url: hook.url });
    await p.sandbox.webhookEndpoints.resend(delivery?.id as number);
    await hook.waitFor(1);
    await expect.poll(async () => (await p.sandbox.webhookEndpoints.deliveries(endpoint.id).toArray())[0]?.status).toBe('succeeded');
    expect((await p.sandbox.webhookEndpoints.list())[0]?.failing_since).toBeNull();
  });

  it('disables an endpoint that fails through every retry, and tells the reseller in the panel and by mail', async () => {
    const p = await partner(t, 'hooks-disable@example.com');
    const hook = await receiver();
    hook.answer(...Array<number>(10).fill(503));
    const endpoint = await p.live.webhookEndpoints.create({ url: hook.url });
    await p.live.users.create(newUser('hookdisable'));
    await hook.waitFor(4);
    await drained();
    const [after] = await p.live.webhookEndpoints.list();
    expect(after).toMatchObject({ id: endpoint.id, status: 'disabled', disabled_reason: 'failing' });
    const [delivery] = await p.live.webhookEndpoints.deliveries(endpoint.id).toArray();
    expect(delivery).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(delivery?.attempts.map((a) => a.status_code)).toEqual([503, 503, 503, 503]);
    const notices = await query<{ type: string; message: string }>(t, sql`select type, message from notifications where reseller_id = ${p.id} and type = 'webhook_disabled'`);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toMatch(new RegExp(`^Your live webhook endpoint ${hook.url.replace(/[.]/g, '\\.')} was disabled: it has accepted no delivery since `));
    const mails = (await t.mails('hooks-disable@example.com')).filter((m) => m.kind === 'webhook_disabled');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('A webhook endpoint was disabled');
  });
});

describe('endpoints', () => {
  it('refuse what is not a URL (400, as every bad input of the v2 API), unknown event types; at most 16 per mode', async () => {
    const p = await partner(t, 'hooks-input@example.com');
    const token = (await p.sandbox.tokens()).AccessToken;
    const post = async (payload: unknown) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/client/webhook-endpoints/create', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      return { status: res.statusCode, message: res.json().header.message as string };
    };
    expect(await post({ url: '   ' })).toEqual({ status: 400, message: 'Please enter the URL of your webhook endpoint.' });
    expect(await post({ url: 'not a url' })).toEqual({ status: 400, message: 'The URL must be a full http:// or https:// address, without a user name or password.' });
    expect(await post({ url: 'ftp://example.com/x' })).toMatchObject({ status: 400 });
    expect(await post({ url: 'https://user:pw@example.com/x' })).toMatchObject({ status: 400 });
    expect(await post({ url: 'https://example.com/x', event_types: ['vpn_user.exploded'] })).toMatchObject({ status: 400, message: expect.stringContaining('event_types may hold only') });
    expect(await post({ url: `https://example.com/${'x'.repeat(3000)}` })).toEqual({ status: 400, message: 'The URL of a webhook endpoint may not be longer than 2,048 characters.' });
    for (let i = 0; i < 16; i++) expect((await post({ url: `http://127.0.0.1:9/${i}` })).status).toBe(201);
    expect(await post({ url: 'http://127.0.0.1:9/17' })).toEqual({ status: 409, message: 'You can keep at most 16 webhook endpoints per mode. Delete one first.' });
  });

  it('the portal manages both modes of its own endpoints, and no one else\'s', async () => {
    const a = await partner(t, 'hooks-portal-a@example.com');
    const b = await partner(t, 'hooks-portal-b@example.com');
    const made = await a.api.createWebhookEndpoint({ url: 'http://127.0.0.1:9/portal', mode: 'sandbox', event_types: ['vpn_user.created'] });
    expect(made).toMatchObject({ mode: 'sandbox', event_types: ['vpn_user.created'] });
    expect(made.secret).toMatch(/^whsec_/);
    expect(await a.api.listWebhookEndpoints({ mode: 'sandbox' })).toHaveLength(1);
    expect(await a.api.listWebhookEndpoints({})).toHaveLength(0);
    await expect(b.api.updateWebhookEndpoint({ endpointId: made.id, status: 'disabled' })).rejects.toMatchObject({ httpStatus: 404 });
    await expect(b.api.rotateWebhookSecret({ endpointId: made.id })).rejects.toMatchObject({ httpStatus: 404 });
    const updated = await a.api.updateWebhookEndpoint({ endpointId: made.id, event_types: [] });
    expect(updated.event_types).toEqual([]);
    expect(await a.api.deleteWebhookEndpoint({ endpointId: made.id })).toEqual({ id: made.id, deleted: true });
    expect(await a.api.listWebhookEndpoints({ mode: 'sandbox' })).toEqual([]);
  });
});

describe('destinations in production', async () => {
  const prod = await testApp({ env: { ...env, WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'false' } });
  const special = 'This URL reaches a private, loopback, link-local or other special-purpose address, which webhooks may not reach on this server.';

  // Every special-purpose range of IANA's IPv4 and IPv6 registries, in the forms a URL may write it
  // (the URL parser turns decimal, octal, hex and short IPv4 into dotted quads), and public ones.
  const urlForms: [url: string, refused: boolean, what: string][] = [
    ['https://127.0.0.1/x', true, 'loopback'],
    ['https://2130706433/x', true, 'loopback as one decimal number'],
    ['https://0x7f000001/x', true, 'loopback in hex'],
    ['https://017700000001/x', true, 'loopback in octal'],
    ['https://0x7f.1/x', true, 'loopback, hex and short'],
    ['https://127.1/x', true, 'loopback, short'],
    ['https://0/x', true, 'this network'],
    ['https://0.1.2.3/x', true, 'this network'],
    ['https://10.0.0.1/x', true, 'private 10/8'],
    ['https://172.31.255.255/x', true, 'private 172.16/12'],
    ['https://192.168.1.1/x', true, 'private 192.168/16'],
    ['https://100.64.0.1/x', true, 'shared CGNAT 100.64/10'],
    ['https://100.100.100.200/x', true, 'shared CGNAT (a cloud metadata address)'],
    ['https://169.254.169.254/x', true, 'link-local (the cloud metadata address)'],
    ['https://192.0.0.8/x', true, 'IETF protocol assignments'],
    ['https://192.0.2.1/x', true, 'TEST-NET-1'],
    ['https://198.51.100.7/x', true, 'TEST-NET-2'],
    ['https://203.0.113.9/x', true, 'TEST-NET-3'],
    ['https://198.18.0.1/x', true, 'benchmarking 198.18/15'],
    ['https://198.19.255.1/x', true, 'benchmarking 198.18/15'],
    ['https://240.0.0.1/x', true, 'reserved 240/4'],
    ['https://255.255.255.255/x', true, 'broadcast'],
    ['https://224.0.0.1/x', true, 'multicast'],
    ['https://[::]/x', true, 'IPv6 unspecified'],
    ['https://[::1]/x', true, 'IPv6 loopback'],
    ['https://[::127.0.0.1]/x', true, 'IPv4-compatible loopback'],
    ['https://[::a9fe:a9fe]/x', true, 'IPv4-compatible link-local'],
    ['https://[::ffff:127.0.0.1]/x', true, 'IPv4-mapped loopback'],
    ['https://[::ffff:a9fe:a9fe]/x', true, 'IPv4-mapped link-local'],
    ['https://[::ffff:0:10.0.0.1]/x', true, 'IPv4-translated private'],
    ['https://[64:ff9b::10.0.0.1]/x', true, 'NAT64 of a private address'],
    ['https://[64:ff9b:1::a00:1]/x', true, 'local-use NAT64 64:ff9b:1::/48'],
    ['https://[100::1]/x', true, 'discard-only 100::/64'],
    ['https://[100:0:0:1::1]/x', true, 'dummy prefix 100:0:0:1::/64'],
    ['https://[2001::1]/x', true, 'Teredo 2001::/32'],
    ['https://[2001:2::1]/x', true, 'benchmarking 2001:2::/48'],
    ['https://[2001:10::1]/x', true, 'ORCHID'],
    ['https://[2001:20::1]/x', true, 'ORCHIDv2'],
    ['https://[2001:db8::1]/x', true, 'documentation 2001:db8::/32'],
    ['https://[3fff::1]/x', true, 'documentation 3fff::/20'],
    ['https://[2002:7f00:1::1]/x', true, '6to4 of loopback'],
    ['https://[2002:c0a8:101::1]/x', true, '6to4 of a private address'],
    ['https://[fc00::1]/x', true, 'unique-local'],
    ['https://[fd00:ec2::254]/x', true, 'unique-local (a cloud metadata address)'],
    ['https://[fec0::1]/x', true, 'site-local'],
    ['https://[fe80::1]/x', true, 'link-local'],
    ['https://[ff02::1]/x', true, 'multicast'],
    ['https://[4000::1]/x', true, 'outside the global unicast space'],
    ['https://93.184.215.14/hook', false, 'public IPv4'],
    ['https://134744072/x', false, 'public IPv4 as one decimal number (8.8.8.8)'],
    ['https://1.1.1.1/x', false, 'public IPv4'],
    ['https://[2606:4700:4700::1111]/x', false, 'public IPv6'],
    ['https://[2001:4860:4860::8888]/x', false, 'public IPv6'],
    ['https://[::ffff:8.8.8.8]/x', false, 'IPv4-mapped public'],
    ['https://[64:ff9b::8.8.8.8]/x', false, 'NAT64 of a public address'],
    ['https://[2002:808:808::1]/x', false, '6to4 of a public address'],
  ];

  it('refuses every special-purpose address written in the URL, in any form, and takes public ones', async () => {
    const p = await partner(prod, 'hooks-prod-forms@example.com');
    const token = (await p.live.tokens()).AccessToken;
    const seen: [string, string | null][] = [];
    for (const [url, refused] of urlForms) {
      const res = await prod.app.inject({ method: 'POST', url: '/api/v2/client/webhook-endpoints/create', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: { url } });
      const answer = res.json();
      if (res.statusCode === 201) await p.live.webhookEndpoints.delete(answer.body.id);
      else expect(answer.body, url).toEqual({ errors: { url: [special] } });
      seen.push([url, res.statusCode === 201 ? null : answer.header.message]);
      expect(res.statusCode, url).toBe(refused ? 400 : 201);
    }
    expect(seen).toEqual(urlForms.map(([url, refused]) => [url, refused ? special : null]));
    expect(await p.live.webhookEndpoints.list()).toEqual([]);
  });

  it('refuses a name whose addresses include any special-purpose one, as a lookup answers them', async () => {
    const resolvedTo = (...addresses: string[]) => () => Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    const resolved: [addresses: string[], problem: 'address' | 'resolve' | null][] = [
      [['127.0.0.1'], 'address'],
      [['::1'], 'address'],
      [['::ffff:127.0.0.1'], 'address'],
      [['::ffff:7f00:1'], 'address'],
      [['::7f00:1'], 'address'],
      [['fe80::1%eth0'], 'address'],
      [['fe80::1%2'], 'address'],
      [['10.1.2.3'], 'address'],
      [['169.254.169.254'], 'address'],
      [['64:ff9b::a9fe:a9fe'], 'address'],
      [['2002:a9fe:a9fe::'], 'address'],
      [['fd00:ec2::254'], 'address'],
      [['0.0.0.0'], 'address'],
      [['192.0.2.10'], 'address'],
      [['2001:db8::10'], 'address'],
      [['93.184.215.14', '10.0.0.5'], 'address'],
      [['2606:4700::1111', 'fc00::5'], 'address'],
      [['93.184.215.14'], null],
      [['2606:4700::1111'], null],
      [['8.8.8.8', '2001:4860:4860::8888'], null],
      [[], 'resolve'],
    ];
    for (const [addresses, problem] of resolved) {
      expect(await checkDestination('https://hooks.example.com/x', false, resolvedTo(...addresses)), addresses.join(', ')).toBe(problem);
    }
    // What is not an address is never let through as one.
    for (const text of ['localhost', '', 'example.com', '1.2.3.4.5', '::g']) expect(isInwardAddress(text), text).toBe(true);
  });

  it('refuses a test event, and a resend, to a URL the rule refuses: the reason, and nothing written', async () => {
    const p = await partner(prod, 'hooks-prod-test@example.com');
    const endpoint = await p.live.webhookEndpoints.create({ url: 'https://93.184.215.14/hook' });
    // Made under other rules (or before a change of DNS): the stored URL now points inward.
    await prod.database.db.execute(sql`update webhook_endpoints set url = 'https://[::127.0.0.1]/hook' where id = ${endpoint.id}`);
    await expect(p.live.webhookEndpoints.sendTest(endpoint.id)).rejects.toMatchObject({ httpStatus: 400, code: 'rspf-webhook-4204', message: special });
    await expect(p.api.testWebhookEndpoint({ endpointId: endpoint.id })).rejects.toMatchObject({ httpStatus: 422, code: 'rspf-webhook-4204', message: special });
    await prod.database.db.execute(sql`update webhook_endpoints set url = 'http://example.com/hook' where id = ${endpoint.id}`);
    await expect(p.live.webhookEndpoints.sendTest(endpoint.id)).rejects.toMatchObject({ code: 'rspf-webhook-4203', message: 'Webhook URLs must start with https:// on this server.' });
    expect(await query(prod, sql`select id from webhook_deliveries where endpoint_id = ${endpoint.id}`)).toEqual([]);
    expect(await query(prod, sql`select id from events where reseller_id = ${p.id}`)).toEqual([]);

    // A delivery made while the URL was fine is not resent to it now.
    await prod.database.db.execute(sql`update webhook_endpoints set url = 'https://93.184.215.14/hook' where id = ${endpoint.id}`);
    await prod.database.db.execute(sql`insert into events (id, reseller_id, mode, type, data) values ('evt_prodtestresend0000001', ${p.id}, 'live', 'webhook.test', ${JSON.stringify({ object: { object: 'webhook_endpoint', id: endpoint.id, url: 'https://93.184.215.14/hook' } })}::jsonb)`);
    const [made] = await query<{ id: number }>(prod, sql`insert into webhook_deliveries (endpoint_id, event_id, status) values (${endpoint.id}, 'evt_prodtestresend0000001', 'failed') returning id`);
    await prod.database.db.execute(sql`update webhook_endpoints set url = 'https://[fec0::1]/hook' where id = ${endpoint.id}`);
    const jobs = async () => (await query<{ n: number }>(prod, sql`select count(*)::int as n from graphile_worker._private_jobs where payload->>'delivery' = ${String(made?.id)}`))[0]?.n;
    await expect(p.live.webhookEndpoints.resend(Number(made?.id))).rejects.toMatchObject({ code: 'rspf-webhook-4204', message: special });
    expect(await jobs()).toBe(0);
    // The endpoint is as it was: enabled, and not failing, since nothing was tried.
    expect(await p.live.webhookEndpoints.list()).toMatchObject([{ id: endpoint.id, status: 'enabled', failing_since: null }]);
  });

  it('https only, and never a loopback, private or link-local address, at creation', async () => {
    const p = await partner(prod, 'hooks-prod@example.com');
    const refused = async (url: string) => p.live.webhookEndpoints.create({ url }).then(
      () => null,
      (error: { message: string }) => error.message,
    );
    expect(await refused('http://example.com/hook')).toBe('Webhook URLs must start with https:// on this server.');
    const inward = 'This URL reaches a private, loopback, link-local or other special-purpose address, which webhooks may not reach on this server.';
    for (const url of ['https://127.0.0.1/x', 'https://localhost/x', 'https://10.1.2.3/x', 'https://192.168.0.10/x', 'https://172.16.5.5/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://[fe80::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://0.0.0.0/x']) {
      expect(await refused(url)).toBe(inward);
    }
    expect(await refused('https://no-such-host.invalid/x')).toBe('The host name of this URL could not be found. Check the address.');
    expect(await refused('https://93.184.215.14/hook')).toBeNull();
  });

  it('re-checks the address at every delivery: a name that now resolves inward gets nothing', async () => {
    const p = await partner(prod, 'hooks-prod-rebind@example.com');
    const hook = await receiver();
    const endpoint = await p.live.webhookEndpoints.create({ url: 'https://93.184.215.14/hook' });
    // As if its DNS now pointed home: the stored URL is a name resolving to loopback.
    await prod.database.db.execute(sql`update webhook_endpoints set url = ${hook.url.replace('http://127.0.0.1', 'https://localhost')} where id = ${endpoint.id}`);
    // A test is refused before anything is sent (below); an event's delivery meets the check of the connection itself.
    await p.live.users.create(newUser('hookrebind'));
    await expect.poll(async () => (await p.live.webhookEndpoints.deliveries(endpoint.id).toArray())[0]?.status).toBe('failed');
    expect(hook.received).toEqual([]);
    const [delivery] = await p.live.webhookEndpoints.deliveries(endpoint.id).toArray();
    expect(delivery?.attempts).toHaveLength(4);
    for (const attempt of delivery?.attempts ?? []) expect(attempt).toMatchObject({ status_code: null, response: expect.stringContaining('which webhooks may not reach') });
  });
});

describe('the retry schedule', async () => {
  const slow = await testApp({ env: { ...env, WEBHOOK_RETRY_SECONDS: '5,5', WEBHOOK_TIMEOUT_SECONDS: '1' } });

  /**
   * A receiver that answers after `delayMs`, or never (null), or sends its status and then no body
   * ('stall'): its connections end with the file.
   */
  async function lateReceiver(delayMs: number | null | 'stall', status = 500) {
    const server = createServer((req, res) => {
      req.resume();
      if (delayMs === 'stall') res.writeHead(status, { 'content-length': '100' }).write('half');
      else if (delayMs !== null) setTimeout(() => res.writeHead(status).end('late'), delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    afterAll(() => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  }

  it('waits the configured delay after every kind of failure, counted from when the attempt ended: a timeout, a refused connection, a slow 500, a body that never ends', async () => {
    const p = await partner(slow, 'hooks-schedule@example.com');
    const urls = {
      timeout: await lateReceiver(null),
      refused: `http://127.0.0.1:${await closedPort()}/hook`,
      slow500: await lateReceiver(600),
      stalled503: await lateReceiver('stall', 503),
    };
    const ids = Object.fromEntries(await Promise.all(Object.entries(urls).map(async ([kind, url]) => [kind, (await p.sandbox.webhookEndpoints.create({ url })).id] as const)));
    await p.sandbox.users.create(newUser('hookschedule'));

    for (const [kind, endpointId] of Object.entries(ids)) {
      await expect.poll(async () => (await p.sandbox.webhookEndpoints.deliveries(endpointId).toArray())[0]?.attempts.length, { timeout: 15_000 }).toBe(1);
      const [delivery] = await p.sandbox.webhookEndpoints.deliveries(endpointId).toArray();
      const attempt = delivery?.attempts[0];
      expect(delivery?.status, kind).toBe('pending');
      // An answer cut off by the timeout is no answer.
      expect(attempt?.status_code, kind).toBe(kind === 'slow500' ? 500 : null);
      if (kind === 'timeout' || kind === 'stalled503') {
        expect(attempt?.response, kind).toBe('no answer within 1 s');
        // The attempt lasted the timeout (the loop's clock may fire a timer a hair early).
        expect(attempt?.latency_ms, kind).toBeGreaterThanOrEqual(900);
      }
      const [job] = await query<{ run_at: Date | string }>(slow, sql`select run_at from graphile_worker._private_jobs where payload->>'delivery' = ${String(delivery?.id)}`);
      expect(new Date(job?.run_at ?? '').toISOString(), kind).toBe(delivery?.next_attempt_at);
      // The wait (5 s) starts when the attempt ended (its start plus its latency), never before. Both
      // are whole milliseconds (the start cut, the latency rounded), so their sum may pass the true end by 1 ms.
      const ended = Date.parse(attempt?.attempted_at ?? '') + Number(attempt?.latency_ms);
      const wait = Date.parse(delivery?.next_attempt_at ?? '') - ended;
      expect(wait, kind).toBeGreaterThanOrEqual(4999);
      expect(wait, kind).toBeLessThan(6000);
    }
  });
});
