/**
 * The secret keys of the v2 client API: a live and a sandbox key per reseller (002 §2, §4, §7).
 *
 * A key is `sk_live_` or `sk_test_` and 40 base62 characters (238 random bits). Only its SHA-256 is
 * kept to verify it — a slow hash would add nothing to a key that cannot be guessed — with its
 * first and last characters to recognise it. The live key is shown in full once, in the answer
 * that makes it; afterwards only its masked form. The sandbox key is also kept sealed
 * (sealing.ts: AES-256-GCM, key derived from APP_SECRET) so the sandbox page can fill it into its examples.
 * A database leak therefore yields no live key, and sandbox keys only with APP_SECRET too.
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CLIENT_API, type KeyMode } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/index.js';
import { transact } from '../../db/unit.js';
import { accessTokens, secretKeys } from '../../db/schema/index.js';
import { fail, isUniqueViolation } from '../../http/errors.js';
import { audit } from '../audit/index.js';
import { hashToken } from '../auth/secrets.js';
import { boundToReseller, seal, unseal } from '../../sealing.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret' | 'log'>;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 40;
const SHOWN_FIRST = 6;
const SHOWN_LAST = 4;

export function newSecretKey(mode: KeyMode): string {
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += BASE62[randomInt(BASE62.length)];
  return `${CLIENT_API.keyPrefix[mode]}${body}`;
}

/** The kind of key a text claims to be, by its prefix. */
export function modeOfKey(key: string): KeyMode | null {
  if (key.startsWith(CLIENT_API.keyPrefix.live)) return 'live';
  if (key.startsWith(CLIENT_API.keyPrefix.sandbox)) return 'sandbox';
  return null;
}

const partsOf = (key: string, mode: KeyMode) => ({
  prefix: key.slice(0, CLIENT_API.keyPrefix[mode].length + SHOWN_FIRST),
  hint: key.slice(-SHOWN_LAST),
});

export const maskKey = (row: { prefix: string; hint: string }) => `${row.prefix}${'•'.repeat(8)}${row.hint}`;

// ---- reading and making keys (the portal's key box)

type KeyRow = typeof secretKeys.$inferSelect;

async function currentKeys(ctx: Pick<AppContext, 'db'>, resellerId: number): Promise<KeyRow[]> {
  return ctx.db.select().from(secretKeys).where(and(eq(secretKeys.resellerId, resellerId), isNull(secretKeys.revokedAt)));
}

function stateOf(ctx: Ctx, row: KeyRow | undefined) {
  if (!row) return { SecretKey: null, masked: false, created_at: null, last_used_at: null };
  const whole = row.keyEncrypted ? unseal(ctx.secret, 'sandboxKey', boundToReseller(row.resellerId), row.keyEncrypted) : null;
  return {
    SecretKey: whole ?? maskKey(row),
    masked: whole === null,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** get-secret-key (30013): the live key masked, the sandbox key in full. */
export async function keyStatus(ctx: Ctx, resellerId: number) {
  const rows = await currentKeys(ctx, resellerId);
  const of = (mode: KeyMode) => rows.find((r) => r.mode === mode);
  return { ...stateOf(ctx, of('live')), sandbox: stateOf(ctx, of('sandbox')) };
}

/** `createdBy`: the member who made the key (null: made for the account, as the demo's sandbox key). */
async function insertKey(ctx: Ctx, tx: Tx, resellerId: number, mode: KeyMode, createdBy: number | null = null) {
  const key = newSecretKey(mode);
  const [row] = await tx
    .insert(secretKeys)
    .values({
      resellerId,
      mode,
      ...partsOf(key, mode),
      keyHash: hashToken(key),
      keyEncrypted: mode === 'sandbox' ? seal(ctx.secret, 'sandboxKey', boundToReseller(resellerId), key) : null,
      createdAt: ctx.clock.now(),
      createdBy,
    })
    .returning();
  if (!row) throw fail('secretKeyGenerate');
  return { SecretKey: key, mode, created_at: row.createdAt.toISOString(), id: row.id };
}

/** generate-secret-key (30003): the first key of a kind, answered in full. */
export async function generateKey(ctx: Ctx, resellerId: number, mode: KeyMode, personId: number | null = null) {
  try {
    return await transact(ctx, async (unit) => {
      const made = await insertKey(ctx, unit.tx, resellerId, mode, personId);
      await audit(unit.tx, { actorId: resellerId, personId, action: 'secret_key.generated', targetType: 'secret_key', targetId: made.id, data: { mode } });
      const { id: _id, ...answer } = made;
      return answer;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'secret_keys_one_current_key')) throw fail('secretKeyExists');
    throw error;
  }
}

/**
 * update-secret-key (30008): replaces a key. The old key and every token made from it stop working
 * in the same transaction. `secretKey`, when sent, must be the current key (whole or masked as the
 * box shows it), so a second tab cannot replace the key the first tab has just been shown.
 */
export async function regenerateKey(ctx: Ctx, resellerId: number, input: { mode?: KeyMode | undefined; secretKey?: string | undefined }, personId: number | null = null) {
  const named = input.secretKey ? modeOfKey(input.secretKey) : null;
  if (input.secretKey && (!named || (input.mode && input.mode !== named))) throw fail('secretKeyStale');
  const mode = named ?? input.mode ?? 'live';
  return transact(ctx, async (unit) => {
    const [current] = await unit.tx
      .select()
      .from(secretKeys)
      .where(and(eq(secretKeys.resellerId, resellerId), eq(secretKeys.mode, mode), isNull(secretKeys.revokedAt)))
      .for('update');
    if (!current) throw fail('secretKeyMissing');
    const sent = input.secretKey;
    if (sent && sent !== maskKey(current) && hashToken(sent) !== current.keyHash) throw fail('secretKeyStale');
    const now = ctx.clock.now();
    await unit.tx.update(secretKeys).set({ revokedAt: now }).where(eq(secretKeys.id, current.id));
    await unit.tx
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.secretKeyId, current.id), isNull(accessTokens.revokedAt)));
    const made = await insertKey(ctx, unit.tx, resellerId, mode, personId);
    await audit(unit.tx, { actorId: resellerId, personId, action: 'secret_key.regenerated', targetType: 'secret_key', targetId: made.id, data: { mode, replaced: current.id } });
    const { id: _id, ...answer } = made;
    return answer;
  });
}

/** The reseller's sandbox key, made when it has none (the demo data prints it at start). */
export async function ensureSandboxKey(ctx: Ctx, resellerId: number): Promise<string | null> {
  const held = (await keyStatus(ctx, resellerId)).sandbox;
  if (held.SecretKey && !held.masked) return held.SecretKey;
  if (held.SecretKey) return null; // sealed under another APP_SECRET: regenerate it in the portal
  try {
    return (await generateKey(ctx, resellerId, 'sandbox')).SecretKey;
  } catch {
    return (await keyStatus(ctx, resellerId)).sandbox.SecretKey;
  }
}

/** The current key a client presents, or null. */
export async function findKey(ctx: Pick<AppContext, 'db' | 'clock'>, key: string) {
  const [row] = await ctx.db
    .select({ id: secretKeys.id, resellerId: secretKeys.resellerId, mode: secretKeys.mode, lastUsedAt: secretKeys.lastUsedAt })
    .from(secretKeys)
    .where(and(eq(secretKeys.keyHash, hashToken(key)), isNull(secretKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  const now = ctx.clock.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await ctx.db.update(secretKeys).set({ lastUsedAt: now }).where(eq(secretKeys.id, row.id));
  }
  return { id: row.id, resellerId: row.resellerId, mode: row.mode as KeyMode };
}

/** Forgets client tokens a day past their expiry (the sweep of app.ts calls it). */
export async function sweepClientTokens(ctx: Pick<AppContext, 'db'>) {
  await ctx.db.execute(sql`delete from access_tokens where kind <> 'session' and expires_at < now() - interval '1 day'`);
}
