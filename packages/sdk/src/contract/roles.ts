/**
 * Roles and permissions, declared once (docs/portal.md "Roles"). Every signed-in call of the
 * contract names the permission it needs beside its `access`; the server refuses a member whose
 * role lacks it (`memberForbidden`), and the portal's `canAccess` reads the same table.
 */

/** The fixed set of roles, most powerful first. */
export const ROLES = ['owner', 'administrator', 'finance', 'operations', 'developer', 'support', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** How each role is named to people. */
export const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  finance: 'Finance',
  operations: 'Operations',
  developer: 'Developer',
  support: 'Support',
  viewer: 'Viewer',
};

/**
 * What a call may need. `self` is what every member may do to their own sign-in (sessions, second
 * factors, password, notifications, switching accounts); the others are the account's.
 * `operator.read` and `operator.manage` are the operator account's console (reading it, changing the
 * catalogue): they mean nothing in a reseller's account, whose calls never name them.
 */
export const PERMISSIONS = [
  'self',
  'account.read',
  'account.manage',
  'billing.read',
  'billing.pay',
  'coupons.read',
  'coupons.spend',
  'coupons.send',
  'vpn.read',
  'vpn.manage',
  'vpn.status',
  'developers.read',
  'developers.manage',
  'subresellers.read',
  'subresellers.billing',
  'subresellers.manage',
  'team.read',
  'team.manage',
  'team.own',
  'operator.read',
  'operator.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: Permission[] = ['self', 'account.read', 'billing.read', 'coupons.read', 'vpn.read', 'developers.read', 'subresellers.read', 'team.read', 'operator.read'];

/** The table: what each role may do. The Owner alone may transfer ownership and require two-factor sign-in of every member (team.own). */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  administrator: PERMISSIONS.filter((p) => p !== 'team.own'),
  finance: ['self', 'account.read', 'billing.read', 'billing.pay', 'coupons.read', 'vpn.read', 'subresellers.read', 'subresellers.billing', 'operator.read'],
  operations: ['self', 'account.read', 'coupons.read', 'coupons.spend', 'coupons.send', 'vpn.read', 'vpn.manage', 'vpn.status', 'subresellers.read'],
  developer: ['self', 'account.read', 'developers.read', 'developers.manage'],
  support: ['self', 'account.read', 'coupons.read', 'coupons.send', 'vpn.read', 'vpn.status', 'subresellers.read'],
  // Reads everything but keys and secrets (developers.read lists webhook endpoints without their secrets).
  viewer: READ,
};

const sets = new Map<Role, ReadonlySet<Permission>>(ROLES.map((role) => [role, new Set(ROLE_PERMISSIONS[role])]));

/** Whether a role may do what a permission covers. */
export const roleMay = (role: Role, permission: Permission): boolean => sets.get(role)?.has(permission) ?? false;

/** Roles an Administrator may give: every one but Owner (only a transfer makes an Owner). */
export const GRANTABLE_ROLES = ROLES.filter((r) => r !== 'owner');

/** The roles a daily spending limit applies to. */
export const LIMITED_ROLES: readonly Role[] = ['operations'];

/** An invitation's life (docs/api.md "Teams"). */
export const INVITATION_TTL_DAYS = 10;
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** At most this many addresses in one invitation call. */
export const MAX_INVITATIONS_AT_ONCE = 20;
