/**
 * The v2 client API's authentication hook: a bearer access token made from a current secret key,
 * then the key's rate limit. Every answer says how much of the minute's allowance is left
 * (`X-RateLimit-*`); past it the call answers 429 with `Retry-After`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../http/errors.js';
import { waitText } from '../../http/rate-limit.js';
import { bearerToken } from '../auth/guard.js';
import { findClient } from './tokens.js';

const MINUTE_MS = 60_000;

/** Counts one request against a key's minute and refuses past the limit. */
export async function limitKey(request: FastifyRequest, reply: FastifyReply, keyId: number) {
  const { counters, config } = request.server.ctx;
  const limit = config.rateLimits.clientPerMinute;
  const { current, ttl } = await counters.hit(`client:${keyId}`, MINUTE_MS);
  const reset = Math.max(1, Math.ceil(ttl / 1000));
  reply.header('x-ratelimit-limit', limit);
  reply.header('x-ratelimit-remaining', Math.max(0, limit - current));
  reply.header('x-ratelimit-reset', reset);
  if (current > limit) {
    reply.header('retry-after', reset);
    throw fail('clientRateLimited', { limit, wait: waitText(reset) }, { retry_after: reset });
  }
}

export async function authenticateClient(this: unknown, request: FastifyRequest, reply: FastifyReply) {
  const token = bearerToken(request);
  const client = token ? await findClient(request.server.ctx, token) : null;
  if (!client) throw fail('clientTokenInvalid');
  request.client = client;
  await limitKey(request, reply, client.keyId);
}
