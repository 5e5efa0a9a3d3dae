/**
 * One origin: the server serves the built portal, and answers every client route with the app so
 * that a deep link survives a reload. Unknown /api paths get a 404 envelope instead. The API
 * reference page, which the portal's build writes, is served at /api/docs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { API_REFERENCE_PATH, errors } from '@partner-panel/sdk';
import { sendError } from './envelope.js';
import { inMemory, serveBundle } from './static.js';

export const defaultPortalDir = fileURLToPath(new URL('../../../portal/dist', import.meta.url));

// The operator's paths too: /metrics without its setting is a 404, never the portal's page.
const isApi = (url: string) => /^\/(api|broadcasting|dev|metrics|health)(\/|$|\?)/.test(url);

export async function portal(app: FastifyInstance, dir: string) {
  const hasPortal = existsSync(join(dir, 'index.html'));
  if (hasPortal) await serveBundle(app, { root: dir });
  // The API reference the portal's build writes from the OpenAPI document: a page with no script and
  // only its own inline styles, at a path no reseller's portal URL can take. Unbuilt, it is a 404.
  const reference = join(dir, 'api-reference.html');
  if (existsSync(reference)) {
    const page = inMemory(reference);
    app.get(API_REFERENCE_PATH, { helmet: app.ctx.security.plainPage }, (request, reply) =>
      page(request, reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache')),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    // A missing file (/assets/old-hash.js) is not a page either.
    const page = !isApi(url) && !/\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '');
    if (!page || (request.method !== 'GET' && request.method !== 'HEAD') || !hasPortal) {
      return sendError(reply, 404, errors.notFound.code, errors.notFound.message, null);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', dir);
  });
}
