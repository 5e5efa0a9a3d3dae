/**
 * Delivering events to endpoints, on the job queue. An event's fan-out job makes one delivery per
 * endpoint that wants it and queues it; a delivery job makes one signed POST (Standard Webhooks,
 * signed by the `standardwebhooks` package), logs the attempt, and on failure queues the next on
 * the retry schedule. Deliveries about one VPN user reach an endpoint in the order of the events:
 * one waits while an earlier one of the same user is still being retried. A delivery that fails
 * through the whole schedule while the endpoint has not accepted anything since disables it, and
 * the reseller is told in the panel and by mail.
 */
import http from 'node:http';
import https from 'node:https';
import { sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { Webhook } from 'standardwebhooks';
import { WEBHOOKS, WEBHOOK_TEST_EVENT, notice } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { transact } from '../../db/unit.js';
import { addJob } from '../../jobs/queue.js';
import { webhookDisabledMail } from '../../adapters/mail/templates.js';
import { ownerLocale } from '../auth/people.js';
import { FANOUT_TASK } from '../events/record.js';
import { guardedLookup, isAddressLiteral, isInwardAddress } from './destinations.js';
import { openSecret } from './secrets.js';

export const DELIVER_TASK = 'webhooks.deliver';

type Ctx = Pick<AppContext, 'db' | 'config' | 'secret' | 'log' | 'notifier' | 'mail'>;

export interface EventRow {
  id: string;
  seq: number;
  reseller_id: number;
  mode: string;
  type: string;
  subject: string | null;
  data: { object: Record<string, unknown> };
  created_at: Date | string;
}

/** An event as receivers and the events API see it (Stripe's shape). */
export function presentEvent(e: Pick<EventRow, 'id' | 'type' | 'mode' | 'data' | 'created_at'>) {
  return {
    id: e.id,
    object: 'event' as const,
    type: e.type,
    created: Math.floor(new Date(e.created_at).getTime() / 1000),
    livemode: e.mode === 'live',
    data: e.data,
  };
}

/** Deliveries about one subject to one endpoint share a queue: they run one at a time, in order. */
const queueOf = (endpointId: number, subject: string | null) => (subject ? `webhooks:${endpointId}:${subject}` : undefined);

/** Makes the event's deliveries (once each) and queues them, in one transaction. */
async function fanout(ctx: Ctx, eventId: string) {
  await transact(ctx, async (unit) => {
    const made = await rows<{ id: number; endpoint_id: number; subject: string | null }>(
      unit.tx,
      sql`insert into webhook_deliveries (endpoint_id, event_id)
          select w.id, e.id from events e
          join webhook_endpoints w on w.reseller_id = e.reseller_id and w.mode = e.mode and w.status = 'enabled'
            and (jsonb_array_length(w.event_types) = 0 or w.event_types ? e.type)
          where e.id = ${eventId}
          on conflict (endpoint_id, event_id) do nothing
          returning id, endpoint_id, (select subject from events where id = ${eventId}) as subject`,
    );
    for (const d of made) {
      const queue = queueOf(Number(d.endpoint_id), d.subject);
      await addJob(unit.tx, DELIVER_TASK, { delivery: Number(d.id) }, { ...(queue ? { queue } : {}), maxAttempts: 5 });
    }
  });
}

interface Attempt {
  statusCode: number | null;
  response: string;
  latencyMs: number;
}

/** One POST with a timeout; keeps the first kilobyte of the answer, or why there was none. */
function post(target: URL, body: string, headers: Record<string, string>, timeoutMs: number, guard: boolean): Promise<Attempt> {
  const started = performance.now();
  const done = (statusCode: number | null, response: string): Attempt => ({ statusCode, response, latencyMs: Math.round(performance.now() - started) });
  // An address in the URL is connected to without a lookup: it is checked here instead.
  if (guard && isAddressLiteral(target.hostname) && isInwardAddress(target.hostname)) {
    return Promise.resolve(done(null, `${target.hostname} is an address webhooks may not reach`));
  }
  return new Promise((resolve) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        ...(guard ? { lookup: guardedLookup as never } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          clearTimeout(timer);
          resolve(done(res.statusCode ?? null, Buffer.concat(chunks).subarray(0, WEBHOOKS.responseLogBytes).toString('utf8')));
        };
        res.on('data', (chunk: Buffer) => {
          if (size >= WEBHOOKS.responseLogBytes) return;
          chunks.push(chunk);
          size += chunk.length;
          // Enough of the answer: the rest is not read.
          if (size >= WEBHOOKS.responseLogBytes) {
            res.destroy();
            finish();
          }
        });
        res.on('end', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => request.destroy(Object.assign(new Error(`no answer within ${timeoutMs / 1000} s`), { code: 'ETIMEDOUT' })), timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(done(null, error.message || error.code || 'the connection failed'));
    });
    request.end(body);
  });
}

interface DeliveryRow {
  id: number;
  status: string;
  attempts: number;
  endpoint_id: number;
  url: string;
  reseller_id: number;
  endpoint_status: string;
  mode: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_expires_at: Date | string | null;
  event_id: string;
  seq: number;
  type: string;
  subject: string | null;
  data: EventRow['data'];
  created_at: Date | string;
}

/** The signature header: the current secret, and the previous one during its 24 h overlap. */
function signatures(ctx: Ctx, d: DeliveryRow, msgId: string, at: Date, body: string): string {
  const sealed = [d.secret_sealed];
  if (d.previous_secret_sealed && d.previous_expires_at && new Date(d.previous_expires_at) > at) sealed.push(d.previous_secret_sealed);
  return sealed
    .map((s) => openSecret(ctx.secret, d.reseller_id, s))
    .filter((s): s is string => s !== null)
    .map((secret) => new Webhook(secret).sign(msgId, at, body))
    .join(' ');
}

/** Makes one attempt of a delivery. `manual`: a resend or test, one attempt without retries. */
async function deliver(ctx: Ctx, deliveryId: number, manual: boolean) {
  const [d] = await rows<DeliveryRow>(
    ctx.db,
    sql`select d.id, d.status, d.attempts, w.id as endpoint_id, w.url, w.reseller_id, w.status as endpoint_status, w.mode,
               w.secret_sealed, w.previous_secret_sealed, w.previous_expires_at,
               e.id as event_id, e.seq, e.type, e.subject, e.data, e.created_at
        from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id join events e on e.id = d.event_id
        where d.id = ${deliveryId}`,
  );
  if (!d) return;
  if (!manual && (d.status !== 'pending' || d.endpoint_status !== 'enabled')) return;
  const queue = queueOf(Number(d.endpoint_id), d.subject);
  if (!manual && d.subject) {
    // An earlier event about the same user still being retried goes first.
    const [earlier] = await rows<{ next_attempt_at: Date | string | null }>(
      ctx.db,
      sql`select d2.next_attempt_at from webhook_deliveries d2 join events e2 on e2.id = d2.event_id
          where d2.endpoint_id = ${d.endpoint_id} and d2.status = 'pending' and e2.subject = ${d.subject} and e2.seq < ${d.seq}
          order by e2.seq limit 1`,
    );
    if (earlier) {
      const after = Math.max(Date.now(), earlier.next_attempt_at ? new Date(earlier.next_attempt_at).getTime() : 0) + 1000;
      await addJob(ctx.db, DELIVER_TASK, { delivery: Number(d.id) }, { runAt: new Date(after), ...(queue ? { queue } : {}), maxAttempts: 5 });
      return;
    }
  }

  const body = JSON.stringify(presentEvent({ id: d.event_id, type: d.type, mode: d.mode, data: d.data, created_at: d.created_at }));
  const at = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'PartnerPanel-Webhooks/1.0',
    'webhook-id': d.event_id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures(ctx, d, d.event_id, at, body),
  };
  const { allowPrivateDestinations, retrySeconds, timeoutMs } = ctx.config.webhooks;
  const target = URL.canParse(d.url) ? new URL(d.url) : null;
  const attempt: Attempt =
    target && (allowPrivateDestinations || target.protocol === 'https:')
      ? await post(target, body, headers, timeoutMs, !allowPrivateDestinations)
      : { statusCode: null, response: 'webhooks are sent to https:// URLs only', latencyMs: 0 };
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  // The retry waits from when this attempt ended: a timeout or a slow refusal must not eat the wait.
  const ended = new Date();

  const disabled = await transact(ctx, async (unit) => {
    await unit.tx.execute(
      sql`insert into webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, response)
          values (${d.id}, ${at}, ${attempt.statusCode}, ${attempt.latencyMs}, ${attempt.response})`,
    );
    if (ok) {
      await unit.tx.execute(sql`update webhook_deliveries set status = 'succeeded', attempts = attempts + 1, next_attempt_at = null where id = ${d.id}`);
      await unit.tx.execute(sql`update webhook_endpoints set failing_since = null where id = ${d.endpoint_id} and failing_since is not null`);
      return null;
    }
    await unit.tx.execute(sql`update webhook_endpoints set failing_since = ${at} where id = ${d.endpoint_id} and failing_since is null`);
    if (manual) {
      // A test event has no retries: its failed attempt is its end. A resend leaves a delivery's own schedule as it was.
      const failed = d.type === WEBHOOK_TEST_EVENT ? sql`, status = 'failed', next_attempt_at = null` : sql``;
      await unit.tx.execute(sql`update webhook_deliveries set attempts = attempts + 1 ${failed} where id = ${d.id}`);
      return null;
    }
    const wait = retrySeconds[Number(d.attempts)];
    if (wait !== undefined) {
      const next = new Date(ended.getTime() + wait * 1000);
      await unit.tx.execute(sql`update webhook_deliveries set attempts = attempts + 1, next_attempt_at = ${next} where id = ${d.id}`);
      await addJob(unit.tx, DELIVER_TASK, { delivery: Number(d.id) }, { runAt: next, ...(queue ? { queue } : {}), maxAttempts: 5 });
      return null;
    }
    await unit.tx.execute(sql`update webhook_deliveries set status = 'failed', attempts = attempts + 1, next_attempt_at = null where id = ${d.id}`);
    // Failed through the whole schedule, with nothing accepted since: the endpoint is switched off.
    const [off] = await rows<{ failing_since: Date | string; email: string; name: string; custom_url: string }>(
      unit.tx,
      sql`with off as (
            update webhook_endpoints set status = 'disabled', disabled_reason = 'failing', updated_at = now()
            where id = ${d.endpoint_id} and status = 'enabled' and failing_since is not null
            returning reseller_id, failing_since
          )
          select off.failing_since, r.email, r.name, r.custom_url from off join resellers r on r.id = off.reseller_id`,
    );
    if (!off) return null;
    const since = new Date(off.failing_since);
    await ctx.notifier.notify(unit, d.reseller_id, {
      type: 'webhook_disabled',
      message: notice(d.mode === 'live' ? 'webhookDisabledLive' : 'webhookDisabledSandbox', { url: d.url, since: since.toISOString().slice(0, 16).replace('T', ' ') }),
      redirect: 'integration/webhooks',
      refId: d.endpoint_id,
    });
    await ctx.mail.enqueue(
      unit.tx,
      webhookDisabledMail(
        await ownerLocale({ db: unit.tx }, d.reseller_id),
        { email: off.email, name: off.name, id: d.reseller_id },
        { url: d.url, mode: d.mode === 'sandbox' ? 'sandbox' : 'live', since, pageUrl: `${ctx.config.publicUrl}/${encodeURIComponent(off.custom_url)}/integration/webhooks` },
      ),
    );
    return d.endpoint_id;
  });
  if (disabled) ctx.log.warn({ endpoint: disabled }, 'a webhook endpoint was disabled after failing through every retry');
}

/** The queue's tasks for webhooks. */
export function webhookTasks(ctx: Ctx): Record<string, Task> {
  return {
    [FANOUT_TASK]: async (payload) => fanout(ctx, String((payload as { event: string }).event)),
    [DELIVER_TASK]: async (payload) => {
      const p = payload as { delivery: number; manual?: boolean };
      await deliver(ctx, Number(p.delivery), p.manual === true);
    },
  };
}
