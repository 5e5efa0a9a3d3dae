/**
 * The operator's resellers (issue 35): every reseller of the programme, and what the provider's
 * team does to one. Each action locks the reseller's row, re-checks its rules, and writes its audit
 * line (the operator, the person, before and after) and tells the reseller, in one transaction.
 *
 * Suspension is the operator's own pause: the row is inactive (so every path that refuses an
 * inactive account — generation, VPN accounts, for itself or by its admin — refuses it) and carries
 * the reason, which the refusal names (`refuseInactive`); neither the reseller nor its admin can
 * make it active again. Its customers' renewals go on: they bought from it in good faith.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_STATUS, RESTRICTED_RESELLER_ID, centsToDollars, notice, description, type CallQuery, type Contract, type Locale, type OperatorResellerRow } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows, type Tx } from '../../db/index.js';
import { memberships, people, resellers } from '../../db/schema/index.js';
import { contains } from '../../db/search.js';
import { transact, type Unit } from '../../db/unit.js';
import { fail, isUniqueViolation } from '../../http/errors.js';
import { accountOpenedMail } from '../../adapters/mail/templates.js';
import { localeOr } from '../../locales.js';
import { audit } from '../audit/index.js';
import { passwordLinkFor } from '../auth/service.js';
import { hashPassword } from '../auth/passwords.js';
import { freeCustomUrl, newClientId } from '../auth/identity.js';
import { ownerOf } from '../auth/people.js';
import { credit, formatUsd } from '../wallet/service.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'log' | 'notifier' | 'mail' | 'config' | 'realtime' | 'counters'>;
export interface Who {
  operatorId: number;
  personId: number;
  ip: string;
}

interface ListedRow {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
  parent_id: number | null;
  parent_name: string | null;
  sub_resellers: number;
  status: number;
  suspension_reason: string | null;
  verified_at: Date | null;
  balance_cents: number;
  credit_limit_cents: number;
  settlement_day: number | null;
  coupons_total: number;
  spend_30d: number;
  created_at: Date;
  total?: number;
}

/** The next settlement date on or after `now` (UTC): this month's day if not yet past, else next month's. */
export function nextSettlement(day: number, now: Date): string {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + (now.getUTCDate() > day ? 1 : 0);
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

const statusOf = (r: { status: number; suspension_reason: string | null }): OperatorResellerRow['status'] =>
  r.suspension_reason !== null ? 'suspended' : r.status === ACCOUNT_STATUS.active ? 'active' : 'inactive';

function present(r: ListedRow, now: Date): OperatorResellerRow {
  const postpaid = Number(r.credit_limit_cents) > 0;
  const day = r.settlement_day === null ? null : Number(r.settlement_day);
  return {
    id: Number(r.id),
    name: r.name,
    email: r.email,
    is_admin: r.is_admin,
    parent: r.parent_id === null ? null : { id: Number(r.parent_id), name: r.parent_name ?? '' },
    sub_resellers: Number(r.sub_resellers),
    status: statusOf(r),
    suspension_reason: r.suspension_reason,
    verified: r.verified_at !== null,
    balance: centsToDollars(Number(r.balance_cents)),
    terms: postpaid ? 'postpaid' : 'prepaid',
    credit_limit: centsToDollars(Number(r.credit_limit_cents)),
    settlement_day: postpaid ? day : null,
    next_settlement: postpaid && day !== null ? nextSettlement(day, now) : null,
    spend_30d: centsToDollars(Number(r.spend_30d)),
    coupons: Number(r.coupons_total),
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** The list's columns; spend is the last 30 UTC days of the dashboard's daily figures (reseller_days). */
const listed = (now: Date) => sql`
  select r.id, r.name, r.email, r.is_admin, r.parent_id, p.name as parent_name,
         (select count(*) from resellers c where c.parent_id = r.id)::int as sub_resellers,
         r.status, r.suspension_reason, r.verified_at, r.balance_cents, r.credit_limit_cents, r.settlement_day,
         r.coupons_total, r.created_at,
         coalesce((select sum(d.spend_cents) from reseller_days d
                   where d.reseller_id = r.id and d.day > ${now.toISOString().slice(0, 10)}::date - 30), 0)::bigint as spend_30d
  from resellers r left join resellers p on p.id = r.parent_id
  where r.kind = 'reseller'`;

const SORTS: Record<string, SQL> = {
  created_at: sql`created_at`,
  name: sql`lower(name)`,
  balance: sql`balance_cents`,
  spend_30d: sql`spend_30d`,
};

export type ResellerFilter = CallQuery<Contract['operatorResellers']>;

/** The Resellers page's list: filtered, sorted (newest first by default), one page. */
export async function listResellers(ctx: Pick<Ctx, 'db' | 'clock'>, filter: ResellerFilter) {
  const now = ctx.clock.now();
  const where: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    const id = /^\d{1,9}$/.test(q) ? Number(q) : null;
    where.push(sql`(l.name ilike ${contains(q)} or l.email ilike ${contains(q)}${id !== null ? sql` or l.id = ${id}` : sql``})`);
  }
  if (filter.status === 'suspended') where.push(sql`l.suspension_reason is not null`);
  if (filter.status === 'active') where.push(sql`l.suspension_reason is null and l.status = ${ACCOUNT_STATUS.active}`);
  if (filter.status === 'inactive') where.push(sql`l.suspension_reason is null and l.status <> ${ACCOUNT_STATUS.active}`);
  if (filter.terms) where.push(filter.terms === 'postpaid' ? sql`l.credit_limit_cents > 0` : sql`l.credit_limit_cents = 0`);
  if (filter.kind) where.push(sql`l.is_admin = ${filter.kind === 'admin'}`);
  if (filter.parent_id !== undefined) where.push(sql`l.parent_id = ${filter.parent_id}`);
  const sort = SORTS[filter.sort ?? 'created_at'] ?? sql`created_at`;
  const order = (filter.order ?? (filter.sort === 'name' ? 'asc' : 'desc')) === 'asc' ? sql`asc` : sql`desc`;
  const limit = Math.min(filter.page_limit ?? 25, 100);
  const page = filter.page ?? 1;
  const found = await rows<ListedRow>(
    ctx.db,
    sql`select l.*, count(*) over () as total from (${listed(now)}) l
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by ${sort} ${order}, l.id desc limit ${limit} offset ${(page - 1) * limit}`,
  );
  // Past the last page the window has no row to count on: the total is counted apart.
  const total =
    found.length > 0 || page === 1
      ? Number(found[0]?.total ?? 0)
      : Number((await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from (${listed(now)}) l ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}`))[0]?.n ?? 0);
  return { data: found.map((r) => present(r, now)), total };
}

/** One reseller as the list shows it; the operator's own row and unknown ids are 'no reseller'. */
export async function readReseller(ctx: Pick<Ctx, 'db' | 'clock'>, id: number, db: Tx = ctx.db): Promise<OperatorResellerRow> {
  const [row] = await rows<ListedRow>(db, sql`select l.* from (${listed(ctx.clock.now())}) l where l.id = ${id}`);
  if (!row) throw fail('resellerNotFound');
  return present(row, ctx.clock.now());
}

type ResellerRecord = typeof resellers.$inferSelect;

/** The reseller's row locked for the action (never the operator's), then the action, then the row as listed. */
async function onReseller(ctx: Ctx, id: number, work: (unit: Unit, row: ResellerRecord) => Promise<void>) {
  return transact(ctx, async (unit) => {
    const [row] = await unit.tx
      .select()
      .from(resellers)
      .where(and(eq(resellers.id, id), eq(resellers.kind, 'reseller')))
      .for('update');
    if (!row) throw fail('resellerNotFound');
    await work(unit, row);
    return readReseller(ctx, id, unit.tx);
  });
}

const line = (who: Who, id: number) => ({ actorId: who.operatorId, personId: who.personId, subjectId: id, targetType: 'reseller', targetId: id, ip: who.ip });

/**
 * Opens an account, admin or not, optionally under an admin. Its Owner is the person with the
 * address: one who already signs in here (a member of another account) owns it too, and finds it
 * in the account switcher; anyone else gets a link to set a first password, valid 48 hours, and
 * the language the operator's browser asks for (`locale`), so the link's mail is written in it.
 * The account starts active, prepaid and unverified.
 */
export async function openReseller(ctx: Ctx, who: Who, input: { name: string; email: string; isAdmin: boolean; parentId: number | null; locale?: Locale | null }) {
  if (input.isAdmin && input.parentId !== null) throw fail('adminStaysOnTop');
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await transact(ctx, async (unit) => {
      const { tx } = unit;
      if (input.parentId !== null) await lockAdmin(tx, input.parentId);
      const [taken] = await tx.select({ id: resellers.id }).from(resellers).where(sql`lower(${resellers.email}) = lower(${input.email})`).limit(1);
      if (taken) throw fail('emailTaken');
      const [row] = await tx
        .insert(resellers)
        .values({
          email: input.email,
          name: input.name,
          isAdmin: input.isAdmin,
          parentId: input.parentId,
          customUrl: await freeCustomUrl(tx, input.name),
          clientId: newClientId(),
          status: ACCOUNT_STATUS.active,
        })
        .returning({ id: resellers.id });
      if (!row) throw fail('internal');
      const found = { id: people.id, name: people.name, locale: people.locale };
      const [existing] = await tx.select(found).from(people).where(sql`lower(${people.email}) = lower(${input.email})`).limit(1);
      const [person] = existing ? [existing] : await tx.insert(people).values({ email: input.email, name: input.name, passwordHash, locale: input.locale ?? null }).returning(found);
      if (!person) throw fail('internal');
      await tx.insert(memberships).values({ resellerId: row.id, personId: person.id, role: 'owner' });
      const link = existing ? null : await passwordLinkFor(tx, ctx, person.id);
      await ctx.mail.enqueue(tx, accountOpenedMail(localeOr(person.locale), { email: input.email, name: person.name }, { name: input.name, id: row.id, admin: input.isAdmin }, link, `${ctx.config.publicUrl}/login`));
      await audit(tx, {
        ...line(who, row.id),
        action: 'operator.reseller_opened',
        after: { name: input.name, email: input.email, is_admin: input.isAdmin, parent_id: input.parentId, owner: existing ? 'existing sign-in' : 'new sign-in' },
      });
      return readReseller(ctx, row.id, tx);
    });
  } catch (error) {
    // Two openings with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error, 'resellers_email_lower_key')) throw fail('emailTaken');
    throw error;
  }
}

/** An admin reseller to place a reseller under, its row locked so it cannot change meanwhile. */
async function lockAdmin(tx: Tx, id: number) {
  const [admin] = await tx
    .select({ id: resellers.id, isAdmin: resellers.isAdmin })
    .from(resellers)
    .where(and(eq(resellers.id, id), eq(resellers.kind, 'reseller')))
    .for('update');
  if (!admin) throw fail('resellerNotFound');
  if (!admin.isAdmin) throw fail('parentNotAdmin');
}

/** Verified, as its Owner opening the verification link would make it. */
export async function verifyReseller(ctx: Ctx, who: Who, id: number) {
  return onReseller(ctx, id, async (unit, row) => {
    if (row.verifiedAt !== null) throw fail('userAlreadyVerified');
    const now = ctx.clock.now();
    await unit.tx.update(resellers).set({ verifiedAt: now, updatedAt: now }).where(eq(resellers.id, id));
    await unit.tx.update(people).set({ verifiedAt: now }).where(and(eq(people.id, await ownerOf({ db: unit.tx }, id)), isNull(people.verifiedAt)));
    await audit(unit.tx, { ...line(who, id), action: 'operator.reseller_verified', before: { verified: false }, after: { verified: true } });
    await ctx.notifier.notify(unit, id, { type: 'email_verified', message: notice('operatorVerified'), redirect: 'profile' });
  });
}

/** Suspends (inactive, with the reason) or reactivates, telling the reseller why. */
export async function setResellerStatus(ctx: Ctx, who: Who, input: { id: number; action: 'suspend' | 'reactivate'; reason: string }) {
  return onReseller(ctx, input.id, async (unit, row) => {
    const now = ctx.clock.now();
    const suspend = input.action === 'suspend';
    if (suspend && row.suspendedAt !== null) throw fail('resellerAlreadySuspended');
    if (!suspend && row.suspendedAt === null) throw fail('resellerNotSuspended');
    const before = { status: statusOf({ status: row.status, suspension_reason: row.suspensionReason }), reason: row.suspensionReason };
    await unit.tx
      .update(resellers)
      .set(
        suspend
          ? { status: ACCOUNT_STATUS.inactive, suspendedAt: now, suspensionReason: input.reason, updatedAt: now }
          : { status: ACCOUNT_STATUS.active, suspendedAt: null, suspensionReason: null, updatedAt: now },
      )
      .where(eq(resellers.id, input.id));
    await audit(unit.tx, {
      ...line(who, input.id),
      action: suspend ? 'operator.reseller_suspended' : 'operator.reseller_reactivated',
      before,
      after: { status: suspend ? 'suspended' : 'active', reason: input.reason },
    });
    await ctx.notifier.notify(unit, input.id, {
      type: 'status_changed',
      message: suspend
        ? notice('operatorSuspended', { reason: input.reason })
        : notice('operatorReactivated', { reason: input.reason }),
      redirect: 'profile',
    });
  });
}

/** Under an admin reseller, or on its own. An admin stays on its own, and so does the partner reseller. */
export async function moveReseller(ctx: Ctx, who: Who, input: { id: number; parentId: number | null }) {
  if (input.parentId === input.id) throw fail('parentNotAdmin');
  return transact(ctx, async (unit) => {
    // Both rows locked in id order, so two moves at once cannot deadlock.
    const ids = input.parentId === null ? [input.id] : [input.id, input.parentId].sort((a, b) => a - b);
    await unit.tx.select({ id: resellers.id }).from(resellers).where(inArray(resellers.id, ids)).orderBy(resellers.id).for('update');
    const [row] = await unit.tx.select().from(resellers).where(and(eq(resellers.id, input.id), eq(resellers.kind, 'reseller')));
    if (!row) throw fail('resellerNotFound');
    if (row.isAdmin) throw fail('adminStaysOnTop');
    if (row.id === RESTRICTED_RESELLER_ID && input.parentId !== null) throw fail('partnerStaysOnTop');
    if (input.parentId !== null) await lockAdmin(unit.tx, input.parentId);
    if (row.parentId === input.parentId) throw fail('nothingToUpdate');
    await unit.tx.update(resellers).set({ parentId: input.parentId, updatedAt: ctx.clock.now() }).where(eq(resellers.id, input.id));
    await audit(unit.tx, { ...line(who, input.id), action: 'operator.reseller_moved', before: { parent_id: row.parentId }, after: { parent_id: input.parentId } });
    return readReseller(ctx, input.id, unit.tx);
  });
}

/**
 * Prepaid (no credit) or postpaid (a limit and a settlement day). What is owed is never left
 * uncovered: prepaid only once nothing is owed, and a limit no lower than what is owed.
 */
export async function setResellerTerms(ctx: Ctx, who: Who, input: { id: number; terms: 'prepaid' | 'postpaid'; creditLimitCents?: number | undefined; settlementDay?: number | undefined }) {
  return onReseller(ctx, input.id, async (unit, row) => {
    const owed = Math.max(0, -row.balanceCents);
    const limit = input.terms === 'postpaid' ? (input.creditLimitCents ?? 0) : 0;
    const day = input.terms === 'postpaid' ? (input.settlementDay ?? null) : null;
    if (input.terms === 'prepaid' && owed > 0) throw fail('termsOwed', { owed: formatUsd(owed) });
    if (input.terms === 'postpaid' && limit < owed) throw fail('limitBelowOwed', { owed: formatUsd(owed) });
    if (limit === row.creditLimitCents && day === row.settlementDay) throw fail('nothingToUpdate');
    const now = ctx.clock.now();
    await unit.tx.update(resellers).set({ creditLimitCents: limit, settlementDay: day, termsSetAt: now, updatedAt: now }).where(eq(resellers.id, input.id));
    const terms = (limitCents: number, settlementDay: number | null) =>
      limitCents > 0 ? { terms: 'postpaid', credit_limit: centsToDollars(limitCents), settlement_day: settlementDay } : { terms: 'prepaid' };
    await audit(unit.tx, { ...line(who, input.id), action: 'operator.reseller_terms', before: terms(row.creditLimitCents, row.settlementDay), after: terms(limit, day) });
    await ctx.notifier.notify(unit, input.id, {
      type: 'account_updated',
      message:
        limit > 0
          ? notice('termsPostpaid', { amount: formatUsd(limit), day: String(day) })
          : notice('termsPrepaid'),
      redirect: 'dashboard/overview',
    });
  });
}

/**
 * Money a postpaid account paid outside the panel (a bank transfer): a `settlement` credit that
 * lowers what it owes, never past it (an overpayment is a deposit, not a settlement). The CLI
 * (`settle`) records it the same way.
 */
export async function settleReseller(ctx: Ctx, who: Who | null, input: { id: number; amountCents: number; note: string }) {
  return onReseller(ctx, input.id, async (unit, row) => {
    if (row.creditLimitCents <= 0) throw fail('settleNotPostpaid');
    const owed = Math.max(0, -row.balanceCents);
    if (owed === 0) throw fail('settleNothingOwed');
    if (input.amountCents > owed) throw fail('settleTooMuch', { owed: formatUsd(owed) });
    const balance = await credit(ctx, unit, {
      resellerId: input.id,
      amountCents: input.amountCents,
      kind: 'settlement',
      reference: `settlement:${input.id}:${ctx.clock.now().getTime()}`,
      description: description('settlement', { note: input.note }).slice(0, 500),
      actorId: who?.operatorId ?? null,
      personId: who?.personId ?? null,
    });
    await audit(unit.tx, {
      ...(who ? line(who, input.id) : { actorId: null, subjectId: input.id, targetType: 'reseller', targetId: input.id }),
      action: 'operator.reseller_settled',
      before: { owed: centsToDollars(owed) },
      after: { owed: centsToDollars(Math.max(0, -balance)), amount: centsToDollars(input.amountCents), note: input.note },
    });
    await ctx.notifier.notify(unit, input.id, {
      type: 'payment_received',
      message: notice('settlementRecorded', { amount: formatUsd(input.amountCents), note: input.note, owed: formatUsd(Math.max(0, -balance)) }),
      // A postpaid account's credit line is on its dashboard (the partner reseller has no billing pages).
      redirect: 'dashboard/overview',
    });
  });
}
