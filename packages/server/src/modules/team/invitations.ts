/**
 * Invitations (docs/api.md "Teams"): mailed links that make a membership once accepted, valid for
 * ten days, resent with a new link or revoked while pending. A link is read and accepted by its
 * token alone (public calls); an address that already signs in here accepts only signed in as
 * that person, so an invitation never hands a sign-in to whoever holds the link.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { INVITATION_TTL_DAYS, type InvitationRow, type InvitationStatus, type Locale, type Role } from '@partner-panel/sdk';
import type { AppContext, SessionReseller } from '../../context.js';
import type { Tx } from '../../db/index.js';
import { transact } from '../../db/unit.js';
import { invitations, memberships, people, resellers } from '../../db/schema/index.js';
import { fail, invalid, isUniqueViolation } from '../../http/errors.js';
import { invitationMail } from '../../adapters/mail/templates.js';
import { localeOr } from '../../locales.js';
import { audit } from '../audit/index.js';
import { findSession } from '../auth/sessions.js';
import { hashPassword } from '../auth/passwords.js';
import { addressLocale, findPerson, personByEmail } from '../auth/people.js';
import { hashToken, newToken } from '../auth/secrets.js';
import { openSession } from '../auth/service.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'mail' | 'counters' | 'notifier' | 'realtime' | 'log' | 'secret'>;
type Row = typeof invitations.$inferSelect;
const TTL_MS = INVITATION_TTL_DAYS * 86_400_000;

export function statusOf(row: Pick<Row, 'acceptedAt' | 'revokedAt' | 'expiresAt'>, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

const present = (row: Row & { invitedByEmail: string | null }, now: Date): InvitationRow => ({
  id: row.id,
  email: row.email,
  role: row.role as Role,
  status: statusOf(row, now),
  invited_by: row.invitedByEmail,
  created_at: row.createdAt.toISOString(),
  sent_at: row.sentAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  accepted_at: row.acceptedAt?.toISOString() ?? null,
});

async function rowsOf(ctx: Pick<AppContext, 'db'>, resellerId: number, id?: number) {
  const list = await ctx.db
    .select({ invitation: invitations, invitedByEmail: people.email })
    .from(invitations)
    .leftJoin(people, eq(people.id, invitations.invitedBy))
    .where(and(eq(invitations.resellerId, resellerId), id === undefined ? undefined : eq(invitations.id, id)))
    .orderBy(desc(invitations.id))
    .limit(500);
  return list.map((r) => ({ ...r.invitation, invitedByEmail: r.invitedByEmail }));
}

export async function listInvitations(ctx: Pick<AppContext, 'db' | 'clock'>, session: SessionReseller) {
  const now = ctx.clock.now();
  return { data: (await rowsOf(ctx, session.id)).map((row) => present(row, now)) };
}

const link = (ctx: Pick<AppContext, 'config'>, token: string) => `${ctx.config.publicUrl}/invitation/${token}`;

/**
 * The invitation, in the language of the person it goes to when the address already signs in here
 * and they chose one; else in the inviting member's, the likelier one of the two to be shared.
 */
async function mailFor(ctx: Ctx, tx: Tx, session: SessionReseller, to: { email: string; role: Role }, token: string) {
  const locale = (await addressLocale({ db: tx }, to.email)) ?? localeOr(session.personLocale);
  return invitationMail(
    locale,
    { to: to.email, account: session.name, invitedBy: session.personName, role: to.role, url: link(ctx, token), days: INVITATION_TTL_DAYS },
    session.id,
  );
}

export async function invite(ctx: Ctx, session: SessionReseller, list: { email: string; role: Role }[], ip: string) {
  const now = ctx.clock.now();
  const seen = new Set<string>();
  for (const [i, item] of list.entries()) {
    if (item.role === 'owner') throw fail('roleNotGrantable');
    const key = item.email.toLowerCase();
    if (seen.has(key)) throw invalid(`${item.email} is listed twice.`, `invitations.${i}.email`);
    seen.add(key);
  }
  const made = await transact(ctx, async (unit) => {
    const { tx } = unit;
    // All or none: one address already in the team or invited refuses the whole call.
    for (const item of list) {
      const [member] = await tx
        .select({ id: memberships.personId })
        .from(memberships)
        .innerJoin(people, eq(people.id, memberships.personId))
        .where(and(eq(memberships.resellerId, session.id), personByEmail(item.email)));
      if (member) throw fail('alreadyMember', { email: item.email });
      const [pending] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.resellerId, session.id), sql`lower(${invitations.email}) = lower(${item.email})`, sql`accepted_at is null and revoked_at is null and expires_at > ${now}`));
      if (pending) throw fail('invitationPending', { email: item.email });
    }
    const ids: number[] = [];
    for (const item of list) {
      const token = newToken();
      const [row] = await tx
        .insert(invitations)
        .values({ resellerId: session.id, email: item.email, role: item.role, tokenHash: hashToken(token), invitedBy: session.personId, createdAt: now, sentAt: now, expiresAt: new Date(now.getTime() + TTL_MS) })
        .returning({ id: invitations.id });
      if (!row) throw fail('internal');
      ids.push(row.id);
      await ctx.mail.enqueue(tx, await mailFor(ctx, tx, session, item, token));
      await audit(tx, { actorId: session.id, personId: session.personId, action: 'team.invited', targetType: 'invitation', targetId: row.id, data: { email: item.email, role: item.role }, ip });
    }
    return ids;
  });
  const all = await rowsOf(ctx, session.id);
  return { data: all.filter((row) => made.includes(row.id)).map((row) => present(row, now)) };
}

async function ownInvitation(ctx: Pick<AppContext, 'db'>, session: SessionReseller, id: number) {
  const [row] = await rowsOf(ctx, session.id, id);
  if (!row) throw fail('invitationNotFound');
  return row;
}

/** A new link for a pending or expired invitation, valid ten days from now; the old link stops working. */
export async function resend(ctx: Ctx, session: SessionReseller, id: number, ip: string) {
  const row = await ownInvitation(ctx, session, id);
  const now = ctx.clock.now();
  const status = statusOf(row, now);
  if (status !== 'pending' && status !== 'expired') throw fail('invitationClosed');
  const token = newToken();
  await transact(ctx, async (unit) => {
    const done = await unit.tx
      .update(invitations)
      .set({ tokenHash: hashToken(token), sentAt: now, expiresAt: new Date(now.getTime() + TTL_MS) })
      .where(and(eq(invitations.id, row.id), sql`accepted_at is null and revoked_at is null`))
      .returning({ id: invitations.id });
    if (!done.length) throw fail('invitationClosed');
    await ctx.mail.enqueue(unit.tx, await mailFor(ctx, unit.tx, session, { email: row.email, role: row.role as Role }, token));
    await audit(unit.tx, { actorId: session.id, personId: session.personId, action: 'team.invitation_resent', targetType: 'invitation', targetId: row.id, ip });
  });
  return present(await ownInvitation(ctx, session, id), now);
}

export async function revoke(ctx: Ctx, session: SessionReseller, id: number, ip: string) {
  const row = await ownInvitation(ctx, session, id);
  const now = ctx.clock.now();
  if (statusOf(row, now) !== 'pending') throw fail('invitationClosed');
  await transact(ctx, async (unit) => {
    const done = await unit.tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.id, row.id), sql`accepted_at is null and revoked_at is null`))
      .returning({ id: invitations.id });
    if (!done.length) throw fail('invitationClosed');
    await audit(unit.tx, { actorId: session.id, personId: session.personId, action: 'team.invitation_revoked', targetType: 'invitation', targetId: row.id, ip });
  });
  return present(await ownInvitation(ctx, session, id), now);
}

/** A live invitation by the token of its link, or the sentence saying why it is not. */
function refuseClosed(row: Row | undefined, now: Date) {
  if (!row) throw fail('invitationNotFound');
  const status = statusOf(row, now);
  if (status === 'accepted') throw fail('invitationUsed');
  if (status === 'revoked') throw fail('invitationRevoked');
  if (status === 'expired') throw fail('invitationExpired');
  return row;
}

async function byToken(ctx: Pick<AppContext, 'db'>, token: string) {
  const [row] = await ctx.db.select().from(invitations).where(eq(invitations.tokenHash, hashToken(token)));
  return row;
}

export async function readInvitation(ctx: Ctx, token: string) {
  const row = refuseClosed(await byToken(ctx, token), ctx.clock.now());
  const [account] = await ctx.db.select({ name: resellers.name }).from(resellers).where(eq(resellers.id, row.resellerId));
  return { account: account?.name ?? '', email: row.email, role: row.role as Role, expires_at: row.expiresAt.toISOString(), existing_person: !!(await findPerson(ctx, row.email)) };
}

/**
 * Takes an invitation: a person new here is made with the name and password given and the
 * language their browser asks for (`meta.locale`), when it is one of ours.
 */
export async function accept(
  ctx: Ctx,
  input: { token: string; name?: string | undefined; password?: string | undefined },
  bearer: string | null,
  meta: { ip?: string; userAgent?: string; locale?: Locale | null },
) {
  const now = ctx.clock.now();
  const row = refuseClosed(await byToken(ctx, input.token), now);
  const existing = await findPerson(ctx, row.email);
  if (existing) {
    // The address signs in here already: only that person, signed in, may take the invitation.
    const session = bearer ? await findSession(ctx, bearer) : null;
    if (!session) throw fail('invitationSignInFirst', { email: row.email });
    if (session.personId !== existing.id) throw fail('invitationOtherEmail', { email: row.email });
  } else {
    if (!input.name) throw invalid('Full Name is required', 'name');
    if (!input.password) throw invalid('Password is required', 'password');
  }
  const passwordHash = existing ? null : await hashPassword(input.password as string);
  let personId = existing?.id ?? 0;
  try {
    await transact(ctx, async (unit) => {
      const { tx } = unit;
      // Spent conditionally: of two acceptances of one link, one wins and the other is told it was used.
      const spent = await tx
        .update(invitations)
        .set({ acceptedAt: now })
        .where(and(eq(invitations.id, row.id), sql`accepted_at is null and revoked_at is null and expires_at > ${now}`))
        .returning({ id: invitations.id });
      if (!spent.length) throw fail('invitationUsed');
      if (!existing) {
        // The invitation's mailbox is proven by its link: the new person is verified.
        const [person] = await tx
          .insert(people)
          .values({ email: row.email, name: input.name as string, passwordHash: passwordHash as string, verifiedAt: now, locale: meta.locale ?? null })
          .returning();
        if (!person) throw fail('internal');
        personId = person.id;
      }
      await tx.insert(memberships).values({ resellerId: row.resellerId, personId, role: row.role, createdAt: now });
      await tx.update(invitations).set({ acceptedBy: personId }).where(eq(invitations.id, row.id));
      await audit(tx, { actorId: row.resellerId, personId, action: 'team.joined', targetType: 'invitation', targetId: row.id, data: { role: row.role }, ip: meta.ip });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'memberships_pkey') || isUniqueViolation(error, 'memberships_reseller_id_person_id_pk')) throw fail('alreadyMember', { email: row.email });
    if (isUniqueViolation(error, 'people_email_lower_key')) throw fail('invitationSignInFirst', { email: row.email });
    throw error;
  }
  const [person] = await ctx.db.select().from(people).where(eq(people.id, personId));
  if (!person) throw fail('internal');
  return openSession(ctx, person, row.resellerId, meta);
}
