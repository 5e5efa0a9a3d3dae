/** The events API and the webhook endpoints: with a key (its mode) and from the portal (either mode). */
import type { FastifyInstance } from 'fastify';
import { contract, type KeyMode, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { listEvents } from '../events/list.js';
import type { ClientPrincipal } from '../client-api/principal.js';
import * as endpoints from './endpoints.js';

// A new secret is in these answers: kept for an Idempotency-Key replay only sealed.
const secretAnswer = { secretAnswer: true };

export function webhookEndpointRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const byKey = (client: ClientPrincipal): endpoints.Owner => ({ resellerId: client.reseller.id, mode: client.mode });

  serve(app, contract.clientListEvents, async ({ query, client }) => listEvents(ctx, byKey(client), query));

  // ---- with a key: the key's mode
  serve(app, contract.clientListWebhookEndpoints, async ({ client }) => endpoints.listEndpoints(ctx, byKey(client)));
  serve(app, contract.clientCreateWebhookEndpoint, async ({ body, client }) => answer(await endpoints.createEndpoint(ctx, byKey(client), body), successes.webhookCreated), secretAnswer);
  serve(app, contract.clientUpdateWebhookEndpoint, async ({ body, client }) => answer(await endpoints.updateEndpoint(ctx, byKey(client), body), successes.webhookUpdated));
  serve(app, contract.clientRotateWebhookSecret, async ({ body, client }) => answer(await endpoints.rotateSecret(ctx, byKey(client), body.endpointId), successes.webhookSecretRotated), secretAnswer);
  serve(app, contract.clientDeleteWebhookEndpoint, async ({ body, client }) => answer(await endpoints.deleteEndpoint(ctx, byKey(client), body.endpointId), successes.webhookDeleted));
  serve(app, contract.clientTestWebhookEndpoint, async ({ body, client }) => answer(await endpoints.sendTest(ctx, byKey(client), body.endpointId), successes.webhookTestSent));
  serve(app, contract.clientListWebhookDeliveries, async ({ query, client }) => endpoints.listDeliveries(ctx, byKey(client), query));
  serve(app, contract.clientResendWebhookDelivery, async ({ body, client }) => answer(await endpoints.resend(ctx, byKey(client), body.deliveryId), successes.webhookDeliveryResent));

  // ---- from the portal: either mode, live unless named
  const own = (resellerId: number, mode: KeyMode | undefined): endpoints.Owner => ({ resellerId, mode: mode ?? 'live' });
  serve(app, contract.listWebhookEndpoints, async ({ query, reseller }) => endpoints.listEndpoints(ctx, own(reseller.id, query.mode)));
  serve(app, contract.createWebhookEndpoint, async ({ body, reseller }) => answer(await endpoints.createEndpoint(ctx, own(reseller.id, body.mode as KeyMode | undefined), body), successes.webhookCreated), secretAnswer);
  // The calls that name an endpoint or a delivery find it in either of the reseller's modes.
  const either = async <T>(resellerId: number, work: (owner: endpoints.Owner) => Promise<T>): Promise<T> => {
    try {
      return await work(own(resellerId, 'live'));
    } catch (error) {
      if (!endpoints.isMissing(error)) throw error;
      return work(own(resellerId, 'sandbox'));
    }
  };
  serve(app, contract.updateWebhookEndpoint, async ({ body, reseller }) => answer(await either(reseller.id, (o) => endpoints.updateEndpoint(ctx, o, body)), successes.webhookUpdated));
  serve(app, contract.rotateWebhookSecret, async ({ body, reseller }) => answer(await either(reseller.id, (o) => endpoints.rotateSecret(ctx, o, body.endpointId)), successes.webhookSecretRotated), secretAnswer);
  serve(app, contract.deleteWebhookEndpoint, async ({ body, reseller }) => answer(await either(reseller.id, (o) => endpoints.deleteEndpoint(ctx, o, body.endpointId)), successes.webhookDeleted));
  serve(app, contract.testWebhookEndpoint, async ({ body, reseller }) => answer(await either(reseller.id, (o) => endpoints.sendTest(ctx, o, body.endpointId)), successes.webhookTestSent));
  serve(app, contract.listWebhookDeliveries, async ({ query, reseller }) => either(reseller.id, (o) => endpoints.listDeliveries(ctx, o, query)));
  serve(app, contract.resendWebhookDelivery, async ({ body, reseller }) => answer(await either(reseller.id, (o) => endpoints.resend(ctx, o, body.deliveryId)), successes.webhookDeliveryResent));
}
