/** White-label calls (ours): a reseller's enquiry, and the operator's list. */
import type { FastifyInstance } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { askWhiteLabel, listEnquiries } from './service.js';

export function whiteLabelRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, contract.askWhiteLabel, async ({ body, reseller }) =>
    answer(await askWhiteLabel(ctx, reseller, body), successes.whiteLabelAsked),
  );

  serve(app, contract.whiteLabelEnquiries, async ({ body, query, reseller }) =>
    listEnquiries(ctx, reseller, body.search ?? '', { page: query.page ?? 1, limit: query.page_limit ?? 10 }),
  );
}
