/**
 * Reading notifications and marking them read: only ever the account's own, and the read state is
 * the signed-in person's (notification_states: each member reads on their own, db/sql/notifications.sql).
 */
import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { NOTIFICATIONS_PAGE_SIZE } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { memberships, notificationStates, notifications } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { presentNotification } from './present.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;
/** Whose bell: the account the session acts for and the person signed in. */
export interface Reader {
  resellerId: number;
  personId: number;
}
const UNREAD_LIMIT = 50;

const unreadOf = (reader: Reader) =>
  and(eq(notificationStates.personId, reader.personId), eq(notificationStates.resellerId, reader.resellerId), isNull(notificationStates.readAt));

async function unreadCount(ctx: Ctx, reader: Reader): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(notificationStates).where(unreadOf(reader));
  return Number(row?.n ?? 0);
}

/** The account's notifications the reader may see: every member's, and their own alone. */
const visibleTo = (reader: Reader) =>
  and(eq(notifications.resellerId, reader.resellerId), or(isNull(notifications.personId), eq(notifications.personId, reader.personId)));

/** A notification the reader may see, by its uid (a cursor or what to mark), or the refusal. */
async function ownNotification(ctx: Ctx, reader: Reader, uid: string) {
  const [row] = await ctx.db
    .select({ seq: notifications.seq })
    .from(notifications)
    .where(and(eq(notifications.uid, uid), visibleTo(reader)));
  if (!row) throw fail('notificationNotFound');
  return row;
}

/**
 * The person's unread ones, newest first; with `since`, only those written after that notification
 * (by `seq`, insertion order: timestamps tie within a transaction). The cursor must be one of the
 * account's own: an unknown uid and another account's answer the same refusal, so it tells nothing
 * about other accounts. A row whose transaction drew its `seq` before the cursor's but committed
 * after it is not in the answer; the count still holds it, which is how the portal notices and
 * reads the whole list again (realtime/catchUp.ts).
 */
export async function unread(ctx: Ctx, reader: Reader, since?: string) {
  const after = since === undefined ? undefined : (await ownNotification(ctx, reader, since)).seq;
  const rows = await ctx.db
    .select({ notification: notifications })
    .from(notificationStates)
    .innerJoin(notifications, eq(notifications.uid, notificationStates.uid))
    .where(after === undefined ? unreadOf(reader) : and(unreadOf(reader), gt(notificationStates.seq, after)))
    .orderBy(desc(notificationStates.seq))
    .limit(UNREAD_LIMIT);
  return { data: rows.map((r) => presentNotification(r.notification, null)), total: await unreadCount(ctx, reader) };
}

/**
 * A page of the account's notifications the person may see (every member's, and their own), with
 * their read state. One written before they joined has no row of theirs: it reads as read since.
 */
export async function page(ctx: Ctx, reader: Reader, pageNumber: number) {
  const [[totalRow], [membership], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(notifications).where(visibleTo(reader)),
    ctx.db
      .select({ joinedAt: memberships.createdAt })
      .from(memberships)
      .where(and(eq(memberships.resellerId, reader.resellerId), eq(memberships.personId, reader.personId))),
    ctx.db
      .select({ notification: notifications, state: { person: notificationStates.personId, readAt: notificationStates.readAt } })
      .from(notifications)
      .leftJoin(notificationStates, and(eq(notificationStates.uid, notifications.uid), eq(notificationStates.personId, reader.personId)))
      .where(visibleTo(reader))
      .orderBy(desc(notifications.seq))
      .limit(NOTIFICATIONS_PAGE_SIZE)
      .offset((pageNumber - 1) * NOTIFICATIONS_PAGE_SIZE),
  ]);
  const total = Number(totalRow?.n ?? 0);
  const joinedAt = membership?.joinedAt ?? null;
  return {
    data: rows.map((r) => presentNotification(r.notification, r.state?.person == null ? joinedAt : r.state.readAt)),
    current_page: pageNumber,
    last_page: Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE)),
    total,
  };
}

/** Marks one notification read for the person (by uid), or every unread one. Answers their unread count left. */
export async function markRead(ctx: Ctx, reader: Reader, uid: string | undefined) {
  const now = ctx.clock.now();
  if (uid) {
    await ownNotification(ctx, reader, uid);
    // No row of theirs (written before they joined): already read, nothing to mark.
    await ctx.db
      .update(notificationStates)
      .set({ readAt: now })
      .where(and(eq(notificationStates.personId, reader.personId), eq(notificationStates.uid, uid), isNull(notificationStates.readAt)));
  } else {
    await ctx.db.update(notificationStates).set({ readAt: now }).where(unreadOf(reader));
  }
  return { unread: await unreadCount(ctx, reader) };
}
