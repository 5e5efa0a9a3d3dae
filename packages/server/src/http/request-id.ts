/**
 * Every request gets an id of our own making (a caller's header is never trusted for it): Fastify
 * logs it on every line of the request, the `Request-Id` header carries it on every answer, and a
 * refusal's envelope repeats it, so support and operators meet the same string.
 */
import { randomId } from '../random.js';
import { LogController, type FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'Request-Id';

export const newRequestId = () => `req_${randomId(12).toString('base64url')}`;

/** Fastify's options for the id: ours, never read from the request, logged as `request_id`. */
export const requestIdOptions = () => ({
  genReqId: newRequestId,
  requestIdHeader: false as const,
  // Fastify's own two lines per request are off: logRequests writes one (src/ops/request-log.ts).
  logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
});

export function exposeRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
