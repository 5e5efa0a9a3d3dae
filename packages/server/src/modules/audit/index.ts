/** The audit log: who did what to which record, written in the transaction of the change. */
import { AsyncLocalStorage } from 'node:async_hooks';
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

/**
 * The person a signed-in call acts for, set by serve() around its handler (http/route.ts), so that
 * every entry written while it runs names the member who acted, whichever module writes it and
 * however deep: no service has to be handed the session for the log's sake. Outside a signed-in
 * call (a key's v2 call, a provider's event, a background job) there is none: the entry's person
 * is null and its actor the account, with the key in its data where a key acted.
 */
const acting = new AsyncLocalStorage<number>();
export const actingAs = <T>(personId: number, run: () => T): T => acting.run(personId, run);

/** The entry as the audit log's row (also a row of a grouped charge, wallet/group-commit.ts). */
export const auditRow = (entry: AuditEntry) => ({
  actorId: entry.actorId,
  // A person named by the caller stands (an invitation accepted names who joined); else the call's.
  personId: entry.personId !== undefined ? entry.personId : (acting.getStore() ?? null),
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

