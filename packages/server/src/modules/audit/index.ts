/** The audit log: who did what to which record, written in the transaction of the change. */
import type { Tx } from '../../db/index.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  /** The account that acted. */
  actorId: number | null;
  /** The person who acted for it (a member), when a person did. */
  personId?: number | null;
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

/** The entry as the audit log's row (also a row of a grouped charge, wallet/group-commit.ts). */
export const auditRow = (entry: AuditEntry) => ({
  actorId: entry.actorId,
  personId: entry.personId ?? null,
  action: entry.action,
  targetType: entry.targetType ?? null,
  targetId: entry.targetId === undefined ? null : String(entry.targetId),
  subjectId: entry.subjectId ?? null,
  data: entry.data ?? null,
  before: entry.before ?? null,
  after: entry.after ?? null,
  ip: entry.ip ?? null,
});

export async function audit(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values(auditRow(entry));
}

