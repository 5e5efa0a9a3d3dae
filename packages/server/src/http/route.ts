/**
 * Serves a call of the contract: the route, its schemas, CSRF, authentication, captcha, and the
 * success envelope. Handlers only map the parsed input to a service and return the body.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { envelopeSchema, type AnyCall, type CallBody, type CallQuery, type CallResult } from '@partner-panel/sdk';
import type { SessionReseller } from '../context.js';
import { authenticate, requireAdmin } from '../modules/auth/guard.js';
import { Answer, envelope } from './envelope.js';
import { fail } from './errors.js';

export interface HandlerContext<C extends AnyCall> {
  body: CallBody<C>;
  query: CallQuery<C>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in reseller (calls with access reseller or admin). */
  reseller: SessionReseller;
  ip: string;
}

export type Handler<C extends AnyCall> = (
  ctx: HandlerContext<C>,
) => Promise<CallResult<C> | Answer<CallResult<C>>>;

export interface ServeOptions {
  onRequest?: onRequestHookHandler[];
  preHandler?: preHandlerHookHandler[];
  /** Options of @fastify/rate-limit for this route (per IP). */
  rateLimit?: { max: number; timeWindow: number };
}

export function serve<C extends AnyCall>(app: FastifyInstance, call: C, handler: Handler<C>, options: ServeOptions = {}) {
  const { csrf, captcha, config } = app.ctx;
  const onRequest: onRequestHookHandler[] = [];
  if (call.csrf) onRequest.push(csrf.check);
  if (call.access === 'reseller' || call.access === 'admin') onRequest.push(authenticate);
  if (call.access === 'admin') onRequest.push(requireAdmin);
  onRequest.push(...(options.onRequest ?? []));

  const preHandler: preHandlerHookHandler[] = [];
  const action = call.captcha;
  if (action) {
    preHandler.push(async (request) => {
      const token = (request.body as { token?: string } | undefined)?.token ?? '';
      if (!(await captcha.verify(token, action, request.ip))) throw fail('captchaFailed');
    });
  }
  preHandler.push(...(options.preHandler ?? []));

  app.route({
    method: call.method,
    url: call.path,
    schema: {
      ...(call.body ? { body: call.body } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      // Outside production every answer is checked against the contract before it leaves.
      ...(!config.production && !call.raw
        ? { response: { [call.httpStatus]: envelopeSchema(call.response) } }
        : {}),
    },
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : { config: { rateLimit: false } }),
    onRequest,
    preHandler,
    handler: async (request, reply) => {
      const ctx: HandlerContext<C> = {
        body: request.body as CallBody<C>,
        query: request.query as CallQuery<C>,
        request,
        reply,
        get reseller() {
          if (!request.reseller) throw fail('sessionExpired');
          return request.reseller;
        },
        ip: request.ip,
      };
      const out = await handler(ctx);
      if (call.raw) return reply;
      const { body, message } = out instanceof Answer ? out : { body: out, message: 'Success' };
      reply.code(call.httpStatus);
      return envelope(call.successCode, 'success', message, body ?? null);
    },
  });
}
