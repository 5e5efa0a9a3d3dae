/**
 * Public settings the browser needs at start-up (captcha, realtime and payment public keys), and
 * the published contract: the OpenAPI document naming this server, from which clients are generated.
 */
import type { FastifyInstance } from 'fastify';
import { CAPTCHA_ACTIONS, contract, openApiDocument } from '@partner-panel/sdk';
import { precompressed } from '../../http/precompressed.js';
import { serve } from '../../http/route.js';

export function settingsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  serve(app, contract.publicSettings, async () => ({
    captcha: { provider: ctx.captcha.provider, site_key: ctx.captcha.siteKey, actions: [...CAPTCHA_ACTIONS] },
    realtime: {
      key: ctx.realtime.key,
      // Empty: the page's own host name.
      host: ctx.config.realtime.publicHost ?? '',
      port: ctx.config.realtime.publicPort ?? ctx.realtime.server?.port ?? ctx.config.realtime.port,
      tls: ctx.config.realtime.publicTls,
      auth_endpoint: contract.broadcastingAuth.path,
      user_auth_endpoint: contract.broadcastingUserAuth.path,
    },
    payments: {
      stripe_publishable_key: ctx.payments.get('stripe')?.publishableKey ?? null,
      methods: ctx.payments.list.map((g) => g.module),
    },
    redeem: { terms_url: ctx.config.redeem.termsUrl, privacy_url: ctx.config.redeem.privacyUrl, apps_url: ctx.config.redeem.appsUrl },
    production: ctx.config.production,
  }));

  // Some 400 kB of JSON: sent compressed (brotli or gzip), made once.
  const document = precompressed(JSON.stringify(openApiDocument({ serverUrl: ctx.config.publicUrl })), 'application/json; charset=utf-8');
  serve(app, contract.openApi, async ({ request, reply }) => document(request, reply) as never);
}
