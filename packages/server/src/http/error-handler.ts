/**
 * Every failure leaves as an envelope with a sentence: errors of the catalogue, schema failures,
 * Fastify's own refusals (a body too large, a wrong content type, a bad URL) and the HTTP parser's
 * (headers too large), which never reach a route.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, formatMessage } from '@partner-panel/sdk';
import { AppError } from './errors.js';
import { errorEnvelope, sendError } from './envelope.js';
import { newRequestId } from './request-id.js';
import { throttled } from './rate-limit.js';

/** The largest request body, in bytes. */
export const BODY_LIMIT = 1024 * 1024;

function sendEntry(reply: FastifyReply, error: AppError) {
  const { entry } = error;
  // The v2 client API documents 400 for invalid or missing parameters where the v1 API says 422
  // (an Idempotency-Key reused with other parameters keeps its 422 everywhere).
  const badParameters = entry.http === 422 && !entry.code.startsWith('rspf-idempotency-');
  const http = badParameters && reply.request.routeOptions.config.clientApi ? 400 : entry.http;
  // Every 429 says when to come back in the header HTTP clients read, with the body's own number.
  const retryAfter = (error.body as { retry_after?: unknown } | null)?.retry_after;
  if (http === 429 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  return sendError(reply, http, entry.code, error.message, error.body ?? null, entry.status ?? 'error');
}

type ValidationIssue = { instancePath?: string; message?: string };

/** Field errors of a failed schema check (messages from http/validation.ts), and the first to show. */
function validationError(error: { validation: ValidationIssue[] }) {
  const fields: Record<string, string[]> = {};
  const all = error.validation.map((issue) => {
    const message = issue.message ?? errors.validation.message;
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    (fields[field] ??= []).push(message);
    return message;
  });
  return new AppError({ ...errors.validation, message: all[0] ?? errors.validation.message }, {}, { errors: fields });
}

/** Fastify's refusals, said as sentences a client developer can act on. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty although its Content-Type is application/json: send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: `The request body is too large: at most ${BODY_LIMIT / 1024 / 1024} MB.`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be sent as application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the request body.',
  FST_ERR_BAD_URL: 'The request URL is not valid: a % must start an escape such as %20.',
  FST_ERR_MAX_PARAM_LENGTH: 'The request URL is too long.',
};

export function fastifyMessage(error: FastifyError, status: number): string {
  const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError) return FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY as string;
  return `The request was refused: ${STATUS_CODES[status] ?? 'client error'} (HTTP ${status}).`;
}

function sendFastifyError(error: FastifyError, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return sendError(reply, status, `rspf-http-${status}`, fastifyMessage(error, status), null);
}

export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return sendEntry(reply, error);
    if (error.validation) return sendEntry(reply, validationError(error as never));
    const status = error.statusCode ?? 500;
    if (status === 429) return sendEntry(reply, throttled(Number(reply.getHeader('retry-after') ?? 60) * 1000));
    if (status >= 400 && status < 500) return sendFastifyError(error, reply);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, errors.internal.code, formatMessage(errors.internal.message), null);
  });
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot route (a broken % escape) never reaches a hook, so
 * the headers helmet would add are set here (the answer loads nothing).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  reply
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('x-content-type-options', 'nosniff')
    .header('request-id', reply.request.id);
  return sendFastifyError(error, reply);
}

/** Fastify's `clientErrorHandler`: what the HTTP parser refuses before there is a request. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large: at most 16 kB.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is not valid HTTP.'];
  // No request exists yet: the answer still carries an id to quote.
  const requestId = newRequestId();
  const body = JSON.stringify(errorEnvelope(requestId, `rspf-http-${status}`, 'error', message, null));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nRequest-Id: ${requestId}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
