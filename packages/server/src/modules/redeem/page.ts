/**
 * The redeem page and its script embed, as packages/redeem-widget builds them (002 §2, 000 §2):
 * - `/redeem` and `/redeem/brainrocket`: the page, with a Content-Security-Policy whose
 *   frame-ancestors are the reseller's allowlist (`?reseller=`; 903 for the partner page), or our
 *   own origin alone when it names no reseller or an unknown one; a frame of a site off the list
 *   gets a readable message instead (blocked.ts);
 * - `/redeem/assets/*`: its hashed script and style, cached for a year;
 * - `/redeem.js`: the loader that snippets name without a hash, so it is cached for five minutes.
 * Every file is sent pre-compressed (brotli or gzip) when the browser accepts it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REDEEM_LOADER_PATH, REDEEM_PAGES, RESTRICTED_RESELLER_ID, errors } from '@partner-panel/sdk';
import { sendError } from '../../http/envelope.js';
import { inMemory } from '../../http/static.js';
import { BLOCKED_PAGE_POLICY, blockedPage, framingSite, redeemLink, sourceAdmits } from './blocked.js';
import { redeemPagePolicy } from './csp.js';
import { framingOrigins, resellerParam } from './embeds.js';

export const defaultWidgetDir = fileURLToPath(new URL('../../../../redeem-widget/dist', import.meta.url));

export async function redeemPage(app: FastifyInstance, dir: string) {
  const { ctx } = app;
  const html = join(dir, 'index.html');
  if (!existsSync(html)) {
    ctx.log.warn({ dir }, 'the redeem widget is not built: /redeem answers 404 (pnpm build)');
    const missing = (_request: FastifyRequest, reply: FastifyReply) =>
      sendError(reply, 404, errors.notFound.code, errors.notFound.message, null);
    for (const url of [REDEEM_PAGES.public, REDEEM_PAGES.partner, REDEEM_LOADER_PATH]) app.get(url, missing);
    return;
  }
  const page = inMemory(html);

  const ownOrigin = new URL(ctx.config.publicUrl).origin;

  async function servePage(request: FastifyRequest<{ Querystring: { reseller?: unknown; origin?: unknown } }>, reply: FastifyReply) {
    const partner = request.routeOptions.url?.startsWith(REDEEM_PAGES.partner) ?? false;
    const param = resellerParam(request.query.reseller);
    const origins = partner
      ? await framingOrigins(ctx, { id: RESTRICTED_RESELLER_ID })
      : param
        ? await framingOrigins(ctx, { customUrl: param })
        : [];
    reply
      .type('text/html; charset=utf-8')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'strict-origin-when-cross-origin')
      // The policy follows the reseller's list, which may change at any time, and the framing site.
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Sec-Fetch-Dest, Referer');
    const host = origins === null ? null : framingSite(request.headers, request.query.origin);
    const ours = host === ownOrigin || host === `${request.protocol}://${request.host}`;
    if (host && origins && !ours && !origins.some((source) => sourceAdmits(source, host))) {
      const reason = origins.length ? 'origin_not_allowed' : 'reseller_required';
      ctx.log.info({ host, reseller: partner ? RESTRICTED_RESELLER_ID : param || null }, 'redeem page framed by a site off its allowlist');
      return reply.header('Content-Security-Policy', BLOCKED_PAGE_POLICY).send(blockedPage(reason, host, redeemLink(request.url)));
    }
    reply.header('Content-Security-Policy', redeemPagePolicy(origins, ctx.captcha.provider));
    return page(request, reply);
  }
  // The page writes its own policy (frame-ancestors: the reseller's list): helmet leaves CSP and
  // X-Frame-Options, which cannot name origins, to it, and adds the other headers.
  for (const url of [REDEEM_PAGES.public, `${REDEEM_PAGES.public}/`, REDEEM_PAGES.partner, `${REDEEM_PAGES.partner}/`]) {
    app.get(url, { helmet: { contentSecurityPolicy: false, xFrameOptions: false } }, servePage);
  }

  // Its own scope: the portal's @fastify/static owns reply.sendFile; these only serve files.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: join(dir, 'assets'),
      prefix: `${REDEEM_PAGES.public}/assets/`,
      wildcard: false,
      decorateReply: false,
      preCompressed: true,
      maxAge: '1y',
      immutable: true,
    });
    await scope.register(fastifyStatic, {
      root: join(dir, 'loader'),
      prefix: '/',
      wildcard: false,
      decorateReply: false,
      preCompressed: true,
      maxAge: '5m',
      // A host page may load the loader from any site.
      setHeaders: (reply) => reply.header('Cross-Origin-Resource-Policy', 'cross-origin'),
    });
  });
}
