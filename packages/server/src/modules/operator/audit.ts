/**
 * The operator's audit page (issue 35): every audit line whose actor is the operator's account —
 * the catalogue, the white-label pipeline, its team, and whatever it does next — newest first, with
 * the person who acted, before and after, and the address; filtered by action (exact, or a family:
 * `catalogue`), person and days (UTC, inclusive). One SQL condition for the page, the count and the
 * CSV export (exports/copy.ts).
 */
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { isInvertedRange, messages, type OperatorAuditRow } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import { invalid } from '../../http/errors.js';
import { copyCsv, csvTime, type CsvColumn } from '../exports/copy.js';

/** The filter as the contract parses it. */
export interface AuditFilter {
  action: string;
  person_id: number | '';
  dateStart: string;
  dateEnd: string;
}

const DAY_MS = 24 * 3600_000;

function day(value: string, field: string): Date {
  const at = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value || at.getUTCFullYear() < 1970 || at.getUTCFullYear() > 9998) {
    throw invalid(messages.dateInvalid, field);
  }
  return at;
}

/** The WHERE of the operator's lines under a filter (alias a); refuses a date that is none and a reversed range. */
export function auditWhere(operatorId: number, filter: AuditFilter): SQL {
  const from = filter.dateStart ? day(filter.dateStart, 'dateStart') : null;
  const end = filter.dateEnd ? day(filter.dateEnd, 'dateEnd') : null;
  if (isInvertedRange(filter.dateStart, filter.dateEnd)) throw invalid(messages.dateRangeInverted, 'dateEnd');
  const parts: SQL[] = [sql`a.actor_id = ${operatorId}`];
  if (filter.action) {
    // A family (`catalogue`) takes its actions (`catalogue.price`); `_` is a LIKE wildcard, so escaped.
    parts.push(sql`(a.action = ${filter.action} or a.action like ${`${filter.action.replace(/_/g, '\\_')}.%`})`);
  }
  if (filter.person_id !== '') parts.push(sql`a.person_id = ${filter.person_id}`);
  // ISO text cast in SQL, safe to inline for COPY.
  if (from) parts.push(sql`a.created_at >= ${from.toISOString()}::timestamptz`);
  if (end) parts.push(sql`a.created_at < ${new Date(end.getTime() + DAY_MS).toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

interface AuditRecord {
  id: number;
  action: string;
  person_id: number | null;
  person_name: string | null;
  person_email: string | null;
  target_type: string | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  data: Record<string, unknown> | null;
  ip: string | null;
  created_at: Date | string;
  total: number | string;
}

const FROM = 'from audit_log a left join people p on p.id = a.person_id';

/** A page of the operator's log, and the actions and people it holds (the filter's lists). */
export async function operatorAuditLog(ctx: Pick<AppContext, 'db'>, operatorId: number, filter: AuditFilter, paging: { page: number; limit: number }) {
  const where = auditWhere(operatorId, filter);
  const [found, actions, people] = await Promise.all([
    rows<AuditRecord>(
      ctx.db,
      sql`select a.id, a.action, a.person_id, p.name as person_name, p.email as person_email, a.target_type, a.target_id, a.before, a.after, a.data, a.ip, a.created_at,
                 count(*) over () as total
          ${sql.raw(FROM)} where ${where}
          order by a.created_at desc, a.id desc limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`,
    ),
    rows<{ action: string }>(ctx.db, sql`select distinct action from audit_log where actor_id = ${operatorId} order by action`),
    rows<{ id: number; name: string; email: string }>(
      ctx.db,
      sql`select p.id, p.name, p.email from people p where p.id in (select person_id from audit_log where actor_id = ${operatorId}) order by lower(p.name), p.id`,
    ),
  ]);
  const data: OperatorAuditRow[] = found.map((r) => ({
    id: Number(r.id),
    action: r.action,
    // A person deleted since is gone with their name: null.
    person: r.person_id !== null && r.person_email !== null ? { id: Number(r.person_id), name: r.person_name ?? '', email: r.person_email } : null,
    target_type: r.target_type,
    target_id: r.target_id,
    before: r.before,
    after: r.after,
    data: r.data,
    ip: r.ip,
    created_at: new Date(r.created_at).toISOString(),
  }));
  // A page past the end has no rows to carry the total: count it then.
  const total = found[0]
    ? Number(found[0].total)
    : paging.page > 1
      ? Number((await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n ${sql.raw(FROM)} where ${where}`))[0]?.n ?? 0)
      : 0;
  return {
    data,
    total,
    actions: actions.map((a) => a.action),
    people: people.map((p) => ({ id: Number(p.id), name: p.name, email: p.email })),
  };
}

/** The file's columns, in the page's order. */
export const auditColumns: CsvColumn[] = [
  ['Time', csvTime('a.created_at')],
  ['Action', 'a.action'],
  ['Person', 'p.name'],
  ['Person Email', 'p.email'],
  ['Target', `concat_ws(' #', a.target_type, a.target_id)`],
  ['Before', 'a.before::text'],
  ['After', 'a.after::text'],
  ['Details', 'a.data::text'],
  ['IP', 'a.ip'],
];

/** The filtered log as a stream of CSV text, newest first. */
export function auditExportStream(ctx: Pick<AppContext, 'database'>, operatorId: number, filter: AuditFilter): Promise<Readable> {
  return copyCsv(ctx, auditColumns, FROM, auditWhere(operatorId, filter), 'order by a.created_at desc, a.id desc');
}
