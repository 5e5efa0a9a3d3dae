import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errors, formatMessage } from '@partner-panel/sdk';
import { AppError } from './errors.js';
import { envelope } from './envelope.js';
import { throttled } from './rate-limit.js';

function sendEntry(reply: FastifyReply, error: AppError) {
  const { entry } = error;
  // The v2 client API documents 400 for invalid or missing parameters where the v1 API says 422
  // (an Idempotency-Key reused with other parameters keeps its 422 everywhere).
  const badParameters = entry.http === 422 && !entry.code.startsWith('rspf-idempotency-');
  const http = badParameters && reply.request.routeOptions.config.clientApi ? 400 : entry.http;
  return reply
    .code(http)
    .send(envelope(entry.code, entry.status ?? 'error', error.message, error.body ?? null));
}

type ValidationIssue = { keyword?: string; instancePath?: string; message?: string; params?: { expected?: unknown } };
type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

function valueAt(root: unknown, path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], root);
}

/**
 * Zod's own wording for a missing or mistyped field ("Invalid input: expected string, received
 * undefined") says nothing a client developer can act on; name the field instead.
 */
function issueMessage(issue: ValidationIssue, request: FastifyRequest, context: ValidationContext | undefined) {
  const message = issue.message ?? errors.validation.message;
  // Only zod's default wording is replaced; a rule with a message of its own keeps it.
  if (issue.keyword !== 'invalid_type' || !message.startsWith('Invalid input')) return message;
  const path = (issue.instancePath ?? '').split('/').filter(Boolean);
  if (path.length === 0) return 'The request body must be a JSON object.';
  const name = path.join('.');
  const source = context === 'querystring' ? request.query : context === 'params' ? request.params : request.body;
  if (valueAt(source, path) === undefined) return `The ${name} field is required.`;
  const expected = issue.params?.expected;
  return typeof expected === 'string' ? `The ${name} field must be a ${expected}.` : message;
}

/** Field errors of a failed schema check, and the first message to show. */
function validationError(
  error: { validation: ValidationIssue[]; validationContext?: ValidationContext },
  request: FastifyRequest,
) {
  const fields: Record<string, string[]> = {};
  const all = error.validation.map((issue) => {
    const message = issueMessage(issue, request, error.validationContext);
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    (fields[field] ??= []).push(message);
    return message;
  });
  return new AppError({ ...errors.validation, message: all[0] ?? errors.validation.message }, {}, { errors: fields });
}

export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return sendEntry(reply, error);
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendEntry(reply, validationError(error as never, request));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendEntry(reply, throttled(Number(reply.getHeader('retry-after') ?? 60) * 1000));
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Requests must be sent as application/json.'
              : error.message;
      return reply.code(status).send(envelope(`rspf-http-${status}`, 'error', message, null));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send(envelope(errors.internal.code, 'error', formatMessage(errors.internal.message), null));
  });
}
