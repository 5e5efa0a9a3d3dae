/** Bearer sessions: issued at sign-in, looked up by hash, revoked by logout, password and second-factor changes. */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext, SessionReseller } from '../../context.js';
import type { Tx } from '../../db/index.js';
import { preparedOn } from '../../db/prepared.js';
import type { Locale, Role } from '@partner-panel/sdk';
import { accessTokens, memberships, people, resellers } from '../../db/schema/index.js';
import { hashToken, newToken } from './secrets.js';

/** A session of a person, acting for one of their accounts (which the person may switch). */
export async function issueSession(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  resellerId: number,
  personId: number,
  meta: { ip?: string; userAgent?: string },
) {
  const token = newToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + ctx.config.sessionTtlMs);
  const [row] = await ctx.db
    .insert(accessTokens)
    .values({
      resellerId,
      personId,
      kind: 'session',
      tokenHash: hashToken(token),
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: accessTokens.id });
  return { token, expiresAt, id: Number(row?.id) };
}

/**
 * The lookup every signed-in call makes: the session, its account, and the person's membership of
 * it — a member removed from the account has no session there any more, whatever the token says.
 */
const sessionLookup = preparedOn((db) =>
  db
    .select({
      tokenId: accessTokens.id,
      lastUsedAt: accessTokens.lastUsedAt,
      id: resellers.id,
      email: resellers.email,
      name: resellers.name,
      status: resellers.status,
      isAdmin: resellers.isAdmin,
      kind: resellers.kind,
      parentId: resellers.parentId,
      customUrl: resellers.customUrl,
      clientId: resellers.clientId,
      verifiedAt: resellers.verifiedAt,
      personId: people.id,
      personEmail: people.email,
      personName: people.name,
      personLocale: people.locale,
      personTimeZone: people.timeZone,
      role: memberships.role,
      dailyLimitCents: memberships.dailyLimitCents,
    })
    .from(accessTokens)
    .innerJoin(resellers, eq(resellers.id, accessTokens.resellerId))
    .innerJoin(people, eq(people.id, accessTokens.personId))
    .innerJoin(memberships, and(eq(memberships.resellerId, accessTokens.resellerId), eq(memberships.personId, accessTokens.personId)))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('hash')),
        eq(accessTokens.kind, 'session'),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_session'),
);

/** The reseller of a live session token, or null. */
export async function findSession(ctx: Pick<AppContext, 'db' | 'clock'>, token: string): Promise<SessionReseller | null> {
  const now = ctx.clock.now();
  const [row] = await sessionLookup(ctx.db).execute({ hash: hashToken(token), now });
  if (!row) return null;
  // Touch at most once a minute: a write per request would cost more than it tells.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await ctx.db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, row.tokenId));
  }
  const { verifiedAt, lastUsedAt: _ignored, role, kind, personLocale, ...rest } = row;
  return { ...rest, personLocale: personLocale as Locale | null, role: role as Role, isOperator: kind === 'operator', verified: verifiedAt !== null };
}

export async function revokeSession(tx: Tx, tokenId: number, now: Date) {
  await tx.update(accessTokens).set({ revokedAt: now }).where(eq(accessTokens.id, tokenId));
}

/**
 * Ends a person's live sessions, all of them (a password change or reset) or all but the one
 * kept (a second factor changed); with `resellerId`, only those acting for that account (a member
 * removed or given a lower role). Answers the ids ended, whose sockets the caller closes once the
 * change commits (`realtime.endSessions`).
 */
export async function revokeSessions(tx: Tx, personId: number, now: Date, keep: number | null = null, resellerId?: number): Promise<number[]> {
  const rows = await tx
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessTokens.personId, personId),
        resellerId === undefined ? undefined : eq(accessTokens.resellerId, resellerId),
        eq(accessTokens.kind, 'session'),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, now),
        keep === null ? undefined : ne(accessTokens.id, keep),
      ),
    )
    .returning({ id: accessTokens.id });
  return rows.map((row) => row.id);
}
