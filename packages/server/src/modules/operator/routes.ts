/** The operator's console (issue 35): the programme dashboard; the catalogue, its history and its changes; the resellers and their terms; money, its export, adjustments and reconciliation; the audit log. */
import type { FastifyInstance } from 'fastify';
import { contract, successes, type MoneyFilter } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { exportFileName, issueTicket, readTicket, sendCsv } from '../exports/ticket.js';
import { formatUsd } from '../wallet/service.js';
import { auditExportStream, auditWhere, operatorAuditLog, type AuditFilter } from './audit.js';
import { programmeDashboard } from './dashboard.js';
import { catalogueHistory, changePrice, readCatalogue, setAvailability } from './catalogue.js';
import { listResellers, moveReseller, openReseller, readReseller, setResellerStatus, setResellerTerms, settleReseller, verifyReseller } from './resellers.js';
import { adjustWallet, listMoney, moneyExportStream, reconcile } from './money.js';
import { requestLocale } from '../../locales.js';

export function operatorRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const who = (reseller: { id: number; personId: number }, ip: string) => ({ operatorId: reseller.id, personId: reseller.personId, ip });

  serve(app, contract.programmeDashboard, async ({ query }) => answer(await programmeDashboard(ctx, query.days ?? 30), successes.programmeDashboard));
  serve(app, contract.catalogue, async () => answer(await readCatalogue(ctx), successes.catalogue));
  serve(app, contract.catalogueHistory, async ({ query }) =>
    answer(await catalogueHistory(ctx, { page: query.page ?? 1, limit: query.page_limit ?? 10 }), successes.catalogueHistory),
  );
  serve(app, contract.changeCataloguePrice, async ({ body, reseller, ip }) => {
    const change = await changePrice(ctx, who(reseller, ip), { type: body.item_type, id: body.item_id, cents: body.price, effectiveAt: body.effective_at });
    return answer(change, change.applied_at ? successes.catalogueChanged : successes.catalogueScheduled);
  });
  serve(app, contract.setCatalogueAvailability, async ({ body, reseller, ip }) =>
    answer(await setAvailability(ctx, who(reseller, ip), { type: body.item_type, id: body.item_id, active: body.active }), successes.catalogueChanged),
  );


  serve(app, contract.operatorResellers, async ({ query }) => answer(await listResellers(ctx, query), successes.operatorResellers));
  serve(app, contract.operatorReseller, async ({ query }) => answer(await readReseller(ctx, query.id), successes.operatorReseller));
  serve(app, contract.createOperatorReseller, async ({ body, reseller, ip, request }) => {
    const locale = requestLocale(request.headers['accept-language']);
    const opened = await openReseller(ctx, who(reseller, ip), { name: body.name, email: body.email, isAdmin: body.is_admin ?? false, parentId: body.parent_id ?? null, locale });
    return answer(opened, successes.resellerCreated(opened.email));
  });
  serve(app, contract.verifyOperatorReseller, async ({ body, reseller, ip }) => answer(await verifyReseller(ctx, who(reseller, ip), body.id), successes.resellerVerified));
  serve(app, contract.setOperatorResellerStatus, async ({ body, reseller, ip }) =>
    answer(await setResellerStatus(ctx, who(reseller, ip), body), body.action === 'suspend' ? successes.resellerSuspended : successes.resellerReactivated),
  );
  serve(app, contract.moveOperatorReseller, async ({ body, reseller, ip }) =>
    answer(await moveReseller(ctx, who(reseller, ip), { id: body.id, parentId: body.parent_id }), successes.resellerMoved),
  );
  serve(app, contract.setOperatorResellerTerms, async ({ body, reseller, ip }) =>
    answer(
      await setResellerTerms(ctx, who(reseller, ip), { id: body.id, terms: body.terms, creditLimitCents: body.credit_limit, settlementDay: body.settlement_day }),
      successes.resellerTermsSet,
    ),
  );
  serve(app, contract.settleOperatorReseller, async ({ body, reseller, ip }) => {
    const after = await settleReseller(ctx, who(reseller, ip), { id: body.id, amountCents: body.amount, note: body.note });
    return answer(after, successes.resellerSettled(formatUsd(body.amount), formatUsd(Math.max(0, Math.round(-after.balance * 100)))));
  });
  serve(app, contract.operatorMoney, async ({ body, query }) =>
    answer(await listMoney(ctx, body, { page: query.page ?? 1, limit: query.page_limit ?? 10 }), successes.money),
  );
  // The export: a signed ticket for the list under its filter, then the streamed file.
  serve(app, contract.operatorMoneyExportTicket, async ({ body, reseller }) => {
    const { ticket, expires_at } = issueTicket<MoneyFilter>(ctx, 'money', reseller.id, body);
    return { url: `${contract.exportOperatorMoney.path}?ticket=${encodeURIComponent(ticket)}`, expires_at };
  });
  serve(app, contract.exportOperatorMoney, async ({ query, reply }) => {
    const ticket = readTicket<MoneyFilter>(ctx, 'money', query.ticket);
    return sendCsv(reply, exportFileName(ctx.clock.now(), 'money'), await moneyExportStream(ctx, ticket.filter));
  });
  serve(app, contract.adjustResellerWallet, async ({ body, reseller, ip }) => {
    const row = await adjustWallet(ctx, who(reseller, ip), { resellerId: body.reseller_id, type: body.type, cents: body.amount, reason: body.reason });
    const amount = formatUsd(body.amount);
    return answer(row, body.type === 'credit' ? successes.operatorCredited(amount, row.reseller.name, body.reason) : successes.operatorDebited(amount, row.reseller.name, body.reason));
  });
  serve(app, contract.operatorReconciliation, async ({ body }) => {
    const found = await reconcile(ctx, body);
    return answer(found, successes.moneyReconciled(found.mismatches.length));
  });
  serve(app, contract.operatorAudit, async ({ body, query, reseller }) =>
    answer(await operatorAuditLog(ctx, reseller.id, body, { page: query.page ?? 1, limit: query.page_limit ?? 10 }), successes.operatorAudit),
  );
  serve(app, contract.operatorAuditExportTicket, async ({ body, reseller }) => {
    auditWhere(reseller.id, body); // refuse a bad filter now, not in the download
    const { ticket, expires_at } = issueTicket<AuditFilter>(ctx, 'operator-audit', reseller.id, body);
    return answer({ url: `${contract.exportOperatorAudit.path}?ticket=${encodeURIComponent(ticket)}`, expires_at }, successes.operatorAuditExport);
  });
  serve(app, contract.exportOperatorAudit, async ({ query, reply }) => {
    const ticket = readTicket<AuditFilter>(ctx, 'operator-audit', query.ticket);
    return sendCsv(reply, exportFileName(ctx.clock.now(), 'audit-log'), await auditExportStream(ctx, ticket.owner, ticket.filter));
  });
}
