/**
 * The v2 users calls (002 sandbox) on the one VPN account service: a live key works in the live
 * books (the wallet, real accounts), a sandbox key in the sandbox's. A user is a VPN account of the
 * key's reseller; `userId` is its id. The calls are made safe to retry: setting what is already
 * set, or deleting what is already deleted, answers the user as it is.
 */
import { CLIENT_API, errors, type ErrorName } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { AppError, fail } from '../../http/errors.js';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/index.js';
import { findAccount, selectFrom, type VpnRow } from '../vpn/access.js';
import { booksOf } from '../vpn/books.js';
import { presentVpn, toClientUser } from '../vpn/present.js';

export { toClientUser };
import * as vpn from '../vpn/service.js';
import type { ClientPrincipal } from './principal.js';

type Ctx = Pick<AppContext, 'db' | 'database' | 'clock' | 'notifier' | 'log' | 'mail' | 'config' | 'chargeQueues' | 'priceBooks'>;


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

export interface ListUsers {
  limit?: number | undefined;
  starting_after?: number | undefined;
  status?: 'active' | 'suspended' | 'expired' | 'deleted' | undefined;
  created_gte?: string | undefined;
  created_lte?: string | undefined;
  email_prefix?: string | undefined;
}

const withCreated = (row: VpnRow, now: Date) => {
  const shown = presentVpn(row, now);
  return { ...toClientUser(shown), created_at: shown.created_at };
};

/** A prefix for LIKE: its own %, _ and \\ match themselves. */
const likePrefix = (prefix: string) => `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The key's users newest first, a page at a time. The cursor is a user: the page holds those made
 * before it (created_at, then id), so users made during a walk never shift it; the reseller's
 * (created_at desc, id desc) index serves the order and the cursor.
 */
export async function listUsers(ctx: Ctx, client: ClientPrincipal, q: ListUsers) {
  const books = booksOf(client.mode);
  const now = ctx.clock.now();
  const limit = q.limit ?? 25;
  const where = [sql`v.reseller_id = ${client.reseller.id}`];
  if (q.starting_after !== undefined) {
    const [cursor] = await rows<{ created_at: Date }>(ctx.db, sql`select created_at from ${books.accounts} where id = ${q.starting_after} and reseller_id = ${client.reseller.id}`);
    if (!cursor) throw fail('cursorUnknown');
    where.push(sql`(v.created_at, v.id) < (${cursor.created_at}, ${q.starting_after})`);
  }
  if (q.status) {
    where.push(
      {
        active: sql`v.hosting_status = 'active' and v.end_at > ${now}`,
        expired: sql`v.hosting_status = 'active' and v.end_at <= ${now}`,
        suspended: sql`v.hosting_status = 'suspended'`,
        deleted: sql`v.hosting_status = 'deleted'`,
      }[q.status],
    );
  }
  if (q.created_gte) where.push(sql`v.created_at >= ${new Date(q.created_gte)}`);
  if (q.created_lte) where.push(sql`v.created_at <= ${new Date(q.created_lte)}`);
  if (q.email_prefix) where.push(sql`lower(v.email) like ${likePrefix(q.email_prefix)}`);
  const found = await rows<VpnRow>(ctx.db, sql`${selectFrom(books)} where ${sql.join(where, sql` and `)} order by v.created_at desc, v.id desc limit ${limit + 1}`);
  return { object: 'list' as const, has_more: found.length > limit, data: found.slice(0, limit).map((r) => withCreated(r, now)) };
}

export async function getUser(ctx: Ctx, client: ClientPrincipal, userId: number) {
  return asUser(async () => withCreated(await findAccount(ctx.db, client.reseller, { id: userId }, false, booksOf(client.mode)), ctx.clock.now()));
}
