/**
 * Sessions a person can see (docs/api.md "Sessions and security events"): the account's signed-in
 * sessions with the device read from the user agent, ending one or every other, the mail on a
 * sign-in from a device the account never used, and the account's own security events.
 */
import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext, SessionReseller } from '../../context.js';
import { accessTokens, auditLog, people } from '../../db/schema/index.js';
import { DEFAULT_LOCALE, type Locale } from '@partner-panel/sdk';
import { fail } from '../../http/errors.js';
import { newDeviceMail } from '../../adapters/mail/templates.js';
import { localeOr } from '../../locales.js';
import { describeSecurityEvent, SECURITY_ACTIONS } from './security-words.js';
import { audit } from '../audit/index.js';
import { revokeSessions } from './sessions.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'mail' | 'realtime'>;

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Windows", or what the user agent says when it names neither (an API client). */
export function deviceOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system) as string;
  const first = ua.trim().split(/\s+/)[0];
  return first ? first.slice(0, 60) : 'Unknown device';
}

/** A person's live sessions, in whichever of their accounts each acts. */
const live = (ctx: Pick<AppContext, 'clock'>, personId: number) =>
  and(eq(accessTokens.personId, personId), eq(accessTokens.kind, 'session'), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, ctx.clock.now()));

export async function listSessions(ctx: Ctx, session: SessionReseller) {
  const rows = await ctx.db.select().from(accessTokens).where(live(ctx, session.personId)).orderBy(desc(accessTokens.id)).limit(100);
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    ip: row.ip,
    started_at: row.createdAt.toISOString(),
    last_seen_at: (row.lastUsedAt ?? row.createdAt).toISOString(),
    current: row.id === session.tokenId,
  }));
}

/**
 * Another reseller's session, or one already ended, is refused as a missing one. The ended
 * session's sockets close once the change commits, as its HTTP calls stop.
 */
export async function endSession(ctx: Ctx, session: SessionReseller, id: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(accessTokens)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(eq(accessTokens.id, id), live(ctx, session.personId)))
      .returning({ id: accessTokens.id, userAgent: accessTokens.userAgent });
    if (!ended) throw fail('sessionNotFound');
    await audit(tx, { actorId: session.id, personId: session.personId, action: 'reseller.session_ended', targetType: 'session', targetId: id, data: { device: deviceOf(ended.userAgent) }, ip });
  });
  await ctx.realtime.endSessions([id]);
}

export async function endOtherSessions(ctx: Ctx, session: SessionReseller, ip: string) {
  const ended = await ctx.db.transaction(async (tx) => {
    const ids = await revokeSessions(tx, session.personId, ctx.clock.now(), session.tokenId);
    await audit(tx, { actorId: session.id, personId: session.personId, action: 'reseller.other_sessions_ended', targetType: 'reseller', targetId: session.id, data: { ended: ids.length }, ip });
    return ids;
  });
  await ctx.realtime.endSessions(ended);
  return { ended: ended.length };
}

/**
 * After a sign-in: the audit line, and a mail when the device is one the account never signed in
 * from before (not on the very first sign-in: every device is new then).
 */
export async function noteSignIn(ctx: Ctx, person: { id: number; email: string; name: string; locale: string | null; timeZone: string | null; resellerId: number }, tokenId: number, meta: { ip?: string; userAgent?: string }) {
  const device = deviceOf(meta.userAgent);
  const earlier = await ctx.db
    .select({ userAgent: accessTokens.userAgent })
    .from(accessTokens)
    .where(and(eq(accessTokens.personId, person.id), eq(accessTokens.kind, 'session'), ne(accessTokens.id, tokenId)))
    .orderBy(desc(accessTokens.id))
    .limit(200);
  const fresh = earlier.length > 0 && !earlier.some((row) => deviceOf(row.userAgent) === device);
  await ctx.db.transaction(async (tx) => {
    await audit(tx, { actorId: person.resellerId, personId: person.id, action: 'reseller.signed_in', targetType: 'session', targetId: tokenId, data: { device, new_device: fresh }, ip: meta.ip });
    if (fresh) await ctx.mail.enqueue(tx, newDeviceMail(localeOr(person.locale), person, device, meta.ip ?? null, ctx.clock.now()));
  });
}

/** The account's keys and webhooks: every member sees who changed them (a key acts for the whole account). */
const ACCOUNT_WIDE: string[] = SECURITY_ACTIONS.filter((a) => a.startsWith('secret_key.') || a.startsWith('webhook_endpoint.'));
const OWN = SECURITY_ACTIONS.filter((a) => !a.startsWith('user.') && !ACCOUNT_WIDE.includes(a));
const DONE_TO = SECURITY_ACTIONS.filter((a) => a.startsWith('user.'));

/**
 * A person's security history: what they did to their own sign-in and the account's keys and
 * webhooks they changed, and what the account's admin parent did to the account.
 */
export async function securityEvents(ctx: Pick<AppContext, 'db'>, resellerId: number, personId: number, locale: Locale = DEFAULT_LOCALE) {
  const rows = await ctx.db
    .select({ entry: auditLog, person: { id: people.id, name: people.name, email: people.email } })
    .from(auditLog)
    .leftJoin(people, eq(people.id, auditLog.personId))
    .where(
      or(
        and(eq(auditLog.personId, personId), inArray(auditLog.action, OWN), sql`${auditLog.subjectId} is null`),
        and(eq(auditLog.actorId, resellerId), inArray(auditLog.action, ACCOUNT_WIDE), sql`${auditLog.subjectId} is null`),
        and(eq(auditLog.subjectId, resellerId), inArray(auditLog.action, DONE_TO)),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(50);
  return rows.map(({ entry: row, person }) => ({
    id: Number(row.id),
    action: row.action,
    // In the reader's language: the list is the portal's own reading (./security-words.ts).
    description: describeSecurityEvent(locale, row.action, (row.data ?? {}) as Record<string, unknown>),
    // Who did it: the person, or the account's own member who changed a key or webhook. What the
    // admin parent did to the account names none of the parent's people to it ('Your administrator').
    person: person && row.subjectId === null ? person : null,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  }));
}
