/** The notifications calls (000 §7) and the realtime channel authorisation. */
import type { FastifyInstance } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { serve } from '../../http/route.js';
import { pusherChannel } from './notifier.js';
import * as notices from './service.js';

export function notificationRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, contract.unreadNotifications, async ({ query, reseller }) => notices.unread(ctx, reseller.id, query.since));

  serve(app, contract.notifications, async ({ body, reseller }) => notices.page(ctx, reseller.id, body.page));

  serve(app, contract.markNotificationsRead, async ({ body, reseller }) => {
    const uid = body.uid ?? body.id;
    return answer(await notices.markRead(ctx, reseller.id, uid), uid ? successes.notificationRead : successes.allNotificationsRead);
  });

  // A reseller may listen to its own channel only, for as long as the session that asked lasts.
  serve(app, contract.broadcastingAuth, async ({ body, reseller }) => {
    if (body.channel_name !== pusherChannel(reseller.id)) throw fail('channelForbidden');
    return ctx.realtime.authorize(body.socket_id, body.channel_name, reseller.tokenId);
  }, { form: true });

  // A socket signs in as the session that asked, so that ending the session closes it.
  serve(app, contract.broadcastingUserAuth, async ({ body, reseller }) => ctx.realtime.authenticateSession(body.socket_id, reseller.tokenId), { form: true });
}
