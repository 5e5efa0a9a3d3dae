/**
 * The operator: the provider's own account (docs/architecture.md "The operator"). A `resellers` row
 * of kind `operator`, at most one, held by the table's checks to no parent, no admin flag, no money
 * and no coupons, with members like any account. The demo data makes one (modules/demo/seed.ts);
 * in production the first start with `OPERATOR_EMAIL` makes it, its Owner that address with a
 * set-password link by mail, and two-factor sign-in required of every member (outside the demo data
 * it cannot be turned off, and each start requires it again).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/index.js';
import { memberships, people, resellers } from '../../db/schema/index.js';
import { forgotPassword } from '../auth/service.js';
import { hashPassword } from '../auth/passwords.js';
import { freeCustomUrl, newClientId } from '../auth/identity.js';
import { operatorNeedsTwoFactor } from './two-factor.js';

export const OPERATOR_CUSTOM_URL = 'operator';

export const OPERATOR_NAME = 'Operator';

/** The operator account's row, if there is one. */
export async function findOperator(db: Tx) {
  const [row] = await db.select({ id: resellers.id, email: resellers.email, twoFactorRequired: resellers.twoFactorRequired }).from(resellers).where(eq(resellers.kind, 'operator')).limit(1);
  return row ?? null;
}

/** Makes the operator account and its Owner (`passwordHash`, or one nobody knows) in `tx`; answers its id. */
export async function createOperator(tx: Tx, input: { email: string; name: string; passwordHash: string; twoFactorRequired: boolean; verifiedAt: Date }) {
  const [row] = await tx
    .insert(resellers)
    .values({
      kind: 'operator',
      email: input.email,
      name: OPERATOR_NAME,
      // `operator` unless a reseller has it already (its prefix in the portal's addresses).
      customUrl: await freeCustomUrl(tx, OPERATOR_CUSTOM_URL),
      clientId: newClientId(),
      verifiedAt: input.verifiedAt,
      twoFactorRequired: input.twoFactorRequired,
    })
    .returning({ id: resellers.id });
  if (!row) throw new Error('operator not created');
  const [person] = await tx.insert(people).values({ email: input.email, name: input.name, passwordHash: input.passwordHash, verifiedAt: input.verifiedAt }).returning({ id: people.id });
  if (!person) throw new Error('operator not created');
  await tx.insert(memberships).values({ resellerId: row.id, personId: person.id, role: 'owner' });
  return row.id;
}

export type OperatorAtStart =
  | { made: false; email: string | null; twoFactorRequired: boolean }
  | { made: true; email: string }
  | { made: false; conflict: string };

/**
 * At start: with `OPERATOR_EMAIL` and no operator yet, makes it and mails its Owner a link to set a
 * password (the reset link of /forgot-password). An address that already signs in (a reseller's)
 * is not taken over: the banner says so.
 */
export async function ensureOperator(ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mail' | 'counters' | 'notifier' | 'realtime' | 'log' | 'secret'>): Promise<OperatorAtStart> {
  const existing = await findOperator(ctx.db);
  const email = ctx.config.operatorEmail;
  if (existing && operatorNeedsTwoFactor(ctx.config) && !existing.twoFactorRequired) {
    // Turned off by hand in the database, or made by demo data now run without it: required again.
    await ctx.db.update(resellers).set({ twoFactorRequired: true }).where(eq(resellers.id, existing.id));
    existing.twoFactorRequired = true;
  }
  if (existing || !email) return { made: false, email: existing?.email ?? null, twoFactorRequired: existing?.twoFactorRequired ?? false };
  const [taken] = await ctx.db
    .select({ id: people.id })
    .from(people)
    .where(sql`lower(${people.email}) = lower(${email})`)
    .limit(1);
  const [takenAccount] = await ctx.db
    .select({ id: resellers.id })
    .from(resellers)
    .where(sql`lower(${resellers.email}) = lower(${email})`)
    .limit(1);
  if (taken || takenAccount) return { made: false, conflict: email };
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  await ctx.db.transaction((tx) => createOperator(tx, { email, name: OPERATOR_NAME, passwordHash, twoFactorRequired: operatorNeedsTwoFactor(ctx.config), verifiedAt: ctx.clock.now() }));
  await forgotPassword(ctx, email);
  return { made: true, email };
}
