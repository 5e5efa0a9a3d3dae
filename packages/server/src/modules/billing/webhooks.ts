/**
 * The providers' notifications. Their signatures cover the exact bytes sent, so these routes keep
 * the body raw (in a scope of their own: every other route parses JSON). A notification that does
 * not verify answers 400 and changes nothing; one we cannot act on yet (the provider unreachable
 * for a capture or a signature check) answers 502, so the provider sends it again.
 */
import type { FastifyInstance } from 'fastify';
import { contract, type PaymentModule } from '@partner-panel/sdk';
import { fail } from '../../http/errors.js';
import { serve } from '../../http/route.js';
import { rawNotification } from '../../http/body-parsers.js';
import { ProviderError, UntrustedEvent } from '../../adapters/payments/types.js';
import { handleEvent } from './payments.js';

const WEBHOOKS = [
  [contract.testGatewayWebhook, 'testgateway'],
  [contract.stripeWebhook, 'stripe'],
  [contract.paypalWebhook, 'paypal'],
] as const;

export async function webhookRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (request, body, done) => rawNotification(request, body as Buffer, done));
    const { ctx } = scope;
    for (const [call, module] of WEBHOOKS) {
      serve(scope, call, async ({ request }) => {
        const gateway = ctx.payments.get(module as PaymentModule);
        if (!gateway) throw fail('paymentMethodUnavailable');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const event = await gateway.parseEvent(raw, request.headers);
          const outcome = await handleEvent(ctx, gateway, event);
          request.log.info({ provider: module, event: event.id, type: event.type, outcome }, 'payment notification');
        } catch (error) {
          if (error instanceof UntrustedEvent) {
            request.log.warn({ provider: module, reason: error.message }, 'a payment notification was refused');
            throw fail('webhookSignature');
          }
          if (error instanceof ProviderError) {
            request.log.warn({ provider: module, err: error }, 'a payment notification could not be acted on yet');
            throw fail('paymentProviderDown');
          }
          throw error;
        }
        return { received: true as const };
      });
    }
  });
}
