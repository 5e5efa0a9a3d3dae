/** The authentication hooks of the routes: bearer session, then is_admin where the call needs it. */
import type { FastifyRequest } from 'fastify';
import { fail } from '../../http/errors.js';
import { findSession } from './sessions.js';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export async function authenticate(this: unknown, request: FastifyRequest) {
  const token = bearerToken(request);
  const reseller = token ? await findSession(request.server.ctx, token) : null;
  if (!reseller) throw fail('sessionExpired');
  request.reseller = reseller;
}

export async function requireAdmin(this: unknown, request: FastifyRequest) {
  if (!request.reseller?.isAdmin) throw fail('adminOnly');
}
