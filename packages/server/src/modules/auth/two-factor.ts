/**
 * Two-factor sign-in (docs/api.md "Two-factor sign-in"): a TOTP secret (RFC 6238, otplib) sealed
 * under APP_SECRET, ten one-time recovery codes kept as SHA-256 hashes, and the sign-in challenge
 * the password step answers when the account has a second factor (or its admin requires one).
 * A code is never accepted twice (the last time step is kept), every wrong code counts against
 * the same per-account limit as a wrong password, and a password reset leaves all of it in place.
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { AppContext, SessionReseller } from '../../context.js';
import type { Tx } from '../../db/index.js';
import { accountTokens, memberships, people, recoveryCodes, resellers } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { audit } from '../audit/index.js';
import { CROCKFORD } from '../coupons/codes.js';
import { boundToReseller, seal as sealWith, unseal } from '../../sealing.js';
import { loadPerson, type PersonRow } from './people.js';
import { hasPasskey, listPasskeys, loginOptions, passkeyHolds, type Caller } from './passkeys.js';
import { verifyPassword } from './passwords.js';
import { revokeSessions } from './sessions.js';
import { hashToken, newToken } from './secrets.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'secret' | 'counters' | 'log' | 'realtime'>;
interface Meta {
  ip?: string;
  /** The account the person acts for, when signed in (the audit entry names it). */
  accountId?: number;
}

const ISSUER = 'Partner Panel';
const RECOVERY_CODES = 10;
const CHALLENGE_TTL_MS = 5 * 60_000;
/** One 30-second step either side of now, for a phone's clock that is a little off. */
const TOLERANCE_SECONDS = 30;

const seal = (ctx: Ctx, resellerId: number, secret: string) => sealWith(ctx.secret, 'totpSecret', boundToReseller(resellerId), secret);
const open = (ctx: Ctx, resellerId: number, sealed: string | null) => (sealed ? unseal(ctx.secret, 'totpSecret', boundToReseller(resellerId), sealed) : null);
const epoch = (ctx: Ctx) => Math.floor(ctx.clock.now().getTime() / 1000);

/** `ABCDE-12345`: 50 random bits, read aloud or typed in any case. */
function recoveryCode() {
  let code = '';
  for (let i = 0; i < 10; i++) code += CROCKFORD[randomInt(32)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
const recoveryHash = (code: string) => hashToken(code.toUpperCase().replace(/[\s-]+/g, ''));

// The second factors are each person's: "reseller" below names the person signing in.
type ResellerRow = PersonRow;
const loadReseller = (ctx: Ctx, personId: number): Promise<ResellerRow> => loadPerson(ctx, personId);

/** Whether any account of the person requires a second factor of its members. */
async function requiredOfPerson(ctx: Ctx, personId: number) {
  const [row] = await ctx.db
    .select({ id: resellers.id })
    .from(memberships)
    .innerJoin(resellers, eq(resellers.id, memberships.resellerId))
    .where(and(eq(memberships.personId, personId), eq(resellers.twoFactorRequired, true)))
    .limit(1);
  return !!row;
}

/** The password, counted against the account's limit like a sign-in. */
async function checkPassword(ctx: Ctx, reseller: ResellerRow, password: string) {
  const key = `login:${reseller.email.toLowerCase()}`;
  await ctx.counters.take(key, ctx.config.rateLimits.loginPerAccount, ctx.config.rateLimits.windowMs);
  if (!(await verifyPassword(reseller.passwordHash, password))) throw fail('passwordWrong');
}

async function newSecret(ctx: Ctx, reseller: ResellerRow) {
  const secret = generateSecret();
  await ctx.db.update(people).set({ totpPendingSecret: seal(ctx, reseller.id, secret) }).where(eq(people.id, reseller.id));
  const otpauth = generateURI({ issuer: ISSUER, label: reseller.email, secret });
  // Drawn here: the secret never leaves for a third-party QR service.
  const qr = await QRCode.toString(otpauth, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: otpauth, qr_code: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}` };
}

/** The time step of a valid code from `secret` not used before, or null. */
async function totpStep(ctx: Ctx, secret: string, code: string, lastStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epoch: epoch(ctx), epochTolerance: TOLERANCE_SECONDS });
  if (!result.valid || !('timeStep' in result)) return null;
  const step = Number(result.timeStep);
  return lastStep !== null && step <= lastStep ? null : step;
}

/**
 * Checks a current TOTP code or an unused recovery code of a reseller with TOTP on, and spends
 * it (conditionally: of two racing uses one wins). Answers false for a wrong or spent code.
 */
async function spendCode(ctx: Ctx, tx: Tx, reseller: ResellerRow, code: string): Promise<boolean> {
  const secret = open(ctx as Ctx, reseller.id, reseller.totpSecret);
  if (!secret) return false;
  const step = await totpStep(ctx, secret, code, reseller.totpLastStep === null ? null : Number(reseller.totpLastStep));
  if (step !== null) {
    const won = await tx
      .update(people)
      .set({ totpLastStep: step })
      .where(and(eq(people.id, reseller.id), sql`coalesce(${people.totpLastStep}, -1) < ${step}`))
      .returning({ id: people.id });
    return won.length > 0;
  }
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(recoveryCodes.personId, reseller.id), eq(recoveryCodes.codeHash, recoveryHash(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

async function replaceRecoveryCodes(tx: Tx, personId: number) {
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.personId, personId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ personId, codeHash: recoveryHash(code) })));
  return codes;
}

/** The person's second factors; `required`: whether the session's account requires one. */
export async function twoFactorState(ctx: Ctx, session: Pick<SessionReseller, 'id' | 'personId'>) {
  const resellerId = session.personId;
  const reseller = await loadReseller(ctx, resellerId);
  const [account] = await ctx.db.select({ required: resellers.twoFactorRequired }).from(resellers).where(eq(resellers.id, session.id));
  const [left] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.personId, resellerId), isNull(recoveryCodes.usedAt)));
  return {
    totp: reseller.totpSecret !== null,
    passkeys: await listPasskeys(ctx, resellerId),
    recovery_codes_left: reseller.totpSecret ? Number(left?.n ?? 0) : 0,
    required: account?.required ?? false,
  };
}

export async function setupTwoFactor(ctx: Ctx, session: SessionReseller, password: string) {
  const reseller = await loadReseller(ctx, session.personId);
  if (reseller.totpSecret) throw fail('twoFactorAlreadyOn');
  await checkPassword(ctx, reseller, password);
  await ctx.counters.reset(`login:${reseller.email.toLowerCase()}`);
  return newSecret(ctx, reseller);
}

/** Turns TOTP on with a code from the waiting secret; answers the recovery codes, shown once. */
async function confirmSecret(ctx: Ctx, reseller: ResellerRow, code: string, keepSession: number | null, meta: Meta) {
  if (reseller.totpSecret) throw fail('twoFactorAlreadyOn');
  const secret = open(ctx, reseller.id, reseller.totpPendingSecret);
  if (!secret) throw fail('twoFactorNoSetup');
  const key = `login:${reseller.email.toLowerCase()}`;
  await ctx.counters.take(key, ctx.config.rateLimits.loginPerAccount, ctx.config.rateLimits.windowMs);
  const step = await totpStep(ctx, secret, code, null);
  if (step === null) throw fail('twoFactorCodeWrong');
  await ctx.counters.reset(key);
  const now = ctx.clock.now();
  // A change of the second factor signs out every other session of the account, sockets and all.
  const { codes, ended } = await ctx.db.transaction(async (tx) => {
    const done = await tx
      .update(people)
      .set({ totpSecret: reseller.totpPendingSecret, totpPendingSecret: null, totpLastStep: step, updatedAt: now })
      .where(and(eq(people.id, reseller.id), isNull(people.totpSecret)))
      .returning({ id: people.id });
    if (done.length === 0) throw fail('twoFactorAlreadyOn');
    const codes = await replaceRecoveryCodes(tx, reseller.id);
    const ended = await revokeSessions(tx, reseller.id, now, keepSession);
    await audit(tx, { actorId: meta.accountId ?? null, personId: reseller.id, action: 'reseller.two_factor_enabled', targetType: 'person', targetId: reseller.id, ip: meta.ip });
    return { codes, ended };
  });
  await ctx.realtime.endSessions(ended);
  return codes;
}

export async function enableTwoFactor(ctx: Ctx, session: SessionReseller, code: string, meta: Meta) {
  return { recovery_codes: await confirmSecret(ctx, await loadReseller(ctx, session.personId), code, session.tokenId, { ...meta, accountId: session.id }) };
}

/** Password and a current code: the gate of turning TOTP off and of new recovery codes. */
async function checkBoth(ctx: Ctx, tx: Tx, reseller: ResellerRow, password: string, code: string) {
  if (!reseller.totpSecret) throw fail('twoFactorOff');
  await checkPassword(ctx, reseller, password);
  if (!(await spendCode(ctx, tx, reseller, code))) throw fail('twoFactorCodeWrong');
}

export async function renewRecoveryCodes(ctx: Ctx, session: SessionReseller, input: { password: string; code: string }, meta: Meta) {
  const reseller = await loadReseller(ctx, session.personId);
  const codes = await ctx.db.transaction(async (tx) => {
    await checkBoth(ctx, tx, reseller, input.password, input.code);
    await audit(tx, { actorId: session.id, personId: reseller.id, action: 'reseller.recovery_codes_renewed', targetType: 'person', targetId: reseller.id, ip: meta.ip });
    return replaceRecoveryCodes(tx, reseller.id);
  });
  await ctx.counters.reset(`login:${reseller.email.toLowerCase()}`);
  return { recovery_codes: codes };
}

export async function disableTwoFactor(ctx: Ctx, session: SessionReseller, input: { password: string; code: string }, meta: Meta) {
  const reseller = await loadReseller(ctx, session.personId);
  if (await requiredOfPerson(ctx, reseller.id)) throw fail('twoFactorEnforced');
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction(async (tx) => {
    await checkBoth(ctx, tx, reseller, input.password, input.code);
    await tx.update(people).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: now }).where(eq(people.id, reseller.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.personId, reseller.id));
    const ids = await revokeSessions(tx, reseller.id, now, session.tokenId);
    await audit(tx, { actorId: session.id, personId: reseller.id, action: 'reseller.two_factor_disabled', targetType: 'person', targetId: reseller.id, ip: meta.ip });
    return ids;
  });
  await ctx.realtime.endSessions(ended);
  await ctx.counters.reset(`login:${reseller.email.toLowerCase()}`);
}

// ---- sign-in

/**
 * After a right password: the challenge of the third step, or null when the person has no second
 * factor and the account the sign-in opens in requires none.
 */
export async function secondStep(ctx: Ctx, reseller: ResellerRow, account: { twoFactorRequired: boolean }) {
  const passkey = await hasPasskey(ctx, reseller.id);
  if (!reseller.totpSecret && !passkey && !account.twoFactorRequired) return null;
  const challenge = newToken();
  await ctx.db.insert(accountTokens).values({
    personId: reseller.id,
    purpose: 'two_factor',
    tokenHash: hashToken(challenge),
    expiresAt: new Date(ctx.clock.now().getTime() + CHALLENGE_TTL_MS),
  });
  const methods = [...(reseller.totpSecret ? ['totp', 'recovery_code'] : []), ...(passkey ? ['passkey'] : [])];
  return methods.length ? fail('twoFactorRequired', {}, { challenge, methods }) : fail('twoFactorSetupRequired', {}, { challenge });
}

/** The reseller of a live sign-in challenge; every attempt counts against its sign-in limit. */
async function challenged(ctx: Ctx, challenge: string) {
  const [token] = await ctx.db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(challenge)), eq(accountTokens.purpose, 'two_factor')));
  if (!token || token.usedAt || token.expiresAt <= ctx.clock.now()) throw fail('twoFactorChallengeExpired');
  const reseller = await loadReseller(ctx, token.personId);
  const key = `login:${reseller.email.toLowerCase()}`;
  await ctx.counters.take(key, ctx.config.rateLimits.loginPerAccount, ctx.config.rateLimits.windowMs);
  return { token, reseller, key };
}

async function spendChallenge(tx: Tx, id: number, now: Date) {
  const spent = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  if (spent.length === 0) throw fail('twoFactorChallengeExpired');
}

/** The third step: a current code or a recovery code. Answers the reseller to sign in. */
export async function passSecondStep(ctx: Ctx, input: { challenge: string; code: string }, meta: Meta) {
  const { token, reseller, key } = await challenged(ctx, input.challenge);
  if (!reseller.totpSecret) throw fail('twoFactorChallengeExpired');
  const recovery = !/^\d{6}$/.test(input.code);
  await ctx.db.transaction(async (tx) => {
    if (!(await spendCode(ctx, tx, reseller, input.code))) throw fail('twoFactorCodeWrong');
    await spendChallenge(tx, token.id, ctx.clock.now());
    if (recovery) {
      await audit(tx, { actorId: null, personId: reseller.id, action: 'reseller.recovery_code_used', targetType: 'person', targetId: reseller.id, ip: meta.ip });
    }
  });
  await ctx.counters.reset(key);
  return reseller;
}

/** The third step with a passkey: its options, then the browser's answer. */
export async function passkeyOptionsAtSignIn(ctx: Ctx, challenge: string, caller: Caller) {
  const { reseller } = await challenged(ctx, challenge);
  return loginOptions(ctx, reseller.id, caller);
}

export async function passWithPasskey(ctx: Ctx, input: { challenge: string; response: Record<string, unknown> }, caller: Caller) {
  const { token, reseller, key } = await challenged(ctx, input.challenge);
  await ctx.db.transaction(async (tx) => {
    if (!(await passkeyHolds(ctx, tx, reseller.id, input.response, caller))) throw fail('passkeyFailed');
    await spendChallenge(tx, token.id, ctx.clock.now());
  });
  await ctx.counters.reset(key);
  return reseller;
}

export async function setupAtSignIn(ctx: Ctx, challenge: string) {
  const { reseller } = await challenged(ctx, challenge);
  if (reseller.totpSecret) throw fail('twoFactorAlreadyOn');
  return newSecret(ctx, reseller);
}

export async function enableAtSignIn(ctx: Ctx, input: { challenge: string; code: string }, meta: Meta) {
  const { token, reseller } = await challenged(ctx, input.challenge);
  const codes = await confirmSecret(ctx, reseller, input.code, null, meta);
  await ctx.db.transaction((tx) => spendChallenge(tx, token.id, ctx.clock.now()));
  return { reseller, codes };
}

/** An admin requires (or stops requiring) a second factor of one of its own users. */
export async function requireOfUser(ctx: Ctx, admin: SessionReseller, userId: number, required: boolean, meta: Meta) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(resellers)
      .set({ twoFactorRequired: required, updatedAt: ctx.clock.now() })
      .where(and(eq(resellers.id, userId), eq(resellers.parentId, admin.id)))
      .returning({ id: resellers.id });
    if (!row) throw fail('notYourUser');
    await audit(tx, {
      actorId: admin.id,
      action: required ? 'user.two_factor_required' : 'user.two_factor_not_required',
      targetType: 'reseller',
      targetId: userId,
      subjectId: userId,
      ip: meta.ip,
    });
    return { user_reseller_id: userId, required };
  });
}
