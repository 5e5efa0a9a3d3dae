/** An admin's list of its own users and calls for one of them (002 §7), and the audit lines of them (ours). */
import type { FastifyInstance } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { pagingOf } from '../../http/paging.js';
import { adjustUserBalance, getOwnUser, sendInvoice, updateUser, updateUserPricing, verifyUser } from './actions.js';
import { userAuditLog } from './audit.js';
import { listVpnAccounts } from '../vpn/list.js';
import { listUsers, ownUser } from './service.js';

export function userRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, contract.listUsers, async ({ body, query, reseller }) => listUsers(ctx, reseller.id, body, pagingOf(query)));

  serve(app, contract.listUserVpnAccounts, async ({ body, query, reseller }) => {
    const { id, ...coupon } = body;
    const user = await ownUser(ctx, reseller.id, id);
    return listVpnAccounts(ctx, user.id, { coupon }, pagingOf(query));
  });

  serve(app, contract.getUser, async ({ body, reseller, ip }) => answer(await getOwnUser(ctx, { admin: reseller, ip }, body.id), successes.userDetails));

  serve(
    app,
    contract.updateUser,
    async ({ body, reseller, ip }) => {
      const { profile, message } = await updateUser(ctx, { admin: reseller, ip }, body);
      return answer(profile, message);
    },
    // A bot-check token is needed for a password only (002 §5); the other fields take none.
    { captchaWhen: (body) => (body as { update?: unknown } | undefined)?.update === 'password' },
  );

  serve(app, contract.updateUserPricing, async ({ body, reseller, ip }) => answer(await updateUserPricing(ctx, { admin: reseller, ip }, body), successes.userPricingUpdated));

  serve(app, contract.createUserInvoice, async ({ body, reseller, ip }) => {
    const sent = await sendInvoice(ctx, { admin: reseller, ip }, body);
    return answer(sent.body, sent.message);
  });

  serve(app, contract.verifyUser, async ({ body, reseller, ip }) => answer(await verifyUser(ctx, { admin: reseller, ip }, body.id), successes.userVerified));

  serve(app, contract.adjustUserBalance, async ({ body, reseller, ip }) =>
    answer(await adjustUserBalance(ctx, { admin: reseller, ip }, body), body.type === 'credit' ? successes.walletCredited : successes.walletDebited),
  );

  serve(app, contract.userAuditLog, async ({ body, query, reseller }) => {
    const user = await ownUser(ctx, reseller.id, body.id);
    const paging = pagingOf(query);
    return userAuditLog(ctx, reseller.id, user.id, { page: paging.page, limit: Math.min(paging.limit, 100) });
  });
}
