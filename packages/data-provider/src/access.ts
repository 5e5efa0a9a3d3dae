/**
 * Who may see what (000 §6, and the member's role): a pure function of the stored user, used by the
 * auth provider's canAccess, the route guards and the menus. The server checks the same rules again.
 *
 * Two rules meet in `canAccess` (./permissions). The account's, here (`resource`, an area): the
 * operator's console and its lack of a reseller's pages, reseller 903's restrictions, an admin's
 * pages, an inactive account's spending. It reads no contract, so the
 * portal's entry (its route guards) carries none.
 */
import { ACCOUNT_STATUS, RESTRICTED_RESELLER_ID, type CallName } from '@partner-panel/sdk';
import type { StoredUser } from './session.js';

/** Areas of the portal, in the spec's words. */
export type Area =
  | 'public'
  | 'dashboard'
  | 'dashboard.wallet'
  | 'dashboard.vpn'
  | 'profile'
  | 'notifications'
  | 'coupons.generate'
  | 'coupons.list'
  | 'coupons.price'
  | 'coupons.addons'
  | 'coupons.billing_type'
  | 'vpn.create'
  | 'vpn.subscriptions'
  | 'vpn.list'
  | 'billing'
  | 'integration'
  | 'redeem'
  | 'users'
  | 'team'
  | 'operator';

export type Role = 'visitor' | 'reseller' | 'admin' | 'partner';

export interface AccessRequest {
  /** A call of the contract (its permission is checked), or a verb of the area ('generate', 'create'). */
  action?: CallName | string;
  resource: Area | string;
  record?: unknown;
}

export const isPartner = (user: Pick<StoredUser, 'id'> | null | undefined) => user?.id === RESTRICTED_RESELLER_ID;

/** The operator, the provider's own account (a user stored before it existed is a reseller). */
export const isOperator = (user: Pick<StoredUser, 'is_operator'> | null | undefined) => user?.is_operator === true;

/**
 * A reseller's areas, which the operator has none of (it keeps its console, its team and its people's
 * own pages; a react-admin resource's name is no area, and its calls' permissions decide).
 */
const RESELLER_AREAS = new Set<string>([
  'dashboard',
  'dashboard.wallet',
  'dashboard.vpn',
  'coupons.generate',
  'coupons.list',
  'coupons.price',
  'coupons.addons',
  'coupons.billing_type',
  'vpn.create',
  'vpn.subscriptions',
  'vpn.list',
  'billing',
  'integration',
  'redeem',
  'users',
] satisfies Area[]);

export function roleOf(user: StoredUser | null | undefined): Role {
  if (!user) return 'visitor';
  if (isPartner(user)) return 'partner';
  return user.is_admin ? 'admin' : 'reseller';
}

/** What reseller 903 does not get: wallet, billing, addons, type choice, pricing, VPN creation, VPN tiles. */
const PARTNER_DENIED = new Set<string>([
  'dashboard.wallet',
  'dashboard.vpn',
  'coupons.price',
  'coupons.addons',
  'coupons.billing_type',
  'vpn.create',
  'billing',
]);

/** Actions that spend money need an active account (status 1). */
const NEEDS_ACTIVE = new Set(['generate', 'create']);

/** The account's own rule for an area: 903's restrictions, an admin's pages, an active account to spend. */
export function areaAllows(user: StoredUser | null | undefined, { action = 'show', resource }: AccessRequest): boolean {
  if (resource === 'public') return true;
  // The operator has no wallet, coupons or customers: none of a reseller's pages (its redeem page
  // either), and its console is its alone.
  if (isOperator(user)) return !RESELLER_AREAS.has(resource);
  if (resource === 'redeem') return true;
  if (!user) return false;
  if (resource === 'operator') return false;
  if (resource === 'users') return user.is_admin === true;
  if (isPartner(user) && PARTNER_DENIED.has(resource)) return false;
  if (NEEDS_ACTIVE.has(action) && user.status !== ACCOUNT_STATUS.active) return false;
  return true;
}
