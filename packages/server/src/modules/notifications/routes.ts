/** The notifications calls (000 §7) and the realtime channel authorisation. */
import type { FastifyInstance } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import type { SessionReseller } from '../../context.js';
import { answer } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { serve } from '../../http/route.js';
import { pusherChannel } from './notifier.js';
import * as notices from './service.js';

/** The account's notifications, read by the person signed in. */
const reader = (session: SessionReseller): notices.Reader => ({ resellerId: session.id, personId: session.personId });

export function notificationRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, contract.unreadNotifications, async ({ query, reseller }) => notices.unread(ctx, reader(reseller), query.since));

  serve(app, contract.notifications, async ({ body, reseller }) => notices.page(ctx, reader(reseller), body.page));

  serve(app, contract.markNotificationsRead, async ({ body, reseller }) => {
    const uid = body.uid ?? body.id;
    return answer(await notices.markRead(ctx, reader(reseller), uid), uid ? successes.notificationRead : successes.allNotificationsRead);
  });

  // A reseller may listen to its own channel only, for as long as the session that asked lasts.
  serve(app, contract.broadcastingAuth, async ({ body, reseller }) => {
    if (body.channel_name !== pusherChannel(reseller.id)) throw fail('channelForbidden');
    return ctx.realtime.authorize(body.socket_id, body.channel_name, reseller.tokenId);
  }, { form: true });

  // A socket signs in as the session that asked, so that ending the session closes it.
  serve(app, contract.broadcastingUserAuth, async ({ body, reseller }) => ctx.realtime.authenticateSession(body.socket_id, reseller.tokenId), { form: true });
}
