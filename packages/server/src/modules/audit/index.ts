/** The audit log: who did what to which record, written in the transaction of the change. */
import type { Tx } from '../../db/index.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  data?: Record<string, unknown>;
  ip?: string;
}

export async function audit(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    data: entry.data ?? null,
    ip: entry.ip ?? null,
  });
}
