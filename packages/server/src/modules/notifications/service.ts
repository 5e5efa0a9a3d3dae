/** Reading notifications and marking them read; only ever the reseller's own. */
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { NOTIFICATIONS_PAGE_SIZE } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { notifications } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { presentNotification } from './present.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;
const UNREAD_LIMIT = 50;

const unreadOf = (resellerId: number) => and(eq(notifications.resellerId, resellerId), isNull(notifications.readAt));

async function unreadCount(ctx: Ctx, resellerId: number): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(notifications).where(unreadOf(resellerId));
  return Number(row?.n ?? 0);
}

/**
 * The unread ones, newest first; with `since`, only those written after that notification (by
 * `seq`, insertion order: timestamps tie within a transaction). The cursor must be one of the
 * reseller's own: an unknown uid and another reseller's answer the same refusal, so it tells
 * nothing about other accounts. A row whose transaction drew its `seq` before the cursor's but
 * committed after it is not in the answer; the count still holds it, which is how the portal
 * notices and reads the whole list again (realtime/catchUp.ts).
 */
export async function unread(ctx: Ctx, resellerId: number, since?: string) {
  let after: number | undefined;
  if (since !== undefined) {
    const [cursor] = await ctx.db
      .select({ seq: notifications.seq })
      .from(notifications)
      .where(and(eq(notifications.uid, since), eq(notifications.resellerId, resellerId)));
    if (!cursor) throw fail('notificationNotFound');
    after = cursor.seq;
  }
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(after === undefined ? unreadOf(resellerId) : and(unreadOf(resellerId), gt(notifications.seq, after)))
    .orderBy(desc(notifications.seq))
    .limit(UNREAD_LIMIT);
  return { data: rows.map(presentNotification), total: await unreadCount(ctx, resellerId) };
}

export async function page(ctx: Ctx, resellerId: number, pageNumber: number) {
  const [totalRow] = await ctx.db.select({ n: count() }).from(notifications).where(eq(notifications.resellerId, resellerId));
  const total = Number(totalRow?.n ?? 0);
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.resellerId, resellerId))
    .orderBy(desc(notifications.seq))
    .limit(NOTIFICATIONS_PAGE_SIZE)
    .offset((pageNumber - 1) * NOTIFICATIONS_PAGE_SIZE);
  return {
    data: rows.map(presentNotification),
    current_page: pageNumber,
    last_page: Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE)),
    total,
  };
}

/** Marks one notification read (by uid), or every unread one. Answers the unread count left. */
export async function markRead(ctx: Ctx, resellerId: number, uid: string | undefined) {
  const now = ctx.clock.now();
  if (uid) {
    const [row] = await ctx.db
      .select({ uid: notifications.uid })
      .from(notifications)
      .where(and(eq(notifications.uid, uid), eq(notifications.resellerId, resellerId)));
    if (!row) throw fail('notificationNotFound');
    await ctx.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.uid, uid), isNull(notifications.readAt)));
  } else {
    await ctx.db.update(notifications).set({ readAt: now }).where(unreadOf(resellerId));
  }
  return { unread: await unreadCount(ctx, resellerId) };
}
