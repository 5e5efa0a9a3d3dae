/**
 * Accounts and sessions: sign-up, e-mail verification, sign-in, password reset and change.
 *
 * Decisions the spec leaves to us (docs/api.md):
 * - Signing in with the right password to an unverified address is refused with rspf-login-1014,
 *   and a new verification link is mailed (at most one every two minutes).
 * - POST /api/register/resend mails a new link to an unverified address; it answers the same
 *   whether or not the address exists, so it cannot be used to discover accounts.
 * - A reset hash opened by /api/password/verify starts a reset session held in an HttpOnly cookie;
 *   /api/password/update (which carries only client_id) needs that session.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, notice, type Locale } from '@partner-panel/sdk';
import type { AppContext, SessionReseller } from '../../context.js';
import type { Tx } from '../../db/index.js';
import { transact, type Unit } from '../../db/unit.js';
import { accountTokens, memberships, people, resellers } from '../../db/schema/index.js';
import { fail, isUniqueViolation } from '../../http/errors.js';
import { passwordChangedMail, resetMail, verificationMail } from '../../adapters/mail/templates.js';
import type { MailMessage } from '../../adapters/mail/types.js';
import { audit } from '../audit/index.js';
import { presentSignedIn } from '../profile/present.js';
import { findPerson, firstAccount, loadPerson, type PersonRow } from './people.js';
import { freeCustomUrl, newClientId } from './identity.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import { issueSession, revokeSession, revokeSessions } from './sessions.js';
import { hashToken, newToken } from './secrets.js';
import { metrics } from '../../ops/metrics.js';
import { localeOr } from '../../locales.js';
import { noteSignIn } from './signed-in.js';
import { secondStep } from './two-factor.js';

export const VERIFY_TTL_HOURS = 48;
export const RESET_TTL_MINUTES = 60;
const RESEND_GAP_MS = 2 * 60_000;

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'mail' | 'counters' | 'notifier' | 'realtime' | 'log' | 'secret'>;
interface Meta {
  ip?: string;
  userAgent?: string;
}

/** A sign-up's request: its address, browser, and the language its browser asks for (Accept-Language). */
interface SignUpMeta extends Meta {
  locale?: Locale | null;
}

const byEmail = (email: string) => sql`lower(${resellers.email}) = lower(${email})`;
const findByEmail = (ctx: Ctx, email: string) => findPerson(ctx, email);

/**
 * Sets a person's password, on every path that does (the reset, the change, an admin's for a
 * user's Owner): the hash replaces the old one (made by the caller before the transaction, as
 * argon2 takes a while), every session and reset link is spent, the mail saying so is queued, and
 * once that commits the person's live sockets are closed so none goes on hearing its events. (The
 * account's channel stays open to its other members.)
 */
export async function replacePassword(
  ctx: Pick<AppContext, 'realtime' | 'mail'>,
  unit: Unit,
  personId: number,
  change: { passwordHash: string; now: Date; mail: MailMessage; verifiedAt?: Date },
) {
  const { passwordHash, now, mail, verifiedAt } = change;
  await unit.tx
    .update(people)
    .set({ passwordHash, updatedAt: now, ...(verifiedAt ? { verifiedAt } : {}) })
    .where(eq(people.id, personId));
  const ended = await revokeSessions(unit.tx, personId, now);
  await spendResetLinks(unit.tx, personId, now);
  await ctx.mail.enqueue(unit.tx, mail);
  // The sockets of the ended sessions, signed in as one or subscribed for one (any socket server).
  unit.afterCommit(() => ctx.realtime.endSessions(ended));
}

/** Only the newest reset link works, and none once the password has changed. */
async function spendResetLinks(tx: Tx, personId: number, now: Date) {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.personId, personId), eq(accountTokens.purpose, 'reset_password'), isNull(accountTokens.usedAt)));
}

async function createAccountToken(tx: Tx, ctx: Ctx, personId: number, purpose: 'verify_email' | 'reset_password', ttlMs?: number) {
  if (purpose === 'reset_password') await spendResetLinks(tx, personId, ctx.clock.now());
  const token = newToken();
  const ttl = ttlMs ?? (purpose === 'verify_email' ? VERIFY_TTL_HOURS * 3600_000 : RESET_TTL_MINUTES * 60_000);
  await tx.insert(accountTokens).values({
    personId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.clock.now().getTime() + ttl),
  });
  return token;
}

async function sendVerification(tx: Tx, ctx: Ctx, person: Pick<PersonRow, 'id' | 'email' | 'name' | 'locale'>) {
  const token = await createAccountToken(tx, ctx, person.id, 'verify_email');
  await ctx.mail.enqueue(tx, verificationMail(localeOr(person.locale), person, `${ctx.config.publicUrl}/verification/${token}`, VERIFY_TTL_HOURS));
}

/**
 * The link a person whose account someone else opened (the operator) sets a first password with:
 * the reset page, valid as long as a verification link, and setting it proves the mailbox.
 */
export async function passwordLinkFor(tx: Tx, ctx: Pick<Ctx, 'clock' | 'config'>, personId: number) {
  const token = await createAccountToken(tx, ctx as Ctx, personId, 'reset_password', VERIFY_TTL_HOURS * 3600_000);
  return { url: `${ctx.config.publicUrl}/reset-password/${token}`, hours: VERIFY_TTL_HOURS };
}

/** Has a verification mail gone out to this person in the last two minutes? */
async function recentlySentVerification(ctx: Ctx, personId: number) {
  const [last] = await ctx.db
    .select({ createdAt: accountTokens.createdAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.personId, personId), eq(accountTokens.purpose, 'verify_email')))
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return !!last && ctx.clock.now().getTime() - last.createdAt.getTime() < RESEND_GAP_MS;
}

/**
 * A new account and its Owner, the person signing up, who keeps the language their browser asked
 * for when it is one of ours: the verification mail, and every later one, is written in it.
 */
export async function register(ctx: Ctx, input: { email: string; name: string; password: string }, meta: SignUpMeta) {
  if ((await findByEmail(ctx, input.email)) || (await ctx.db.select({ id: resellers.id }).from(resellers).where(byEmail(input.email)).limit(1)).length) {
    throw fail('emailTaken');
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const reseller = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(resellers)
        .values({
          email: input.email,
          name: input.name,
          customUrl: await freeCustomUrl(tx, input.name),
          clientId: newClientId(),
          status: ACCOUNT_STATUS.active,
        })
        .returning();
      if (!row) throw fail('internal');
      const [person] = await tx.insert(people).values({ email: input.email, name: input.name, passwordHash, locale: meta.locale ?? null }).returning();
      if (!person) throw fail('internal');
      await tx.insert(memberships).values({ resellerId: row.id, personId: person.id, role: 'owner' });
      await sendVerification(tx, ctx, person);
      await audit(tx, { actorId: row.id, personId: person.id, action: 'reseller.registered', targetType: 'reseller', targetId: row.id, ip: meta.ip });
      return row;
    });
    return reseller;
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error, 'resellers_email_lower_key') || isUniqueViolation(error, 'people_email_lower_key')) throw fail('emailTaken');
    if (isUniqueViolation(error, 'resellers_custom_url_key')) return register(ctx, input, meta);
    throw error;
  }
}

async function findAccountToken(ctx: Ctx, token: string, purpose: 'verify_email' | 'reset_password') {
  const [row] = await ctx.db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/**
 * Answers whether the address was verified just now (false: it already was). The person's
 * mailbox is proven, and so are the accounts they own that were waiting for it.
 */
export async function verifyEmail(ctx: Ctx, hash: string): Promise<{ email: string; firstTime: boolean }> {
  const token = await findAccountToken(ctx, hash, 'verify_email');
  if (!token) throw fail('verificationInvalid');
  const [person] = await ctx.db.select().from(people).where(eq(people.id, token.personId));
  if (!person) throw fail('verificationInvalid');
  // Opening the link twice is harmless: the second time says it is done.
  if (person.verifiedAt) return { email: person.email, firstTime: false };
  if (token.usedAt || token.expiresAt <= ctx.clock.now()) throw fail('verificationInvalid');
  const now = ctx.clock.now();
  await transact(ctx, async (unit) => {
    const { tx } = unit;
    await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, token.id));
    await tx.update(people).set({ verifiedAt: now, updatedAt: now }).where(eq(people.id, person.id));
    const owned = await tx
      .update(resellers)
      .set({ verifiedAt: now, updatedAt: now })
      .where(and(isNull(resellers.verifiedAt), sql`${resellers.id} in (select reseller_id from memberships where person_id = ${person.id} and role = 'owner')`))
      .returning({ id: resellers.id });
    for (const { id } of owned) {
      await audit(tx, { actorId: id, personId: person.id, action: 'reseller.email_verified', targetType: 'reseller', targetId: id });
      await ctx.notifier.notify(unit, id, {
        type: 'email_verified',
        message: notice('emailVerified'),
        redirect: 'dashboard/overview',
      });
    }
  });
  return { email: person.email, firstTime: true };
}

export async function resendVerification(ctx: Ctx, email: string) {
  const person = await findByEmail(ctx, email);
  if (!person || person.verifiedAt || (await recentlySentVerification(ctx, person.id))) return;
  await ctx.db.transaction((tx) => sendVerification(tx, ctx, person));
}

const loginKey = (email: string) => `login:${email.toLowerCase()}`;

export async function login(ctx: Ctx, input: { email: string; password: string }, meta: Meta) {
  const key = loginKey(input.email);
  // Counted before the password is checked, in one atomic step, so parallel guesses cannot all
  // slip in under the limit; a success clears the count ("in a row").
  await ctx.counters.take(key, ctx.config.rateLimits.loginPerAccount, ctx.config.rateLimits.windowMs).catch((error: unknown) => {
    metrics.signInLockouts.inc();
    throw error;
  });

  const person = await findByEmail(ctx, input.email);
  const ok = person ? await verifyPassword(person.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!person || !ok) {
    metrics.signInFailures.inc();
    throw fail('loginFailed');
  }
  if (!person.verifiedAt) {
    await ctx.counters.reset(key);
    if (!(await recentlySentVerification(ctx, person.id))) {
      await ctx.db.transaction((tx) => sendVerification(tx, ctx, person));
    }
    throw fail('emailNotVerified');
  }
  const account = await firstAccount(ctx, person.id);
  // A second factor is the third step: the count of failures runs on until it is passed too.
  const third = await secondStep(ctx, person, account.reseller);
  if (third) throw third;
  await ctx.counters.reset(key);
  return openSession(ctx, person, account.reseller.id, meta);
}

/** Signs a person in whose every step has passed: a new session in the account, its answer. */
export async function openSession(ctx: Ctx, person: PersonRow, resellerId: number, meta: Meta) {
  const session = await issueSession(ctx, resellerId, person.id, meta);
  const now = ctx.clock.now();
  await ctx.db.update(people).set({ lastLoginAt: now }).where(eq(people.id, person.id));
  await ctx.db.update(resellers).set({ lastLoginAt: now }).where(eq(resellers.id, resellerId));
  await noteSignIn(ctx, { ...person, resellerId }, session.id, meta);
  return { ...(await presentSignedIn(ctx, resellerId, person.id)), access_token: session.token, expires_at: session.expiresAt.toISOString() };
}

/** Signs a person in after the second step: in the account a sign-in opens in. */
export async function openFirstSession(ctx: Ctx, person: PersonRow, meta: Meta) {
  return openSession(ctx, person, (await firstAccount(ctx, person.id)).reseller.id, meta);
}

export async function logout(ctx: Ctx, reseller: SessionReseller) {
  await revokeSession(ctx.db, reseller.tokenId, ctx.clock.now());
  await ctx.realtime.endSessions([reseller.tokenId]);
}

const forgotKey = (email: string) => `forgot:${email.toLowerCase()}`;

export async function forgotPassword(ctx: Ctx, email: string) {
  await ctx.counters.take(forgotKey(email), ctx.config.rateLimits.forgotPerAccount, ctx.config.rateLimits.windowMs);
  const person = await findByEmail(ctx, email);
  if (!person) return;
  await ctx.db.transaction(async (tx) => {
    const token = await createAccountToken(tx, ctx, person.id, 'reset_password');
    await ctx.mail.enqueue(tx, resetMail(localeOr(person.locale), person, `${ctx.config.publicUrl}/reset-password/${token}`, RESET_TTL_MINUTES));
  });
}

async function liveReset(ctx: Ctx, hash: string) {
  const token = await findAccountToken(ctx, hash, 'reset_password');
  if (!token || token.usedAt || token.expiresAt <= ctx.clock.now()) throw fail('resetInvalid');
  const [person] = await ctx.db.select().from(people).where(eq(people.id, token.personId));
  if (!person) throw fail('resetInvalid');
  // The reset's update names an account's client_id (000 §7): the one a sign-in opens in.
  const account = await firstAccount(ctx, person.id).catch(() => null);
  return { token, person, clientId: account?.reseller.clientId ?? null };
}

/** Opens a reset hash: answers the client_id of the person's first account; the caller keeps the hash as the session. */
export async function openReset(ctx: Ctx, hash: string) {
  const { token, person, clientId } = await liveReset(ctx, hash);
  if (!clientId) throw fail('resetInvalid');
  await ctx.db.update(accountTokens).set({ openedAt: ctx.clock.now() }).where(eq(accountTokens.id, token.id));
  return { client_id: clientId, email: person.email };
}

export async function completeReset(ctx: Ctx, hash: string | undefined, clientId: string, password: string, meta: Meta) {
  if (!hash) throw fail('resetInvalid');
  const { token, person: reseller, clientId: expected } = await liveReset(ctx, hash);
  if (!token.openedAt || expected !== clientId) throw fail('resetInvalid');
  const account = await firstAccount(ctx, reseller.id);
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  await transact(ctx, async (unit) => {
    const { tx } = unit;
    // Spend the token conditionally: of two racing updates only one wins.
    const spent = await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.id, token.id), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
      .returning({ id: accountTokens.id });
    if (spent.length === 0) throw fail('resetInvalid');
    // The mailbox was just proven, so the address counts as verified too.
    await replacePassword(ctx, unit, reseller.id, { passwordHash, now, mail: passwordChangedMail(localeOr(reseller.locale), reseller), verifiedAt: reseller.verifiedAt ?? now });
    await audit(tx, { actorId: account.reseller.id, personId: reseller.id, action: 'reseller.password_reset', targetType: 'person', targetId: reseller.id, ip: meta.ip });
    await ctx.notifier.notify(unit, account.reseller.id, {
      type: 'password_reset',
      message: notice('passwordReset'),
      redirect: 'profile',
      personId: reseller.id,
    });
  });
  await ctx.counters.reset(loginKey(reseller.email));
}

export async function changePassword(
  ctx: Ctx,
  session: SessionReseller,
  input: { email: string; client_id: string; old_password: string; password: string },
  meta: Meta,
) {
  if (input.email.toLowerCase() !== session.personEmail.toLowerCase() || input.client_id !== session.clientId) {
    throw fail('accountMismatch');
  }
  const key = `password-change:${session.personId}`;
  await ctx.counters.take(key, ctx.config.rateLimits.loginPerAccount, ctx.config.rateLimits.windowMs);
  const reseller = await loadPerson(ctx, session.personId);
  if (!(await verifyPassword(reseller.passwordHash, input.old_password))) throw fail('oldPasswordWrong');
  await ctx.counters.reset(key);
  if (input.old_password === input.password) throw fail('samePassword');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  await transact(ctx, async (unit) => {
    const { tx } = unit;
    await replacePassword(ctx, unit, reseller.id, { passwordHash, now, mail: passwordChangedMail(localeOr(reseller.locale), reseller) });
    await audit(tx, { actorId: session.id, personId: reseller.id, action: 'reseller.password_changed', targetType: 'person', targetId: reseller.id, ip: meta.ip });
    await ctx.notifier.notify(unit, session.id, {
      type: 'password_changed',
      message: notice('passwordChanged'),
      redirect: 'profile',
      personId: reseller.id,
    });
  });
  await ctx.counters.reset(key);
}
