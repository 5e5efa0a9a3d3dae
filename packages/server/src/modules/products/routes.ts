/** Products and pricing (001 §7): the signed-in reseller's, or an admin's view of its user's. */
import type { FastifyInstance } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { ownUser } from '../users/service.js';
import { presentProducts, priceBook } from './pricing.js';

export function productRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const productsOf = async (resellerId: number) => presentProducts(await priceBook(ctx.db, resellerId, ctx.clock.now()));

  serve(app, contract.products, async ({ reseller }) => answer(await productsOf(reseller.id), successes.products));
  serve(app, contract.productPricing, async ({ reseller }) => answer(await productsOf(reseller.id), successes.productPricing));
  serve(app, contract.userProducts, async ({ body, reseller }) => {
    const user = await ownUser(ctx, reseller.id, body.userResellerId);
    return answer(await productsOf(user.id), successes.products);
  });
}
