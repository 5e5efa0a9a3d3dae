/**
 * People and the accounts they belong to: the person behind an e-mail address, and the account a
 * sign-in opens in (their own when they own one, else the one they joined first).
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Locale, Role } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/index.js';
import { memberships, people, resellers } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { localeOr } from '../../locales.js';

export type PersonRow = typeof people.$inferSelect;
type Ctx = Pick<AppContext, 'db'>;

export const personByEmail = (email: string) => sql`lower(${people.email}) = lower(${email})`;

export async function findPerson(ctx: Ctx | { db: Tx }, email: string): Promise<PersonRow | undefined> {
  const [row] = await ctx.db.select().from(people).where(personByEmail(email)).limit(1);
  return row;
}

export async function loadPerson(ctx: Ctx | { db: Tx }, id: number): Promise<PersonRow> {
  const [row] = await ctx.db.select().from(people).where(eq(people.id, id));
  if (!row) throw fail('sessionExpired');
  return row;
}

/** The accounts a person belongs to, their own first, then in the order they joined. */
export async function accountsOf(ctx: Ctx, personId: number) {
  const list = await ctx.db
    .select({ reseller: resellers, role: memberships.role, dailyLimitCents: memberships.dailyLimitCents })
    .from(memberships)
    .innerJoin(resellers, eq(resellers.id, memberships.resellerId))
    .where(eq(memberships.personId, personId))
    .orderBy(desc(sql`${memberships.role} = 'owner'`), asc(memberships.createdAt), asc(memberships.resellerId));
  return list.map((row) => ({ ...row, role: row.role as Role }));
}

/** The account a sign-in opens in; a person in no account any more cannot sign in. */
export async function firstAccount(ctx: Ctx, personId: number) {
  const [first] = await accountsOf(ctx, personId);
  if (!first) throw fail('noAccount');
  return first;
}

/** The Owner of an account: the person an admin's changes to its user's sign-in reach. */
export async function ownerOf(ctx: Ctx | { db: Tx }, resellerId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ personId: memberships.personId })
    .from(memberships)
    .where(sql`${memberships.resellerId} = ${resellerId} and ${memberships.role} = 'owner'`);
  if (!row) throw fail('notYourUser');
  return row.personId;
}

/**
 * The language an account's mail is written in: its Owner's (the person behind the account's
 * address), English when they chose none.
 */
export async function ownerLocale(ctx: Ctx | { db: Tx }, resellerId: number): Promise<Locale> {
  const [row] = await ctx.db
    .select({ locale: people.locale })
    .from(memberships)
    .innerJoin(people, eq(people.id, memberships.personId))
    .where(sql`${memberships.resellerId} = ${resellerId} and ${memberships.role} = 'owner'`);
  return localeOr(row?.locale);
}

/** The language of the person who signs in with this address, if there is one and they chose one. */
export async function addressLocale(ctx: Ctx | { db: Tx }, email: string): Promise<Locale | null> {
  const [row] = await ctx.db.select({ locale: people.locale }).from(people).where(personByEmail(email)).limit(1);
  return row?.locale ? localeOr(row.locale) : null;
}
