/**
 * The member's rule (`action`, a call of the contract): the call's declared `permission` must be
 * among the member's `permissions`, the very table the server enforces (`sdk/src/contract/roles.ts`),
 * so a screen and its call cannot disagree. Apart from ./access, whose area rule the portal's entry
 * reads without the contract.
 */
import { contract, type CallName, type Permission } from '@partner-panel/sdk';
import { areaAllows, type AccessRequest } from './access.js';
import type { StoredUser } from './session.js';

const isCall = (action: string): action is CallName => Object.hasOwn(contract, action);

/** The permission a call of the contract needs (null: none, a public or key call). */
export const permissionOf = (call: CallName): Permission | null => contract[call].permission;

/** Whether the member acting for the account may make this call. */
export function memberMay(user: StoredUser | null | undefined, call: CallName): boolean {
  const permission = permissionOf(call);
  if (permission === null) return true;
  return user?.member.permissions.includes(permission) ?? false;
}

/** Both rules: the area's, then, when `action` names a call, the member's permission for it. */
export function canAccess(user: StoredUser | null | undefined, request: AccessRequest): boolean {
  if (!areaAllows(user, request)) return false;
  return request.action !== undefined && isCall(request.action) ? memberMay(user, request.action) : true;
}
