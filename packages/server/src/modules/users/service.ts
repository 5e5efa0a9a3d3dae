/** An admin reseller's own users (sub-resellers): the only resellers it may act for. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/index.js';
import { resellers } from '../../db/schema/index.js';
import { contains } from '../../db/search.js';
import { fail } from '../../http/errors.js';
import type { ResellerRow } from '../profile/present.js';

type Ctx = Pick<AppContext, 'db'>;

async function findOwnUser(db: Tx, adminId: number, userId: number, lock: boolean): Promise<ResellerRow> {
  const query = db
    .select()
    .from(resellers)
    .where(and(eq(resellers.id, userId), eq(resellers.parentId, adminId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw fail('notYourUser');
  return row;
}

/** The admin's own user with this id; any other id (another admin's user, none) is 'User undefined'. */
export const ownUser = (ctx: Ctx, adminId: number, userId: number) => findOwnUser(ctx.db, adminId, userId, false);

/** The same, its row locked for the rest of the transaction. */
export const lockOwnUser = (tx: Tx, adminId: number, userId: number) => findOwnUser(tx, adminId, userId, true);

export async function listUsers(ctx: Ctx, adminId: number, filter: { email: string }, paging: { page: number; limit: number }) {
  const where = and(
    eq(resellers.parentId, adminId),
    filter.email ? sql`${resellers.email} ilike ${contains(filter.email)}` : undefined,
  );
  const [total] = await ctx.db.select({ n: count() }).from(resellers).where(where);
  const rows = await ctx.db
    .select()
    .from(resellers)
    .where(where)
    .orderBy(desc(resellers.createdAt), desc(resellers.id))
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      status: r.status,
      verified: r.verifiedAt !== null,
      balance: centsToDollars(r.balanceCents),
      created_at: r.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
  };
}
