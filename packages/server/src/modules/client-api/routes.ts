/** The secret-key calls of the portal and the v2 client API (002 §7 and the sandbox). */
import type { FastifyInstance } from 'fastify';
import { centsToDollars, contract, successes } from '@partner-panel/sdk';
import { transact } from '../../db/unit.js';
import { answer } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { serve } from '../../http/route.js';
import { booksOf, setSandboxBalance } from '../vpn/books.js';
import { findKey, generateKey, keyStatus, regenerateKey } from './keys.js';
import { limitKey } from './guard.js';
import { issueTokens, refreshTokens } from './tokens.js';
import * as users from './users.js';

export function clientApiRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const meta = (request: { ip: string; headers: { 'user-agent'?: string | undefined } }) => ({
    ip: request.ip,
    ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
  });

  // ---- the portal's key box
  serve(app, contract.getSecretKey, async ({ reseller }) => keyStatus(ctx, reseller.id));

  // These answers hold a whole key: kept for an Idempotency-Key only sealed.
  const secretAnswer = { secretAnswer: true };
  serve(
    app,
    contract.generateSecretKey,
    async ({ body, reseller }) => answer(await generateKey(ctx, reseller.id, body?.mode ?? 'live', reseller.personId), successes.secretKeyGenerated),
    secretAnswer,
  );

  serve(
    app,
    contract.updateSecretKey,
    async ({ body, reseller }) => answer(await regenerateKey(ctx, reseller.id, body, reseller.personId), successes.secretKeyRegenerated),
    secretAnswer,
  );

  // ---- tokens (public: the secret key or refresh token is the credential)
  const tokenLimit = { rateLimit: { max: ctx.config.rateLimits.clientTokensPerIp, timeWindow: 60_000 } };

  serve(
    app,
    contract.clientGenerateToken,
    async ({ body, request, reply }) => {
      const key = await findKey(ctx, body.secretKey);
      if (!key) throw fail('clientKeyInvalid');
      await limitKey(request, reply, key.id);
      return answer(await issueTokens(ctx, key, meta(request)), successes.tokensGenerated);
    },
    tokenLimit,
  );

  serve(app, contract.clientRefreshToken, async ({ body, request }) => answer(await refreshTokens(ctx, body.refreshToken, meta(request)), successes.tokensRefreshed), tokenLimit);

  // ---- the wallet a key spends
  serve(app, contract.clientBalance, async ({ client }) => ({
    balance: centsToDollars(await booksOf(client.mode).balanceCents(ctx.db, client.reseller.id)),
    mode: client.mode,
  }));

  serve(app, contract.clientSetSandboxBalance, async ({ body, client }) => {
    if (client.mode !== 'sandbox') throw fail('clientSandboxOnly');
    const cents = await transact(ctx, (unit) => setSandboxBalance(unit, client.reseller.id, body.balance));
    return answer({ balance: centsToDollars(cents), mode: client.mode }, successes.sandboxBalanceSet);
  });

  // ---- users
  serve(app, contract.clientCreateUser, async ({ body, client }) => answer(await users.createUser(ctx, client, body), successes.clientUserCreated));

  serve(app, contract.clientSearchUsers, async ({ query, client }) => {
    const found = await users.searchUsers(ctx, client, query.query);
    return answer(found, successes.clientUsersFound(found.length));
  });

  serve(app, contract.clientListUsers, async ({ query, client }) => users.listUsers(ctx, client, query));

  serve(app, contract.clientGetUser, async ({ query, client }) => users.getUser(ctx, client, query.userId));

  serve(app, contract.clientUpdateEmail, async ({ body, client }) =>
    answer(await users.updateUserEmail(ctx, client, body.userId, body.newEmail), successes.clientEmailUpdated),
  );

  serve(app, contract.clientUpdatePassword, async ({ body, client }) =>
    answer(await users.updateUserPassword(ctx, client, body.userId, body.oldPassword, body.newPassword), successes.clientPasswordUpdated),
  );

  serve(app, contract.clientUpdateStatus, async ({ body, client }) =>
    answer(await users.updateUserStatus(ctx, client, body.userId, body.status), successes.clientStatusUpdated),
  );

  serve(app, contract.clientDeleteUser, async ({ body, client }) => answer(await users.deleteUser(ctx, client, body.userId), successes.clientUserDeleted));
}
