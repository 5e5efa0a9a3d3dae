/**
 * The v2 users calls (002 sandbox) on the one VPN account service: a live key works in the live
 * books (the wallet, real accounts), a sandbox key in the sandbox's. A user is a VPN account of the
 * key's reseller; `userId` is its id. The calls are made safe to retry: setting what is already
 * set, or deleting what is already deleted, answers the user as it is.
 */
import { CLIENT_API, errors, type ClientUser, type ErrorName, type VpnAccount } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { AppError, fail } from '../../http/errors.js';
import { findAccount } from '../vpn/access.js';
import { booksOf } from '../vpn/books.js';
import { presentVpn } from '../vpn/present.js';
import * as vpn from '../vpn/service.js';
import type { ClientPrincipal } from './tokens.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'notifier' | 'log' | 'mail' | 'config'>;

export function toClientUser(account: Pick<VpnAccount, 'hosting_id' | 'vpn_username' | 'email' | 'status' | 'billing_type' | 'billing_cycle' | 'end_date'>): ClientUser {
  return {
    userId: account.hosting_id,
    username: account.vpn_username,
    email: account.email,
    status: account.status.toLowerCase() as ClientUser['status'],
    billing_type: account.billing_type,
    billing_cycle: account.billing_cycle,
    end_date: account.end_date,
  };
}

const isEntry = (error: unknown, name: ErrorName) => error instanceof AppError && error.entry.code === errors[name].code;

/** The account service says "VPN account not found"; the v2 API says "User not found". */
async function asUser<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isEntry(error, 'vpnNotFound')) throw fail('clientUserNotFound');
    throw error;
  }
}

async function current(ctx: Ctx, client: ClientPrincipal, userId: number) {
  const row = await findAccount(ctx.db, client.reseller, { id: userId }, false, booksOf(client.mode));
  return toClientUser(presentVpn(row, ctx.clock.now()));
}

export interface CreateUser {
  username: string;
  password: string;
  email: string;
  billing_type?: 1 | 2 | undefined;
  billing_cycle?: string | undefined;
  addon_id?: number | null | undefined;
}

export async function createUser(ctx: Ctx, client: ClientPrincipal, input: CreateUser) {
  const made = await vpn.createAccount(
    ctx,
    client.reseller,
    {
      billing_type: input.billing_type ?? CLIENT_API.defaultPlan.billing_type,
      billing_cycle: input.billing_cycle ?? CLIENT_API.defaultPlan.billing_cycle,
      email: input.email,
      addon_id: input.addon_id ?? null,
      // VPN logins are lower case (the portal searches them so).
      username: input.username.toLowerCase(),
      password: input.password,
      source: 'client_api',
    },
    booksOf(client.mode),
  );
  return { ...toClientUser(made.account), amount: made.amount, balance: made.balance };
}

export async function searchUsers(ctx: Ctx, client: ClientPrincipal, query: string) {
  const found = await vpn.findAccounts(ctx, client.reseller, 'email_or_username', query, booksOf(client.mode));
  const now = ctx.clock.now();
  return found.map((row) => toClientUser(presentVpn(row, now)));
}

export async function updateUserEmail(ctx: Ctx, client: ClientPrincipal, userId: number, email: string) {
  return asUser(async () => {
    try {
      return toClientUser(await vpn.updateEmail(ctx, client.reseller, { id: userId }, email, booksOf(client.mode)));
    } catch (error) {
      if (isEntry(error, 'nothingToUpdate')) return current(ctx, client, userId);
      throw error;
    }
  });
}

export async function updateUserPassword(ctx: Ctx, client: ClientPrincipal, userId: number, oldPassword: string, newPassword: string) {
  return asUser(async () => {
    const account = await vpn.updatePassword(ctx, client.reseller, { id: userId }, newPassword, booksOf(client.mode), { oldPassword });
    return { userId: account.hosting_id, status: 'password_changed' as const };
  });
}

export async function updateUserStatus(ctx: Ctx, client: ClientPrincipal, userId: number, status: 'active' | 'suspended') {
  return asUser(async () => {
    try {
      const account = await vpn.updateStatus(ctx, client.reseller, { id: userId }, status === 'active' ? 'enable' : 'disable', booksOf(client.mode));
      return { userId, status: toClientUser(account).status };
    } catch (error) {
      if (isEntry(error, 'vpnAlreadyActive') || isEntry(error, 'vpnAlreadySuspended')) return { userId, status: (await current(ctx, client, userId)).status };
      throw error;
    }
  });
}

export async function deleteUser(ctx: Ctx, client: ClientPrincipal, userId: number) {
  return asUser(async () => {
    try {
      await vpn.deleteAccount(ctx, client.reseller, { id: userId }, booksOf(client.mode));
    } catch (error) {
      if (!isEntry(error, 'vpnDeleted')) throw error;
    }
    return { userId, status: 'deleted' as const };
  });
}
