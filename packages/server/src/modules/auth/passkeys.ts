/**
 * Passkeys (WebAuthn, @simplewebauthn/server): a second factor instead of a TOTP code. The relying
 * party is PUBLIC_URL's host; outside production the page's own origin is accepted too, so a
 * server reached as http://localhost:<port> works in development and tests. Each challenge is
 * kept five minutes and spent by its answer; a passkey's signature counter must move forward.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AppContext, SessionReseller } from '../../context.js';
import type { Tx } from '../../db/index.js';
import { passkeys, webauthnChallenges } from '../../db/schema/index.js';
import { loadPerson } from './people.js';
import { fail } from '../../http/errors.js';
import { audit } from '../audit/index.js';
import { verifyPassword } from './passwords.js';
import { revokeSessions } from './sessions.js';

/** WebAuthn's library, loaded on the first passkey call rather than at start-up (docs/performance.md). */
const webauthn = () => import('@simplewebauthn/server');

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'counters' | 'realtime'>;
/** Where the browser's call came from: its Origin header. */
export interface Caller {
  origin: string | undefined;
  ip: string;
}

const CHALLENGE_TTL_MS = 5 * 60_000;

/** The origin and RP ID a WebAuthn answer must name. */
function relyingParty(ctx: Ctx, caller: Caller) {
  const ours = new URL(ctx.config.publicUrl).origin;
  const origin = !ctx.config.production && caller.origin && /^https?:\/\/[^/]+$/.test(caller.origin) ? caller.origin : ours;
  return { origin, rpID: new URL(origin).hostname };
}

async function keepChallenge(ctx: Ctx, resellerId: number, purpose: 'register' | 'login', challenge: string) {
  await ctx.db.insert(webauthnChallenges).values({ personId: resellerId, purpose, challenge, expiresAt: new Date(ctx.clock.now().getTime() + CHALLENGE_TTL_MS) });
}

/** Spends the newest live challenge of a purpose; answers its value, or null. */
async function spendChallenge(tx: Tx, ctx: Ctx, resellerId: number, purpose: 'register' | 'login') {
  const [row] = await tx
    .update(webauthnChallenges)
    .set({ usedAt: ctx.clock.now() })
    .where(
      sql`${webauthnChallenges.id} = (select id from webauthn_challenges where person_id = ${resellerId} and purpose = ${purpose}
           and used_at is null and expires_at > ${ctx.clock.now()} order by id desc limit 1)`,
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

/** A person's passkeys (the ids named `resellerId` in this file are people's: the second factors are each person's). */
const ofReseller = (personId: number) => eq(passkeys.personId, personId);

export async function listPasskeys(ctx: Pick<AppContext, 'db'>, resellerId: number) {
  const rows = await ctx.db.select().from(passkeys).where(ofReseller(resellerId)).orderBy(passkeys.id);
  return rows.map((p) => ({ id: p.id, name: p.name, created_at: p.createdAt.toISOString(), last_used_at: p.lastUsedAt?.toISOString() ?? null }));
}

export const hasPasskey = async (ctx: Pick<AppContext, 'db'>, resellerId: number) =>
  (await ctx.db.select({ id: passkeys.id }).from(passkeys).where(ofReseller(resellerId)).limit(1)).length > 0;

async function checkPassword(ctx: Ctx, reseller: { email: string; passwordHash: string }, password: string) {
  const key = `login:${reseller.email.toLowerCase()}`;
  await ctx.counters.take(key, ctx.config.rateLimits.loginPerAccount, ctx.config.rateLimits.windowMs);
  if (!(await verifyPassword(reseller.passwordHash, password))) throw fail('passwordWrong');
  await ctx.counters.reset(key);
}

const resellerOf = (ctx: Ctx, personId: number) => loadPerson(ctx, personId);

export async function registrationOptions(ctx: Ctx, session: SessionReseller, password: string, caller: Caller) {
  await checkPassword(ctx, await resellerOf(ctx, session.personId), password);
  const existing = await ctx.db.select().from(passkeys).where(ofReseller(session.personId));
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: 'Partner Panel',
    rpID: relyingParty(ctx, caller).rpID,
    userName: session.personEmail,
    userID: new TextEncoder().encode(`person:${session.personId}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(ctx, session.personId, 'register', options.challenge);
  // A copy as a plain object: the answer's schema is a record, which an interface is not.
  return { ...options };
}

export async function addPasskey(ctx: Ctx, session: SessionReseller, input: { name: string; response: Record<string, unknown> }, caller: Caller) {
  const { origin, rpID } = relyingParty(ctx, caller);
  // A second factor changed: every other session ends, its sockets with it.
  const { row, ended } = await ctx.db.transaction(async (tx) => {
    const challenge = await spendChallenge(tx, ctx, session.personId, 'register');
    if (!challenge) throw fail('passkeyFailed');
    const verified = await (await webauthn()).verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) throw fail('passkeyFailed');
    const { credential } = verified.registrationInfo;
    const [row] = await tx
      .insert(passkeys)
      .values({
        personId: session.personId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id, name: passkeys.name });
    if (!row) throw fail('passkeyFailed');
    const ended = await revokeSessions(tx, session.personId, ctx.clock.now(), session.tokenId);
    await audit(tx, { actorId: session.id, personId: session.personId, action: 'reseller.passkey_added', targetType: 'passkey', targetId: row.id, data: { name: row.name }, ip: caller.ip });
    return { row, ended };
  });
  await ctx.realtime.endSessions(ended);
  return row;
}

export async function removePasskey(ctx: Ctx, session: SessionReseller, input: { id: number; password: string }, caller: Caller) {
  const reseller = await resellerOf(ctx, session.personId);
  await checkPassword(ctx, reseller, input.password);
  const ended = await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(passkeys).where(and(eq(passkeys.id, input.id), ofReseller(session.personId))).returning({ name: passkeys.name });
    if (!gone) throw fail('passkeyNotFound');
    const ids = await revokeSessions(tx, session.personId, ctx.clock.now(), session.tokenId);
    await audit(tx, { actorId: session.id, personId: session.personId, action: 'reseller.passkey_removed', targetType: 'passkey', targetId: input.id, data: { name: gone.name }, ip: caller.ip });
    return ids;
  });
  await ctx.realtime.endSessions(ended);
}

/** Sign-in's third step: options naming the account's passkeys. */
export async function loginOptions(ctx: Ctx, resellerId: number, caller: Caller) {
  const mine = await ctx.db.select().from(passkeys).where(ofReseller(resellerId));
  if (mine.length === 0) throw fail('passkeyNotFound');
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: relyingParty(ctx, caller).rpID,
    allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    userVerification: 'preferred',
  });
  await keepChallenge(ctx, resellerId, 'login', options.challenge);
  // A copy as a plain object: the answer's schema is a record, which an interface is not.
  return { ...options };
}

/** Checks the browser's answer with one of the account's passkeys; false when it does not hold. */
export async function passkeyHolds(ctx: Ctx, tx: Tx, resellerId: number, response: Record<string, unknown>, caller: Caller): Promise<boolean> {
  const { origin, rpID } = relyingParty(ctx, caller);
  const challenge = await spendChallenge(tx, ctx, resellerId, 'login');
  const id = typeof response.id === 'string' ? response.id : '';
  const [key] = await tx.select().from(passkeys).where(and(eq(passkeys.credentialId, id), ofReseller(resellerId)));
  if (!challenge || !key) return false;
  const verified = await (await webauthn()).verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: key.credentialId, publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')), counter: Number(key.counter), transports: key.transports as never },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return false;
  // A counter that did not move forward (a cloned authenticator) is refused; 0 means it keeps none.
  const next = verified.authenticationInfo.newCounter;
  const moved = await tx
    .update(passkeys)
    .set({ counter: next, lastUsedAt: ctx.clock.now() })
    .where(and(eq(passkeys.id, key.id), sql`(${next} = 0 and ${passkeys.counter} = 0) or ${passkeys.counter} < ${next}`))
    .returning({ id: passkeys.id });
  return moved.length > 0;
}

