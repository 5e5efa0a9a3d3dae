/**
 * Events (what happened, in Stripe's shape) are written by the change they report, in its
 * transaction: a rolled-back change leaves no event and no delivery, a committed one is never lost.
 * When the reseller has an enabled endpoint of that mode, a trigger on the insert queues the job
 * that fans the event out to its endpoints, so an event is never written without its delivery job.
 *
 * Each type's object is declared once in the contract (EVENT_SCHEMAS): an event takes only its
 * type's object, and outside production every event is checked against its schema before it is
 * written, as every answer is (http/route.ts), so a payload the published document does not
 * describe fails the change that writes it, and the tests.
 */
import { EVENT_SCHEMAS, type EventObject, type EventType, type KeyMode } from '@partner-panel/sdk';
import type { Tx } from '../../db/index.js';
import { events } from '../../db/schema/index.js';
import { randomId } from '../../random.js';

export interface NewEvent<T extends EventType = EventType> {
  resellerId: number;
  mode: KeyMode;
  type: T;
  /** The object the event is about (`data.object`), of the type's schema. */
  object: EventObject<T>;
  /** Deliveries of events with the same subject reach an endpoint in order (`vpn_user:42`). */
  subject?: string;
}

// Also spelled in the trigger that queues it (src/db/sql/events.sql); db-code.test.ts checks they agree.
export const FANOUT_TASK = 'webhooks.fanout';

export const newEventId = () => `evt_${randomId(15).toString('base64url')}`;

/**
 * Off in production, where it would cost a parse per event. Read from NODE_ENV, the variable
 * config.production comes from (config.ts), as events are written deep in transactions that carry
 * no config; one process is one app. A test that builds a production app keeps the check, so no
 * test file turns it off for the apps it builds after.
 */
const selfCheck = process.env.NODE_ENV !== 'production';

/** Throws when the event is not what the contract (and so the OpenAPI document) says its type carries. */
function check(id: string, event: NewEvent, at: Date) {
  const parsed = EVENT_SCHEMAS[event.type].safeParse({
    id,
    object: 'event',
    type: event.type,
    created: Math.floor(at.getTime() / 1000),
    livemode: event.mode === 'live',
    data: { object: event.object },
  });
  if (!parsed.success) throw new Error(`the ${event.type} event does not match its schema: ${JSON.stringify(parsed.error.issues)}`);
}

/** The event as its row (also a row of a grouped charge, wallet/group-commit.ts). */
export const eventRow = <T extends EventType>(id: string, event: NewEvent<T>) => {
  if (selfCheck) check(id, event as NewEvent, new Date());
  return {
    id,
    resellerId: event.resellerId,
    mode: event.mode,
    type: event.type,
    subject: event.subject ?? null,
    data: { object: event.object },
  };
};

/** Writes the event in the caller's transaction (its fan-out job comes with it: the trigger of db/sql/events.sql); answers its id. */
export async function recordEvent<T extends EventType>(tx: Tx, event: NewEvent<T>): Promise<string> {
  const id = newEventId();
  await tx.insert(events).values(eventRow(id, event));
  return id;
}
