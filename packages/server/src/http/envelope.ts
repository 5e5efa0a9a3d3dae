/** The one place the server builds response envelopes. */
import type { FastifyReply } from 'fastify';
import type { Header, HeaderStatus } from '@partner-panel/sdk';

export function envelope<B>(code: Header['code'], status: HeaderStatus, message: string, body: B) {
  return { header: { code, status, message }, body };
}

/**
 * A refusal's envelope: the header also carries the request's id (the `Request-Id` answer header),
 * so a person can quote it to support and an operator finds the request's log line by it.
 */
export function errorEnvelope<B>(requestId: string | undefined, code: Header['code'], status: HeaderStatus, message: string, body: B) {
  return { header: { code, status, message, ...(requestId ? { request_id: requestId } : {}) }, body };
}

/** Sends a refusal with the request's id in its header. */
export function sendError<B>(reply: FastifyReply, http: number, code: Header['code'], message: string, body: B, status: HeaderStatus = 'error') {
  return reply.code(http).send(errorEnvelope(reply.request.id, code, status, message, body));
}

/** A handler's answer with a message for the envelope header. */
export class Answer<B> {
  constructor(
    readonly body: B,
    readonly message: string,
  ) {}
}

export const answer = <B>(body: B, message: string) => new Answer(body, message);
