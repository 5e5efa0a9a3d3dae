import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errors, formatMessage } from '@partner-panel/sdk';
import { AppError } from './errors.js';
import { envelope } from './envelope.js';
import { throttled } from './rate-limit.js';

function sendEntry(reply: FastifyReply, error: AppError) {
  const { entry } = error;
  return reply
    .code(entry.http)
    .send(envelope(entry.code, entry.status ?? 'error', error.message, error.body ?? null));
}

/** Field errors of a failed schema check, and the first message to show. */
function validationError(error: { validation: { instancePath?: string; message?: string }[] }) {
  const fields: Record<string, string[]> = {};
  for (const issue of error.validation) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    (fields[field] ??= []).push(issue.message ?? errors.validation.message);
  }
  const first = error.validation[0]?.message ?? errors.validation.message;
  return new AppError({ ...errors.validation, message: first }, {}, { errors: fields });
}

export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return sendEntry(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) return sendEntry(reply, validationError(error));
    if (error.validation) return sendEntry(reply, validationError(error as never));
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
