/** The events API: a key's events of the last 30 days, newest first, read with a cursor. */
import { sql } from 'drizzle-orm';
import { WEBHOOKS, WEBHOOK_TEST_EVENT, type KeyMode, type ListedEvent } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { fail } from '../../http/errors.js';
import { presentEvent, type EventRow } from '../webhooks/delivery.js';

export async function listEvents(
  ctx: Pick<AppContext, 'db'>,
  owner: { resellerId: number; mode: KeyMode },
  query: { limit?: number | undefined; starting_after?: string | undefined; type?: string | undefined },
) {
  const limit = query.limit ?? 25;
  let after = sql``;
  if (query.starting_after) {
    const [cursor] = await rows<{ seq: number }>(
      ctx.db,
      sql`select seq from events where id = ${query.starting_after} and reseller_id = ${owner.resellerId} and mode = ${owner.mode}`,
    );
    if (!cursor) throw fail('cursorUnknown');
    after = sql`and seq < ${cursor.seq}`;
  }
  const found = await rows<EventRow>(
    ctx.db,
    sql`select id, seq, type, mode, data, created_at from events
        where reseller_id = ${owner.resellerId} and mode = ${owner.mode} and type <> ${WEBHOOK_TEST_EVENT}
          and created_at > now() - make_interval(days => ${WEBHOOKS.eventsRetentionDays})
          ${query.type ? sql`and type = ${query.type}` : sql``} ${after}
        order by seq desc limit ${limit + 1}`,
  );
  // Rows hold what recordEvent wrote, each checked against its type's schema then (and this answer
  // against the same schemas outside production, as every answer).
  return { object: 'list' as const, has_more: found.length > limit, data: found.slice(0, limit).map(presentEvent) as ListedEvent[] };
}
