/** The roles a member may be given, as choices of a select: every one but Owner (only a transfer makes one). */
import { GRANTABLE_ROLES, LIMITED_ROLES, type Role } from '@partner-panel/sdk';

export const roleChoices = GRANTABLE_ROLES.map((role) => ({ id: role, name: `pp.roles.${role}` }));

/** Whether a daily spending limit applies to the role (Operations). */
export const limited = (role: Role | undefined) => role !== undefined && LIMITED_ROLES.includes(role);
