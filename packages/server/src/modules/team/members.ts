/**
 * The members of an account (docs/api.md "Teams"): listing them, changing a role or an Operations
 * member's daily limit, removing one, transferring ownership, requiring a second factor of all.
 * A member whose access shrinks loses their sessions in the account at once, sockets included
 * (`realtime.endSessions` after commit), so their next call answers `forbidden` (000 §4).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { LIMITED_ROLES, centsToDollars, type Role, type TeamMemberRow } from '@partner-panel/sdk';
import type { AppContext, SessionReseller } from '../../context.js';
import { transact, type Unit } from '../../db/unit.js';
import { memberships, notificationStates, people, resellers } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { audit } from '../audit/index.js';
import { revokeSessions } from '../auth/sessions.js';

import { operatorNeedsTwoFactor } from '../operator/two-factor.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'realtime' | 'log' | 'config'>;

const twoFactorOn = sql<boolean>`(${people.totpSecret} is not null or exists (select 1 from passkeys k where k.person_id = ${people.id}))`;

async function memberRows(ctx: Pick<AppContext, 'db'>, resellerId: number, personId?: number) {
  return ctx.db
    .select({
      personId: people.id,
      email: people.email,
      name: people.name,
      role: memberships.role,
      dailyLimitCents: memberships.dailyLimitCents,
      twoFactor: twoFactorOn,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(people, eq(people.id, memberships.personId))
    .where(and(eq(memberships.resellerId, resellerId), personId === undefined ? undefined : eq(memberships.personId, personId)))
    .orderBy(desc(sql`${memberships.role} = 'owner'`), asc(memberships.createdAt), asc(people.id));
}

const present = (row: Awaited<ReturnType<typeof memberRows>>[number], you: number): TeamMemberRow => ({
  person_id: row.personId,
  email: row.email,
  name: row.name,
  role: row.role as Role,
  daily_limit: row.dailyLimitCents === null ? null : centsToDollars(row.dailyLimitCents),
  two_factor: Boolean(row.twoFactor),
  joined_at: row.joinedAt.toISOString(),
  you: row.personId === you,
});

export async function listMembers(ctx: Pick<AppContext, 'db'>, session: SessionReseller) {
  const [rows, [account]] = await Promise.all([
    memberRows(ctx, session.id),
    ctx.db.select({ required: resellers.twoFactorRequired }).from(resellers).where(eq(resellers.id, session.id)),
  ]);
  return { data: rows.map((row) => present(row, session.personId)), two_factor_required: account?.required ?? false };
}

/** The member another member acts on: never oneself, and the Owner only by the Owner's transfer. */
async function target(ctx: Pick<AppContext, 'db'>, session: SessionReseller, personId: number) {
  if (personId === session.personId) throw fail('selfChange');
  const [row] = await memberRows(ctx, session.id, personId);
  if (!row) throw fail('memberNotFound');
  if (row.role === 'owner') throw fail('ownerProtected');
  return row;
}

/** Ends the member's sessions in this account once the change commits; their next call is signed out. */
async function endAccess(ctx: Ctx, unit: Unit, resellerId: number, personId: number) {
  const ended = await revokeSessions(unit.tx, personId, ctx.clock.now(), null, resellerId);
  unit.afterCommit(() => ctx.realtime.endSessions(ended));
}

export async function updateMember(ctx: Ctx, session: SessionReseller, input: { person_id: number; role?: Role | undefined; daily_limit?: number | null | undefined }, ip: string) {
  const row = await target(ctx, session, input.person_id);
  if (input.role === 'owner') throw fail('roleNotGrantable');
  const role = input.role ?? (row.role as Role);
  const limited = LIMITED_ROLES.includes(role);
  if (input.daily_limit !== undefined && input.daily_limit !== null && !limited) throw fail('limitOperationsOnly');
  // A role without a limit drops the one it had; a limit given is kept in cents.
  const dailyLimitCents = !limited ? null : input.daily_limit === undefined ? row.dailyLimitCents : input.daily_limit === null ? null : Math.round(input.daily_limit * 100);
  if (role === row.role && dailyLimitCents === row.dailyLimitCents) throw fail('nothingToUpdate');
  await transact(ctx, async (unit) => {
    await unit.tx
      .update(memberships)
      .set({ role, dailyLimitCents })
      .where(and(eq(memberships.resellerId, session.id), eq(memberships.personId, row.personId)));
    if (role !== row.role) {
      await audit(unit.tx, { actorId: session.id, personId: session.personId, action: 'team.role_changed', targetType: 'person', targetId: row.personId, before: { role: row.role }, after: { role }, ip });
      await endAccess(ctx, unit, session.id, row.personId);
    }
    if (dailyLimitCents !== row.dailyLimitCents) {
      await audit(unit.tx, { actorId: session.id, personId: session.personId, action: 'team.daily_limit_changed', targetType: 'person', targetId: row.personId, before: { cents: row.dailyLimitCents }, after: { cents: dailyLimitCents }, ip });
    }
  });
  const [after] = await memberRows(ctx, session.id, row.personId);
  if (!after) throw fail('memberNotFound');
  return present(after, session.personId);
}

export async function removeMember(ctx: Ctx, session: SessionReseller, personId: number, ip: string) {
  const row = await target(ctx, session, personId);
  await transact(ctx, async (unit) => {
    await unit.tx.delete(memberships).where(and(eq(memberships.resellerId, session.id), eq(memberships.personId, row.personId)));
    // Their bell in this account goes with them; invited again, they start from what is written then.
    await unit.tx.delete(notificationStates).where(and(eq(notificationStates.resellerId, session.id), eq(notificationStates.personId, row.personId)));
    await audit(unit.tx, { actorId: session.id, personId: session.personId, action: 'team.member_removed', targetType: 'person', targetId: row.personId, before: { email: row.email, role: row.role }, ip });
    await endAccess(ctx, unit, session.id, row.personId);
  });
}

/** The Owner hands the account over: the member becomes Owner, the Owner an Administrator. */
export async function transferOwnership(ctx: Ctx, session: SessionReseller, personId: number, ip: string) {
  if (session.role !== 'owner') throw fail('ownerOnly');
  const row = await target(ctx, session, personId);
  await transact(ctx, async (unit) => {
    // One Owner at a time (a unique index): the Owner steps down first.
    await unit.tx.update(memberships).set({ role: 'administrator', dailyLimitCents: null }).where(and(eq(memberships.resellerId, session.id), eq(memberships.personId, session.personId)));
    await unit.tx.update(memberships).set({ role: 'owner', dailyLimitCents: null }).where(and(eq(memberships.resellerId, session.id), eq(memberships.personId, row.personId)));
    await audit(unit.tx, { actorId: session.id, personId: session.personId, action: 'team.ownership_transferred', targetType: 'person', targetId: row.personId, before: { owner: session.personId }, after: { owner: row.personId }, ip });
  });
  return listMembers(ctx, { ...session, role: 'administrator' });
}

export async function requireTwoFactorOfAll(ctx: Ctx, session: SessionReseller, required: boolean, ip: string) {
  // The operator's members change the catalogue every reseller pays: outside the demo data, always a second factor.
  if (!required && session.isOperator && operatorNeedsTwoFactor(ctx.config)) throw fail('operatorTwoFactor');
  await transact(ctx, async (unit) => {
    await unit.tx.update(resellers).set({ twoFactorRequired: required, updatedAt: ctx.clock.now() }).where(eq(resellers.id, session.id));
    await audit(unit.tx, { actorId: session.id, personId: session.personId, action: required ? 'team.two_factor_required' : 'team.two_factor_not_required', targetType: 'reseller', targetId: session.id, ip });
  });
  return { required };
}
