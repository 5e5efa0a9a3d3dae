/** The authentication hooks of the routes: bearer session, then is_admin where the call needs it. */
import type { FastifyRequest } from 'fastify';
import { ROLE_NAMES, contract, roleMay, type Permission } from '@partner-panel/sdk';
import { fail } from '../../http/errors.js';
import { findSession } from './sessions.js';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** What a v2 client's credentials (an access token `at_…`, a secret key `sk_…`) are told on a signed-in reseller's call. */
function clientCredentialRefusal(request: FastifyRequest) {
  return [contract.broadcastingAuth.path, contract.broadcastingUserAuth.path].includes(request.routeOptions.url ?? '') ? fail('realtimeClientToken') : fail('clientTokenOnSessionCall');
}

export async function authenticate(this: unknown, request: FastifyRequest) {
  const token = bearerToken(request);
  const reseller = token ? await findSession(request.server.ctx, token) : null;
  if (!reseller) {
    // Not an expired session, which would send a server's developer looking in the wrong place.
    if (token && /^(at|sk_live|sk_test)_/.test(token)) throw clientCredentialRefusal(request);
    throw fail('sessionExpired');
  }
  request.reseller = reseller;
}

export async function requireAdmin(this: unknown, request: FastifyRequest) {
  if (!request.reseller?.isAdmin) throw fail('adminOnly');
}

/** The operator's console: every reseller, admin or not, is refused (403). */
export async function requireOperator(this: unknown, request: FastifyRequest) {
  if (!request.reseller?.isOperator) throw fail('operatorOnly');
}

/**
 * A reseller's call made for the operator, which has no wallet, coupons or customers: refused (403)
 * unless the contract marks it as the operator's too (its members' own sign-in, the team, the profile).
 */
export function refuseOperator(request: FastifyRequest, operatorMay: boolean) {
  if (request.reseller?.isOperator && !operatorMay) throw fail('notForOperator');
}

/** A member whose role does not allow the call is refused with 403 (never `forbidden`: the session stands). */
export function requirePermission(request: FastifyRequest, permission: Permission) {
  const member = request.reseller;
  if (!member) throw fail('sessionExpired');
  if (!roleMay(member.role, permission)) throw fail('memberForbidden', { role: ROLE_NAMES[member.role] });
}
