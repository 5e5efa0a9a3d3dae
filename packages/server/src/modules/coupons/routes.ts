/** Coupon calls (001 §7): generate, list, export, delete, e-mail; and an admin's for its own users' coupons. */
import type { FastifyInstance } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { serve } from '../../http/route.js';
import { ownUser } from '../users/service.js';
import { deleteCoupon, sendCoupon, sendCoupons } from './actions.js';
import { deleteSelection, quoteDeletion } from './bulk.js';
import { exportFileName, issueTicket, readTicket, sendCsv } from '../exports/ticket.js';
import { exportStream } from './export.js';
import { parseFilter, type CouponFilter } from './filter.js';
import { generateCoupons } from './generate.js';
import { listCoupons } from './list.js';
import { formatUsd } from '../wallet/service.js';

export function couponRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, contract.generateCoupons, async ({ body, reseller }) => {
    const result = await generateCoupons(ctx, reseller, reseller.id, body);
    return answer(result, successes.couponsGenerated(result.quantity));
  });

  serve(app, contract.generateUserCoupons, async ({ body, reseller }) => {
    const user = await ownUser(ctx, reseller.id, body.userResellerId);
    const result = await generateCoupons(ctx, reseller, user.id, body);
    return answer(result, successes.couponsGenerated(result.quantity));
  });

  serve(app, contract.listCoupons, async ({ body, query, reseller }) => listCoupons(ctx, reseller.id, body, query));

  serve(app, contract.listUserCoupons, async ({ body, query, reseller }) => {
    const user = await ownUser(ctx, reseller.id, body.id);
    return listCoupons(ctx, user.id, body, query);
  });

  serve(app, contract.couponExportTicket, async ({ body, reseller }) => {
    const { id, ...filter } = body;
    let owner = reseller.id;
    if (id !== undefined && id !== reseller.id) {
      if (!reseller.isAdmin) throw fail('adminOnly');
      owner = (await ownUser(ctx, reseller.id, id)).id;
    }
    parseFilter(filter); // refuse a bad filter now, not in the download
    const { ticket, expires_at } = issueTicket(ctx, 'coupons', owner, filter);
    return { url: `${contract.exportCoupons.path}?ticket=${encodeURIComponent(ticket)}`, expires_at };
  });

  serve(app, contract.exportCoupons, async ({ query, reply }) => {
    const ticket = readTicket<CouponFilter>(ctx, 'coupons', query.ticket);
    return sendCsv(reply, exportFileName(ctx.clock.now(), 'coupons'), await exportStream(ctx, ticket.owner, ticket.filter));
  });

  serve(app, contract.deleteCoupon, async ({ body, reseller }) =>
    answer(await deleteCoupon(ctx, reseller.id, reseller.id, body.couponID), successes.couponDeleted),
  );

  serve(app, contract.quoteCouponDeletion, async ({ body, reseller }) => answer(await quoteDeletion(ctx, reseller.id, body.ids), successes.deletionQuoted));

  serve(app, contract.deleteCoupons, async ({ body, reseller }) => {
    const result = await deleteSelection(ctx, reseller.id, body.ids);
    return answer(result, successes.couponsDeleted(result.deleted, formatUsd(Math.round(result.refunded * 100))));
  });

  serve(app, contract.deleteUserCoupon, async ({ body, reseller }) => {
    const user = await ownUser(ctx, reseller.id, body.id);
    return answer(await deleteCoupon(ctx, reseller.id, user.id, body.couponID), successes.couponDeleted);
  });

  serve(app, contract.sendCoupon, async ({ body, reseller }) => {
    let owner = reseller.id;
    if (body.reseller_id !== undefined && body.reseller_id !== reseller.id) {
      if (!reseller.isAdmin) throw fail('notYourUser');
      owner = (await ownUser(ctx, reseller.id, body.reseller_id)).id;
    }
    await sendCoupon(ctx, owner, body, reseller.personLocale);
    return answer(null, successes.couponSent);
  });

  serve(app, contract.sendCoupons, async ({ body, reseller }) => {
    const result = await sendCoupons(ctx, reseller.id, body, reseller.personLocale);
    return answer(result, successes.couponsSent(result.sent));
  });
}
