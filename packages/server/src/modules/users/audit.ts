/** The audit lines of an admin's actions on one of its users, for the user's page (newest first), each naming the admin's member who acted. */
import { sql } from 'drizzle-orm';
import type { AuditEntry } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';

interface AuditRecord {
  id: number;
  action: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  person_id: number | null;
  person_name: string | null;
  person_email: string | null;
  target_type: string | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  created_at: Date | string;
  total: number | string;
}

export async function userAuditLog(ctx: Pick<AppContext, 'db'>, adminId: number, userId: number, paging: { page: number; limit: number }) {
  const found = await rows<AuditRecord>(
    ctx.db,
    sql`select a.id, a.action, a.actor_id, r.name as actor_name, r.email as actor_email, a.person_id, p.name as person_name, p.email as person_email,
               a.target_type, a.target_id, a.before, a.after, a.ip, a.created_at, count(*) over () as total
        from audit_log a left join resellers r on r.id = a.actor_id left join people p on p.id = a.person_id
        where a.subject_id = ${userId} and a.actor_id = ${adminId}
        order by a.id desc limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`,
  );
  const data: AuditEntry[] = found.map((r) => ({
    id: Number(r.id),
    action: r.action,
    actor: { id: r.actor_id, name: r.actor_name ?? '', email: r.actor_email ?? '' },
    // The admin's member who acted (a person removed since is gone with their name: null).
    person: r.person_id !== null && r.person_email !== null ? { id: Number(r.person_id), name: r.person_name ?? '', email: r.person_email } : null,
    target_type: r.target_type,
    target_id: r.target_id,
    before: r.before,
    after: r.after,
    ip: r.ip,
    created_at: new Date(r.created_at).toISOString(),
  }));
  // A page past the end has no rows to carry the total: count it then.
  const total = found[0] ? Number(found[0].total) : paging.page > 1 ? await countAll(ctx, adminId, userId) : 0;
  return { data, total };
}

async function countAll(ctx: Pick<AppContext, 'db'>, adminId: number, userId: number) {
  const [row] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log where subject_id = ${userId} and actor_id = ${adminId}`);
  return Number(row?.n ?? 0);
}
