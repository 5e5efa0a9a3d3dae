/**
 * Webhook endpoints of a reseller, per mode: made, changed, rotated, deleted, tested, and their
 * delivery log. The portal reaches either mode; a key only its own, so a sandbox key never sees or
 * makes a live endpoint. Every call names the endpoint by id within the reseller's own.
 */
import { sql } from 'drizzle-orm';
import { WEBHOOKS, WEBHOOK_TEST_EVENT, errors, type KeyMode, type WebhookDelivery, type WebhookEndpoint } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows, type Tx } from '../../db/index.js';
import { transact } from '../../db/unit.js';
import { AppError, fail } from '../../http/errors.js';
import { addJob } from '../../jobs/queue.js';
import { audit } from '../audit/index.js';
import { eventRow, newEventId } from '../events/record.js';
import { DELIVER_TASK } from './delivery.js';
import { checkDestination } from './destinations.js';
import { newSecret, sealSecret } from './secrets.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'secret' | 'log'>;

/** Whose endpoints a call reaches: a reseller, in one mode. */
export interface Owner {
  resellerId: number;
  mode: KeyMode;
}

interface EndpointRow {
  id: number;
  mode: KeyMode;
  url: string;
  description: string | null;
  event_types: string[];
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  failing_since: Date | string | null;
  previous_expires_at: Date | string | null;
  created_at: Date | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function present(r: EndpointRow): WebhookEndpoint {
  const rotating = r.previous_expires_at && new Date(r.previous_expires_at) > new Date() ? iso(r.previous_expires_at) : null;
  return {
    id: Number(r.id),
    mode: r.mode,
    url: r.url,
    description: r.description,
    event_types: r.event_types,
    status: r.status,
    disabled_reason: r.disabled_reason,
    failing_since: r.failing_since ? iso(r.failing_since) : null,
    secret_rotating_until: rotating,
    created_at: iso(r.created_at),
  };
}

const COLUMNS = sql`id, mode, url, description, event_types, status, disabled_reason, failing_since, previous_expires_at, created_at`;

const PROBLEMS = { url: 'webhookUrlInvalid', https: 'webhookUrlHttps', address: 'webhookUrlAddress', resolve: 'webhookUrlResolve' } as const;

/** Refuses a URL the destination rule in force refuses, with its sentence as the url field's error (a form shows it under the field). */
async function refuseDestination(ctx: Ctx, url: string) {
  const problem = await checkDestination(url, ctx.config.webhooks.allowPrivateDestinations);
  if (!problem) return;
  const name = PROBLEMS[problem];
  throw fail(name, {}, { errors: { url: [errors[name].message] } });
}

async function ownEndpoint(tx: Tx, owner: Owner, id: number, lock = false): Promise<EndpointRow> {
  const [row] = await rows<EndpointRow>(
    tx,
    sql`select ${COLUMNS} from webhook_endpoints where id = ${id} and reseller_id = ${owner.resellerId} and mode = ${owner.mode} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw fail('webhookEndpointNotFound');
  return row;
}

/** A listed type once: the order the caller gave, repeats dropped. */
const typesOf = (types: readonly string[] | undefined) => [...new Set(types ?? [])];

export async function listEndpoints(ctx: Ctx, owner: Owner) {
  const found = await rows<EndpointRow>(
    ctx.db,
    sql`select ${COLUMNS} from webhook_endpoints where reseller_id = ${owner.resellerId} and mode = ${owner.mode} order by id desc`,
  );
  return found.map(present);
}

export async function createEndpoint(ctx: Ctx, owner: Owner, input: { url: string; event_types?: readonly string[] | undefined; description?: string | null | undefined }) {
  await refuseDestination(ctx, input.url);
  const secret = newSecret();
  return transact(ctx, async (unit) => {
    // The reseller's row lock keeps two concurrent creations from both passing the limit.
    await unit.tx.execute(sql`select 1 from resellers where id = ${owner.resellerId} for update`);
    const [count] = await rows<{ n: number }>(unit.tx, sql`select count(*)::int as n from webhook_endpoints where reseller_id = ${owner.resellerId} and mode = ${owner.mode}`);
    if (Number(count?.n ?? 0) >= WEBHOOKS.maxEndpoints) throw fail('webhookEndpointLimit', { max: WEBHOOKS.maxEndpoints });
    const [row] = await rows<EndpointRow>(
      unit.tx,
      sql`insert into webhook_endpoints (reseller_id, mode, url, description, event_types, secret_sealed)
          values (${owner.resellerId}, ${owner.mode}, ${input.url}, ${input.description || null}, ${JSON.stringify(typesOf(input.event_types))}::jsonb,
                  ${sealSecret(ctx.secret, owner.resellerId, secret)})
          returning ${COLUMNS}`,
    );
    if (!row) throw fail('internal');
    // A signing secret was handed out: the reseller reads it among its security events.
    await audit(unit.tx, { actorId: owner.resellerId, action: 'webhook_endpoint.created', targetType: 'webhook_endpoint', targetId: row.id, data: { mode: owner.mode, url: row.url } });
    return { ...present(row), secret };
  });
}

export async function updateEndpoint(
  ctx: Ctx,
  owner: Owner,
  input: { endpointId: number; url?: string | undefined; event_types?: readonly string[] | undefined; description?: string | null | undefined; status?: 'enabled' | 'disabled' | undefined },
) {
  if (input.url !== undefined) await refuseDestination(ctx, input.url);
  return transact(ctx, async (unit) => {
    const current = await ownEndpoint(unit.tx, owner, input.endpointId, true);
    const enabling = input.status === 'enabled' && current.status === 'disabled';
    const [row] = await rows<EndpointRow>(
      unit.tx,
      sql`update webhook_endpoints set
            url = ${input.url ?? current.url},
            event_types = ${JSON.stringify(input.event_types !== undefined ? typesOf(input.event_types) : current.event_types)}::jsonb,
            description = ${input.description !== undefined ? input.description || null : current.description},
            status = ${input.status ?? current.status},
            disabled_reason = ${input.status === 'disabled' ? 'disabled by you' : enabling ? null : current.disabled_reason},
            failing_since = ${enabling ? null : sql`failing_since`},
            updated_at = now()
          where id = ${current.id}
          returning ${COLUMNS}`,
    );
    if (!row) throw fail('webhookEndpointNotFound');
    return present(row);
  });
}

export async function rotateSecret(ctx: Ctx, owner: Owner, endpointId: number) {
  const secret = newSecret();
  return transact(ctx, async (unit) => {
    await ownEndpoint(unit.tx, owner, endpointId, true);
    const until = new Date(Date.now() + WEBHOOKS.rotationOverlapHours * 3_600_000);
    const [row] = await rows<EndpointRow>(
      unit.tx,
      sql`update webhook_endpoints set previous_secret_sealed = secret_sealed, previous_expires_at = ${until},
            secret_sealed = ${sealSecret(ctx.secret, owner.resellerId, secret)}, updated_at = now()
          where id = ${endpointId} returning ${COLUMNS}`,
    );
    if (!row) throw fail('webhookEndpointNotFound');
    await audit(unit.tx, { actorId: owner.resellerId, action: 'webhook_endpoint.secret_rotated', targetType: 'webhook_endpoint', targetId: row.id, data: { mode: owner.mode, url: row.url } });
    return { ...present(row), secret };
  });
}

export async function deleteEndpoint(ctx: Ctx, owner: Owner, endpointId: number) {
  return transact(ctx, async (unit) => {
    const endpoint = await ownEndpoint(unit.tx, owner, endpointId, true);
    await unit.tx.execute(sql`delete from webhook_endpoints where id = ${endpointId}`);
    await audit(unit.tx, { actorId: owner.resellerId, action: 'webhook_endpoint.deleted', targetType: 'webhook_endpoint', targetId: endpointId, data: { mode: owner.mode, url: endpoint.url } });
    return { id: endpointId, deleted: true as const };
  });
}

interface DeliveryRow {
  id: number;
  event_id: string;
  event_type: string;
  status: WebhookDelivery['status'];
  next_attempt_at: Date | string | null;
  created_at: Date | string;
}

const presentDelivery = (d: DeliveryRow) => ({
  id: Number(d.id),
  event_id: d.event_id,
  event_type: d.event_type,
  status: d.status,
  next_attempt_at: d.next_attempt_at ? iso(d.next_attempt_at) : null,
  created_at: iso(d.created_at),
});

/**
 * Sends a webhook.test event to this endpoint alone, now. Its URL must pass the rule a delivery
 * obeys: a test that could only be refused at delivery is refused here, with the reason, and
 * nothing is written.
 */
export async function sendTest(ctx: Ctx, owner: Owner, endpointId: number) {
  const found = await ownEndpoint(ctx.db, owner, endpointId);
  if (found.status !== 'enabled') throw fail('webhookEndpointDisabled');
  await refuseDestination(ctx, found.url);
  return transact(ctx, async (unit) => {
    const endpoint = await ownEndpoint(unit.tx, owner, endpointId);
    if (endpoint.status !== 'enabled') throw fail('webhookEndpointDisabled');
    const id = newEventId();
    // Its row checked as every event's (eventRow), written here with its one delivery.
    const event = eventRow(id, { resellerId: owner.resellerId, mode: owner.mode, type: WEBHOOK_TEST_EVENT, object: { object: 'webhook_endpoint', id: endpoint.id, url: endpoint.url } });
    await unit.tx.execute(
      sql`insert into events (id, reseller_id, mode, type, data)
          values (${id}, ${owner.resellerId}, ${owner.mode}, ${WEBHOOK_TEST_EVENT}, ${JSON.stringify(event.data)}::jsonb)`,
    );
    const [delivery] = await rows<DeliveryRow>(
      unit.tx,
      sql`insert into webhook_deliveries (endpoint_id, event_id) values (${endpoint.id}, ${id})
          returning id, event_id, ${WEBHOOK_TEST_EVENT}::text as event_type, status, next_attempt_at, created_at`,
    );
    if (!delivery) throw fail('internal');
    await addJob(unit.tx, DELIVER_TASK, { delivery: Number(delivery.id), manual: true }, { maxAttempts: 1 });
    return presentDelivery(delivery);
  });
}

/** Sends a delivery once more, now, with the same webhook-id; its endpoint's URL must pass the rule a delivery obeys. */
export async function resend(ctx: Ctx, owner: Owner, deliveryId: number) {
  const [delivery] = await rows<DeliveryRow & { endpoint_status: string; url: string }>(
    ctx.db,
    sql`select d.id, d.event_id, e.type as event_type, d.status, d.next_attempt_at, d.created_at, w.status as endpoint_status, w.url
        from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id join events e on e.id = d.event_id
        where d.id = ${deliveryId} and w.reseller_id = ${owner.resellerId} and w.mode = ${owner.mode}`,
  );
  if (!delivery) throw fail('webhookDeliveryNotFound');
  if (delivery.endpoint_status !== 'enabled') throw fail('webhookEndpointDisabled');
  // Resolved outside any transaction: a slow name server holds no connection.
  await refuseDestination(ctx, delivery.url);
  // One statement: the job alone is written.
  await addJob(ctx.db, DELIVER_TASK, { delivery: Number(delivery.id), manual: true }, { maxAttempts: 1 });
  return presentDelivery(delivery);
}

/** An endpoint's deliveries, newest first, with every attempt of each. */
export async function listDeliveries(ctx: Ctx, owner: Owner, query: { endpointId: number; limit?: number | undefined; starting_after?: number | undefined }) {
  await ownEndpoint(ctx.db, owner, query.endpointId);
  const limit = query.limit ?? 25;
  const found = await rows<DeliveryRow & { attempts: { attempted_at: string; status_code: number | null; latency_ms: number; response: string }[] }>(
    ctx.db,
    sql`select d.id, d.event_id, e.type as event_type, d.status, d.next_attempt_at, d.created_at,
               coalesce((select json_agg(json_build_object('attempted_at', a.attempted_at, 'status_code', a.status_code, 'latency_ms', a.latency_ms, 'response', a.response) order by a.id)
                         from webhook_attempts a where a.delivery_id = d.id), '[]'::json) as attempts
        from webhook_deliveries d join events e on e.id = d.event_id
        where d.endpoint_id = ${query.endpointId} ${query.starting_after ? sql`and d.id < ${query.starting_after}` : sql``}
        order by d.id desc limit ${limit + 1}`,
  );
  return {
    object: 'list' as const,
    has_more: found.length > limit,
    data: found.slice(0, limit).map((d) => ({
      ...presentDelivery(d),
      attempts: d.attempts.map((a) => ({ ...a, attempted_at: iso(a.attempted_at) })),
    })),
  };
}

/** Whether an error says the endpoint or delivery is not the caller's (in the mode tried). */
export const isMissing = (error: unknown) =>
  error instanceof AppError && (error.entry.code === errors.webhookEndpointNotFound.code || error.entry.code === errors.webhookDeliveryNotFound.code);
