/**
 * Events (what happened, in Stripe's shape) are written by the change they report, in its
 * transaction: a rolled-back change leaves no event and no delivery, a committed one is never lost.
 * When the reseller has an enabled endpoint of that mode, a trigger on the insert queues the job
 * that fans the event out to its endpoints, so an event is never written without its delivery job.
 */
import type { KeyMode, WebhookEventType } from '@partner-panel/sdk';
import type { Tx } from '../../db/index.js';
import { events } from '../../db/schema/index.js';
import { randomId } from '../../random.js';

export interface NewEvent {
  resellerId: number;
  mode: KeyMode;
  type: WebhookEventType | 'webhook.test';
  /** The object the event is about (`data.object`). */
  object: Record<string, unknown>;
  /** Deliveries of events with the same subject reach an endpoint in order (`vpn_user:42`). */
  subject?: string;
}

// Also spelled in the trigger that queues it (src/db/sql/events.sql); db-code.test.ts checks they agree.
export const FANOUT_TASK = 'webhooks.fanout';

export const newEventId = () => `evt_${randomId(15).toString('base64url')}`;

/** The event as its row (also a row of a grouped charge, wallet/group-commit.ts). */
export const eventRow = (id: string, event: NewEvent) => ({
  id,
  resellerId: event.resellerId,
  mode: event.mode,
  type: event.type,
  subject: event.subject ?? null,
  data: { object: event.object },
});

/** Writes the event in the caller's transaction (its fan-out job comes with it: the trigger of db/sql/events.sql); answers its id. */
export async function recordEvent(tx: Tx, event: NewEvent): Promise<string> {
  const id = newEventId();
  await tx.insert(events).values(eventRow(id, event));
  return id;
}
