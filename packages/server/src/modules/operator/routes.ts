/** The operator's console (issue 35): the catalogue, its history and its changes; the audit log. */
import type { FastifyInstance } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { exportFileName, issueTicket, readTicket, sendCsv } from '../exports/ticket.js';
import { auditExportStream, auditWhere, operatorAuditLog, type AuditFilter } from './audit.js';
import { catalogueHistory, changePrice, readCatalogue, setAvailability } from './catalogue.js';

export function operatorRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const who = (reseller: { id: number; personId: number }, ip: string) => ({ operatorId: reseller.id, personId: reseller.personId, ip });

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
