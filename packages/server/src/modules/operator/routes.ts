/** The operator's console (issue 35): the catalogue, its history and its changes. */
import type { FastifyInstance } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { catalogueHistory, changePrice, readCatalogue, setAvailability } from './catalogue.js';

export function operatorRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const who = (reseller: { id: number; personId: number }) => ({ operatorId: reseller.id, personId: reseller.personId });

  serve(app, contract.catalogue, async () => answer(await readCatalogue(ctx), successes.catalogue));
  serve(app, contract.catalogueHistory, async ({ query }) =>
    answer(await catalogueHistory(ctx, { page: query.page ?? 1, limit: query.page_limit ?? 10 }), successes.catalogueHistory),
  );
  serve(app, contract.changeCataloguePrice, async ({ body, reseller }) => {
    const change = await changePrice(ctx, who(reseller), { type: body.item_type, id: body.item_id, cents: body.price, effectiveAt: body.effective_at });
    return answer(change, change.applied_at ? successes.catalogueChanged : successes.catalogueScheduled);
  });
  serve(app, contract.setCatalogueAvailability, async ({ body, reseller }) =>
    answer(await setAvailability(ctx, who(reseller), { type: body.item_type, id: body.item_id, active: body.active }), successes.catalogueChanged),
  );
}
