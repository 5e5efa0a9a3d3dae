/** HTTP mapping of the team calls (docs/api.md "Teams"). */
import type { FastifyInstance } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { bearerToken } from '../auth/guard.js';
import * as accounts from './accounts.js';
import * as invitations from './invitations.js';
import * as members from './members.js';
import { requestLocale } from '../../locales.js';

export function teamRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const perIp = { rateLimit: { max: ctx.config.rateLimits.forgotPerIp, timeWindow: ctx.config.rateLimits.windowMs } };

  serve(app, contract.teamMembers, async ({ reseller }) => members.listMembers(ctx, reseller));
  serve(app, contract.inviteMembers, async ({ reseller, body, ip }) => {
    const made = await invitations.invite(ctx, reseller, body.invitations, ip);
    return answer(made, successes.invited(made.data.length));
  });
  serve(app, contract.teamInvitations, async ({ reseller }) => invitations.listInvitations(ctx, reseller));
  serve(app, contract.resendInvitation, async ({ reseller, body, ip }) => answer(await invitations.resend(ctx, reseller, body.id, ip), successes.invitationResent));
  serve(app, contract.revokeInvitation, async ({ reseller, body, ip }) => answer(await invitations.revoke(ctx, reseller, body.id, ip), successes.invitationRevoked));
  serve(app, contract.readInvitation, async ({ body }) => invitations.readInvitation(ctx, body.token), perIp);
  serve(
    app,
    contract.acceptInvitation,
    async ({ body, request }) =>
      answer(
        await invitations.accept(ctx, body, bearerToken(request), { ip: request.ip, userAgent: request.headers['user-agent'], locale: requestLocale(request.headers['accept-language']) }),
        successes.invitationAccepted,
      ),
    perIp,
  );
  serve(app, contract.updateMember, async ({ reseller, body, ip }) => answer(await members.updateMember(ctx, reseller, body, ip), successes.memberUpdated));
  serve(app, contract.removeMember, async ({ reseller, body, ip }) => {
    await members.removeMember(ctx, reseller, body.person_id, ip);
    return answer(null, successes.memberRemoved);
  });
  serve(app, contract.transferOwnership, async ({ reseller, body, ip }) => answer(await members.transferOwnership(ctx, reseller, body.person_id, ip), successes.ownershipTransferred));
  serve(app, contract.requireTeamTwoFactor, async ({ reseller, body, ip }) => {
    const result = await members.requireTwoFactorOfAll(ctx, reseller, body.required, ip);
    return answer(result, result.required ? successes.teamTwoFactorRequired : successes.teamTwoFactorNotRequired);
  });
  serve(app, contract.myAccounts, async ({ reseller }) => accounts.myAccounts(ctx, reseller));
  serve(app, contract.switchAccount, async ({ reseller, body }) => answer(await accounts.switchAccount(ctx, reseller, body.reseller_id), successes.accountSwitched));
}
