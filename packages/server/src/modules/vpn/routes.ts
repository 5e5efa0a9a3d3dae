/** VPN account calls (001 §7). */
import type { FastifyInstance } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { pagingOf } from '../../http/paging.js';
import { exportFileName, issueTicket, readTicket, sendCsv } from '../exports/ticket.js';
import { parseFilter } from '../coupons/filter.js';
import { ownUser } from '../users/service.js';
import { fail } from '../../http/errors.js';
import { vpnExportStream } from './export.js';
import { listVpnAccounts, type VpnListFilter } from './list.js';
import * as vpn from './service.js';

export function vpnRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, contract.createVpnAccount, async ({ body, reseller }) => {
    const result = await vpn.createAccount(ctx, reseller, body);
    return answer(result, successes.vpnCreated(body.email));
  });

  serve(app, contract.searchVpnAccounts, async ({ body, reseller }) => ({
    account_details: await vpn.searchAccounts(ctx, reseller, body.search, body.value),
  }));

  serve(app, contract.updateVpnEmail, async ({ body, reseller }) =>
    answer({ account: await vpn.updateEmail(ctx, reseller, body.username, body.email) }, successes.vpnEmailUpdated),
  );

  serve(app, contract.updateVpnPassword, async ({ body, reseller }) =>
    answer({ account: await vpn.updatePassword(ctx, reseller, body.username, body.password) }, successes.vpnPasswordUpdated),
  );

  serve(app, contract.updateVpnStatus, async ({ body, reseller }) =>
    answer(
      { account: await vpn.updateStatus(ctx, reseller, body.username, body.status) },
      body.status === 'enable' ? successes.vpnEnabled : successes.vpnDisabled,
    ),
  );

  serve(app, contract.deleteVpnAccount, async ({ body, reseller }) =>
    answer({ account: await vpn.deleteAccount(ctx, reseller, body.username) }, successes.vpnDeleted),
  );

  serve(app, contract.listVpnAccounts, async ({ body, query, reseller }) =>
    listVpnAccounts(ctx, reseller.id, { search: body.search }, { ...pagingOf(query), limit: query.page_limit ?? 5 }),
  );

  serve(app, contract.vpnExportTicket, async ({ body, reseller }) => {
    const { id, search, ...coupon } = body;
    let owner = reseller.id;
    let filter: VpnListFilter = { search };
    if (id !== undefined && id !== reseller.id) {
      if (!reseller.isAdmin) throw fail('adminOnly');
      owner = (await ownUser(ctx, reseller.id, id)).id;
      // An admin's view of its user filters as the coupon list does (001 §2.5), the code as the search.
      filter = { coupon: { ...coupon, code: search || coupon.code } };
    }
    parseFilter(filter.coupon ?? { code: '', dateStart: '', dateEnd: '', billingType: '' }); // a bad date fails now
    const { ticket, expires_at } = issueTicket(ctx, 'vpn', owner, filter);
    return { url: `${contract.exportVpnAccounts.path}?ticket=${encodeURIComponent(ticket)}`, expires_at };
  });

  serve(app, contract.exportVpnAccounts, async ({ query, reply }) => {
    const ticket = readTicket<VpnListFilter>(ctx, 'vpn', query.ticket);
    return sendCsv(reply, exportFileName(ctx.clock.now(), 'vpn-subscriptions'), vpnExportStream(ctx, ticket.owner, ticket.filter));
  });
}
