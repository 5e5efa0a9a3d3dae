/**
 * White-label enquiries (ours, behind 000 §1's promo): stored, acknowledged to the reseller and
 * mailed to the operator (OPERATOR_EMAIL) in the same transaction through the outbox; listed for
 * the operator, the provider's own account (docs/architecture.md "The operator").
 */
import { sql } from 'drizzle-orm';
import type { AppContext, SessionReseller } from '../../context.js';
import { rows } from '../../db/index.js';
import { contains } from '../../db/search.js';
import { transact } from '../../db/unit.js';
import { whiteLabelEnquiries } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { whiteLabelAckMail, whiteLabelOperatorMail } from '../../adapters/mail/templates.js';
import { audit } from '../audit/index.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'notifier' | 'log' | 'mail' | 'config' | 'counters'>;

/** Enquiries a reseller may send a day: enough to correct one, too few to flood the operator. */
const ENQUIRIES_PER_DAY = 5;

export async function askWhiteLabel(ctx: Ctx, reseller: SessionReseller, input: { brand_name: string; expected_users: number; message: string }) {
  await ctx.counters.take(`white-label:${reseller.id}`, ENQUIRIES_PER_DAY, 24 * 3600_000);
  return transact(ctx, async (unit) => {
    const [row] = await unit.tx
      .insert(whiteLabelEnquiries)
      .values({ resellerId: reseller.id, brandName: input.brand_name, expectedUsers: input.expected_users, message: input.message, createdAt: ctx.clock.now() })
      .returning({ id: whiteLabelEnquiries.id, createdAt: whiteLabelEnquiries.createdAt });
    const id = Number(row?.id);
    const who = { email: reseller.email, name: reseller.name, id: reseller.id };
    await ctx.mail.enqueue(unit.tx, whiteLabelAckMail({ to: who, brandName: input.brand_name, expectedUsers: input.expected_users }));
    if (ctx.config.operatorEmail) {
      await ctx.mail.enqueue(
        unit.tx,
        whiteLabelOperatorMail({
          to: ctx.config.operatorEmail,
          reseller: who,
          brandName: input.brand_name,
          expectedUsers: input.expected_users,
          message: input.message,
          listUrl: `${ctx.config.publicUrl}/login`,
        }),
      );
    }
    await audit(unit.tx, { actorId: reseller.id, action: 'white_label.enquired', targetType: 'white_label_enquiry', targetId: id, data: { brand: input.brand_name } });
    return { id, created_at: (row?.createdAt ?? ctx.clock.now()).toISOString() };
  });
}

/** The operator's list, newest first; anyone else is refused. */
export async function listEnquiries(ctx: Pick<AppContext, 'db'>, reseller: SessionReseller, search: string, paging: { page: number; limit: number }) {
  // The route admits the operator alone (access 'operator'); a second look costs nothing.
  if (!reseller.isOperator) throw fail('operatorOnly');
  const where = search ? sql`where e.brand_name ilike ${contains(search)} or r.email ilike ${contains(search)}` : sql``;
  const found = await rows<{ id: number; reseller_id: number; reseller_name: string; reseller_email: string; brand_name: string; expected_users: number; message: string; created_at: Date; total: number }>(
    ctx.db,
    sql`select e.id, e.reseller_id, r.name as reseller_name, r.email as reseller_email, e.brand_name, e.expected_users, e.message, e.created_at,
               count(*) over () as total
        from white_label_enquiries e join resellers r on r.id = e.reseller_id
        ${where}
        order by e.created_at desc, e.id desc
        limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`,
  );
  const total =
    found.length > 0
      ? Number(found[0]?.total)
      : Number((await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from white_label_enquiries e join resellers r on r.id = e.reseller_id ${where}`))[0]?.n ?? 0);
  return {
    data: found.map((r) => ({
      id: Number(r.id),
      reseller_id: Number(r.reseller_id),
      reseller_name: r.reseller_name,
      reseller_email: r.reseller_email,
      brand_name: r.brand_name,
      expected_users: Number(r.expected_users),
      message: r.message,
      created_at: new Date(r.created_at).toISOString(),
    })),
    total,
  };
}
