/** A notification as the API answers it: data is JSON text with message, type, created_at, redirect, Id. */
import type { NotificationData } from '@partner-panel/sdk';
import type { notifications } from '../../db/schema/index.js';

type NotificationRow = typeof notifications.$inferSelect;

/** The row with the reader's read state: when they read it, or null while unread (every new one is). */
export function presentNotification(row: NotificationRow, readAt: Date | null) {
  const id = row.refId === null ? null : /^\d+$/.test(row.refId) ? Number(row.refId) : row.refId;
  const data: NotificationData = {
    message: row.message,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    redirect: row.redirect,
    Id: id,
  };
  return {
    uid: row.uid,
    read_at: readAt?.toISOString() ?? null,
    data: JSON.stringify(data),
    created_at: row.createdAt.toISOString(),
  };
}
