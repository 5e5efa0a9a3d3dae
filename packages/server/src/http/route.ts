/**
 * Serves a call of the contract: the route, its schemas, CSRF, authentication, captcha, and the
 * success envelope. Handlers only map the parsed input to a service and return the body.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { envelopeSchema, isSignedInAccess, type AnyCall, type CallBody, type CallQuery, type CallResult } from '@partner-panel/sdk';
import type { SessionReseller } from '../context.js';
import { actingAs } from '../modules/audit/index.js';
import { authenticate, refuseOperator, requireAdmin, requireOperator, requirePermission } from '../modules/auth/guard.js';
import { authenticateClient } from '../modules/client-api/guard.js';
import type { ClientPrincipal } from '../modules/client-api/principal.js';
import { Answer, envelope } from './envelope.js';
import { fail } from './errors.js';
import { claimIdempotencyKey, storeIdempotentAnswer } from './idempotency.js';
import { refuseUnknown } from './strict-input.js';

export interface HandlerContext<C extends AnyCall> {
  body: CallBody<C>;
  query: CallQuery<C>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in account and member (calls with access reseller, admin or operator). */
  reseller: SessionReseller;
  /** The v2 client of the access token (calls with access client). */
  client: ClientPrincipal;
  ip: string;
}

export type Handler<C extends AnyCall> = (
  ctx: HandlerContext<C>,
) => Promise<CallResult<C> | Answer<CallResult<C>>>;

export interface ServeOptions {
  onRequest?: onRequestHookHandler[];
  preHandler?: preHandlerHookHandler[];
  /** The call is made from a page partners frame on their sites: CSRF by a signed header alone. */
  embeddable?: boolean;
  /** Options of @fastify/rate-limit for this route (per IP). */
  rateLimit?: { max: number; timeWindow: number };
  /** The answer holds a secret (a whole API key, recovery codes): kept for an Idempotency-Key only sealed. */
  secretAnswer?: boolean;
  /** The call's captcha applies only to bodies this says yes to (a password among other fields). */
  captchaWhen?: (body: unknown) => boolean;
  /** The body may also come as an HTML form (application/x-www-form-urlencoded); other calls answer 415 to one. */
  form?: boolean;
  /** Run on the answer, success or refusal, as it leaves (the redeem calls' language). */
  onSend?: onSendHookHandler[];
}

export function serve<C extends AnyCall>(app: FastifyInstance, call: C, handler: Handler<C>, options: ServeOptions = {}) {
  const { csrf, captcha, config } = app.ctx;
  const html = call.raw === 'html';
  // A JSON answer's headers (its policy loads nothing), set before any check can refuse the call.
  const onRequest: onRequestHookHandler[] = html ? [] : [app.ctx.security.apiHeaders];
  if (call.csrf) onRequest.push(options.embeddable ? csrf.checkEmbedded : csrf.check);
  if (isSignedInAccess(call.access)) onRequest.push(authenticate);
  if (call.access === 'admin') onRequest.push(requireAdmin);
  if (call.access === 'operator') onRequest.push(requireOperator);
  // The operator's account makes only the reseller calls the contract gives it (define.ts, `operator`).
  if (call.access === 'reseller') {
    const operatorMay = call.operator;
    onRequest.push(async (request) => refuseOperator(request, operatorMay));
  }
  // The member's role must allow the call's permission (contract: roles.ts); a key (access client)
  // acts with the account's full powers, and public and signed calls keep their own rules.
  const permission = call.permission;
  if (permission) onRequest.push(async (request) => requirePermission(request, permission));
  if (call.access === 'client') onRequest.push(authenticateClient);
  onRequest.push(...(options.onRequest ?? []));

  // The v2 client API (its token calls too): a missing body reads as an empty one, so the answer
  // names the missing fields, and bad input answers 400 as the sandbox documents.
  const clientApi = call.path.startsWith('/api/v2/client/') && (call.access === 'client' || call.access === 'public');
  const preValidation: preValidationHookHandler[] = [];
  // A path parameter ({userId}) is validated with the query, by the call's query schema.
  if (call.path.includes('{')) {
    preValidation.push(async (request) => {
      request.query = { ...(request.query as Record<string, unknown>), ...(request.params as Record<string, unknown>) };
    });
  }
  if (clientApi && call.body) {
    preValidation.push(async (request) => {
      if (request.body === undefined || request.body === null) request.body = {};
    });
  }
  // Unknown fields are refused before anything runs, on every call but a provider's signed event
  // (whose fields are the provider's to add); a v2 call's query too, as it is server to server.
  const strictBody = call.body && call.access !== 'signature' ? call.body : undefined;
  const strictQuery = clientApi ? call.query : undefined;
  if (strictBody || strictQuery) {
    preValidation.push(async (request) => {
      const refusal = (strictBody && refuseUnknown(strictBody, request.body)) || (strictQuery && refuseUnknown(strictQuery, request.query));
      if (refusal) throw refusal;
    });
  }

  const preHandler: preHandlerHookHandler[] = [];
  const action = call.captcha;
  if (action) {
    preHandler.push(async (request) => {
      if (options.captchaWhen && !options.captchaWhen(request.body)) return;
      const token = (request.body as { token?: string } | undefined)?.token ?? '';
      if (!(await captcha.verify(token, action, request.ip))) throw fail('captchaFailed');
    });
  }
  preHandler.push(...(options.preHandler ?? []));
  const onSend: onSendHookHandler[] = [];
  if (call.method !== 'GET' && call.access !== 'public' && call.access !== 'signature') {
    preHandler.push(claimIdempotencyKey);
    onSend.push(storeIdempotentAnswer);
  }
  onSend.push(...(options.onSend ?? []));

  app.route({
    method: call.method,
    url: call.path.replace(/\{(\w+)\}/g, ':$1'),
    // An HTML answer (a payment form) is a page, with the plugin's page headers.
    ...(html ? {} : { helmet: false }),
    schema: {
      ...(call.body ? { body: call.body } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      // Outside production every answer is checked against the contract before it leaves.
      ...(!config.production && !call.raw
        ? { response: { [call.httpStatus]: call.bare ? call.response : envelopeSchema(call.response) } }
        : {}),
    },
    config: { rateLimit: options.rateLimit ?? false, clientApi, form: options.form ?? false, secretAnswer: options.secretAnswer ?? false },
    onRequest,
    preValidation,
    preHandler,
    onSend,
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
        get client() {
          if (!request.client) throw fail('clientTokenInvalid');
          return request.client;
        },
        ip: request.ip,
      };
      // A member's call: what it writes to the audit log names them (modules/audit).
      const out = request.reseller ? await actingAs(request.reseller.personId, () => handler(ctx)) : await handler(ctx);
      // A raw answer, or one the handler sent itself (the OpenAPI document, precompressed).
      if (call.raw || (out as unknown) === reply) return reply;
      const { body, message } = out instanceof Answer ? out : { body: out, message: 'Success' };
      reply.code(call.httpStatus);
      if (call.bare) return body;
      return envelope(call.successCode, 'success', message, body ?? null);
    },
  });
}
