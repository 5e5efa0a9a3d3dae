/** The audit log: who did what to which record, written in the transaction of the change. */
import type { Tx } from '../../db/index.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  /** The reseller the action concerns, when the actor acts for another (an admin for its user). */
  subjectId?: number;
  data?: Record<string, unknown>;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  ip?: string | undefined;
}

export async function audit(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    subjectId: entry.subjectId ?? null,
    data: entry.data ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}
