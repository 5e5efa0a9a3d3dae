/**
 * One log line per request, at `info`, when its answer is sent: the request's id (Fastify's
 * `request_id` on every line of the request), the reseller behind it, the route's pattern (never
 * the path, which may carry a code or a reset hash), the status, the duration and the bytes sent.
 * Fastify's own two lines per request are turned off (`disableRequestLogging`).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

export function logRequests(app: FastifyInstance) {
  const sizes = new WeakMap<FastifyReply, number>();
  app.addHook('onSend', async (_request, reply, payload) => {
    // The size of an answer sent whole; a stream's is known only where its headers say it.
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) sizes.set(reply, Buffer.byteLength(payload));
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const bytes = sizes.get(reply) ?? Number(reply.getHeader('content-length'));
    request.log.info(
      {
        reseller_id: request.reseller?.id ?? request.client?.reseller.id ?? null,
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
        bytes: Number.isFinite(bytes) ? bytes : null,
      },
      'request',
    );
  });
}
