/**
 * Events (what happened, in Stripe's shape) are written by the change they report, in its
 * transaction: a rolled-back change leaves no event and no delivery, a committed one is never lost.
 * When the reseller has an enabled endpoint of that mode, the same statement queues the job that
 * fans the event out to its endpoints, so an event is never written without its delivery job.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { KeyMode, WebhookEventType } from '@partner-panel/sdk';
import type { Tx } from '../../db/index.js';

export interface NewEvent {
  resellerId: number;
  mode: KeyMode;
  type: WebhookEventType | 'webhook.test';
  /** The object the event is about (`data.object`). */
  object: Record<string, unknown>;
  /** Deliveries of events with the same subject reach an endpoint in order (`vpn_user:42`). */
  subject?: string;
}

export const FANOUT_TASK = 'webhooks.fanout';

export const newEventId = () => `evt_${randomBytes(15).toString('base64url')}`;

/** Writes the event in the caller's transaction (and its fan-out job); answers its id. */
export async function recordEvent(tx: Tx, event: NewEvent): Promise<string> {
  const id = newEventId();
  await tx.execute(sql`
    with e as (
      insert into events (id, reseller_id, mode, type, subject, data)
      values (${id}, ${event.resellerId}, ${event.mode}, ${event.type}, ${event.subject ?? null}, ${JSON.stringify({ object: event.object })}::jsonb)
      returning id
    )
    select graphile_worker.add_job(${FANOUT_TASK}, json_build_object('event', e.id), max_attempts => 25)
    from e
    where exists (select 1 from webhook_endpoints w where w.reseller_id = ${event.resellerId} and w.mode = ${event.mode} and w.status = 'enabled')`);
  return id;
}
