/**
 * The v2 client API's tokens: a secret key buys an access token (an hour) and a refresh token (30
 * days). A refresh token is spent when used. Both are stored as SHA-256 and tied to the key they
 * came from: once the key is replaced, none of them works.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { CLIENT_API, type KeyMode } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import type { ClientPrincipal } from './principal.js';
import { rows, type Tx } from '../../db/index.js';
import { transact } from '../../db/unit.js';
import { accessTokens, resellers, secretKeys } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { hashToken, newToken } from '../auth/secrets.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'log'>;

/** Who a client request acts for: the reseller of the key, in the key's mode. */
interface Meta {
  ip?: string;
  userAgent?: string;
}

async function issue(ctx: Ctx, tx: Tx, key: { id: number; resellerId: number; mode: KeyMode }, meta: Meta) {
  const now = ctx.clock.now();
  const access = `at_${newToken()}`;
  const refresh = `rt_${newToken()}`;
  const expiry = new Date(now.getTime() + CLIENT_API.accessTokenSeconds * 1000);
  const refreshExpiry = new Date(now.getTime() + CLIENT_API.refreshTokenSeconds * 1000);
  const common = { resellerId: key.resellerId, secretKeyId: key.id, createdAt: now, ip: meta.ip ?? null, userAgent: meta.userAgent?.slice(0, 300) ?? null };
  await tx.insert(accessTokens).values([
    { ...common, kind: 'client_access', tokenHash: hashToken(access), expiresAt: expiry },
    { ...common, kind: 'client_refresh', tokenHash: hashToken(refresh), expiresAt: refreshExpiry },
  ]);
  return {
    AccessToken: access,
    RefreshToken: refresh,
    Expiry: expiry.toISOString(),
    ExpiresIn: CLIENT_API.accessTokenSeconds,
    RefreshExpiry: refreshExpiry.toISOString(),
    mode: key.mode,
  };
}

/** generate: a pair of tokens for a current secret key. */
export const issueTokens = (ctx: Ctx, key: { id: number; resellerId: number; mode: KeyMode }, meta: Meta) => issue(ctx, ctx.db, key, meta);

/** refresh: spends the refresh token (only one of two concurrent refreshes wins) for a new pair. */
export async function refreshTokens(ctx: Ctx, refreshToken: string, meta: Meta) {
  return transact(ctx, async (unit) => {
    const now = ctx.clock.now();
    const [spent] = await rows<{ id: number; reseller_id: number; mode: KeyMode }>(
      unit.tx,
      sql`update access_tokens t set revoked_at = ${now}
          from secret_keys k
          where t.token_hash = ${hashToken(refreshToken)} and t.kind = 'client_refresh' and t.revoked_at is null
            and t.expires_at > ${now} and k.id = t.secret_key_id and k.revoked_at is null
          returning k.id, k.reseller_id, k.mode`,
    );
    if (!spent) throw fail('clientRefreshInvalid');
    return issue(ctx, unit.tx, { id: Number(spent.id), resellerId: spent.reseller_id, mode: spent.mode }, meta);
  });
}

/** The principal of a live access token whose key is still current, or null. */
export async function findClient(ctx: Pick<AppContext, 'db' | 'clock'>, accessToken: string): Promise<ClientPrincipal | null> {
  const [row] = await ctx.db
    .select({
      tokenId: accessTokens.id,
      keyId: secretKeys.id,
      mode: secretKeys.mode,
      id: resellers.id,
      name: resellers.name,
      status: resellers.status,
    })
    .from(accessTokens)
    .innerJoin(secretKeys, eq(secretKeys.id, accessTokens.secretKeyId))
    .innerJoin(resellers, eq(resellers.id, accessTokens.resellerId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(accessToken)),
        eq(accessTokens.kind, 'client_access'),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, ctx.clock.now()),
        isNull(secretKeys.revokedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { tokenId: row.tokenId, keyId: row.keyId, mode: row.mode as KeyMode, reseller: { id: row.id, name: row.name, status: row.status, isAdmin: false } };
}
