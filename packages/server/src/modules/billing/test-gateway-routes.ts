/**
 * The built-in test gateway's own calls, which the browser makes the way stripe-js calls Stripe:
 * turn a test card into a token, confirm a payment with its client secret, pass the confirmation
 * step a card asks for. They exist only while the test gateway is enabled (never in production).
 */
import type { FastifyInstance } from 'fastify';
import { contract } from '@partner-panel/sdk';
import { serve } from '../../http/route.js';
import { ProviderError } from '../../adapters/payments/types.js';

export function testGatewayRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const gateway = ctx.payments.testGateway;
  if (!gateway) return;
  // Per address: a card form is filled in a few times, never hundreds.
  const rateLimit = { max: ctx.config.payments.testGateway.requestsPerIp, timeWindow: ctx.config.rateLimits.windowMs };
  const unknownSecret = { status: 'failed' as const, next_action: null, error: { code: 'resource_missing', decline_code: null, message: 'This payment is unknown.' } };

  serve(
    app,
    contract.testGatewayToken,
    async ({ body }) => {
      const result = gateway.tokenize(body, ctx.clock.now());
      return 'error' in result ? { token: null, card: null, error: result.error } : { ...result, error: null };
    },
    { rateLimit },
  );

  serve(
    app,
    contract.testGatewayConfirm,
    async ({ body }) => {
      try {
        return await gateway.confirm(body.client_secret);
      } catch (error) {
        if (error instanceof ProviderError) return unknownSecret;
        throw error;
      }
    },
    { rateLimit },
  );

  serve(
    app,
    contract.testGatewayAuthenticate,
    async ({ body }) => {
      try {
        return await gateway.authenticate(body.client_secret, body.approve);
      } catch (error) {
        if (error instanceof ProviderError) return unknownSecret;
        throw error;
      }
    },
    { rateLimit },
  );
}
