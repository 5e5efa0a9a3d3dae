/** How a reseller row leaves the server: the user fields of 000 §3, money in dollars. */
import { and, eq, sql } from 'drizzle-orm';
import { ROLE_PERMISSIONS, centsToDollars, type Locale, type ResellerUser, type Role, type SignedInUser } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { preparedOn } from '../../db/prepared.js';
import { memberships, people, resellers } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';

export type ResellerRow = typeof resellers.$inferSelect;

export function presentUser(row: ResellerRow): ResellerUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    balance: centsToDollars(row.balanceCents),
    custom_url: row.customUrl,
    client_id: row.clientId,
    is_admin: row.isAdmin,
    is_operator: row.kind === 'operator',
    verified: row.verifiedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface MemberFacts {
  personId: number;
  personEmail: string;
  personName: string;
  personLocale: string | null;
  personTimeZone: string | null;
  role: Role;
  dailyLimitCents: number | null;
}

/** Who acts for the account and what their role lets them do (the portal's canAccess reads it). */
export const presentMember = (m: MemberFacts): SignedInUser['member'] => ({
  person_id: m.personId,
  email: m.personEmail,
  name: m.personName,
  role: m.role,
  permissions: [...ROLE_PERMISSIONS[m.role]],
  daily_limit: m.dailyLimitCents === null ? null : centsToDollars(m.dailyLimitCents),
  locale: m.personLocale as Locale | null,
  time_zone: m.personTimeZone,
});

const accountOfMember = preparedOn((db) =>
  db
    .select({
      reseller: resellers,
      personId: people.id,
      personEmail: people.email,
      personName: people.name,
      personLocale: people.locale,
      personTimeZone: people.timeZone,
      role: memberships.role,
      dailyLimitCents: memberships.dailyLimitCents,
    })
    .from(memberships)
    .innerJoin(resellers, eq(resellers.id, memberships.resellerId))
    .innerJoin(people, eq(people.id, memberships.personId))
    .where(and(eq(memberships.resellerId, sql.placeholder('reseller')), eq(memberships.personId, sql.placeholder('person'))))
    .prepare('account_of_member'),
);

/** The account as its member sees it: the user fields and the member acting for it. */
export async function presentSignedIn(ctx: Pick<AppContext, 'db'>, resellerId: number, personId: number): Promise<SignedInUser> {
  const [row] = await accountOfMember(ctx.db).execute({ reseller: resellerId, person: personId });
  if (!row) throw fail('notAMemberOf');
  return { ...presentUser(row.reseller), member: presentMember({ ...row, role: row.role as Role }) };
}
