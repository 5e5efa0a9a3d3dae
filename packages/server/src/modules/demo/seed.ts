/**
 * Demo data for a first start: on an empty database, a funded reseller, an admin with two
 * sub-resellers, and the partner reseller 903 (postpaid: nothing owed, its credit limit to run up),
 * each signed in by its Owner, two more members of the funded reseller's team (Finance and
 * Developer), and the operator (the provider's own account), all with one known password.
 */

import { sql } from 'drizzle-orm';
import { RESTRICTED_RESELLER_ID, description, type Role } from '@partner-panel/sdk';
import { DEFAULT_PARTNER_CREDIT_LIMIT_USD } from '../../config.js';
import type { Db } from '../../db/index.js';
import { memberships, people, resellers } from '../../db/schema/index.js';
import { moveSpec, moveWallet } from '../wallet/movement.js';
import { hashPassword } from '../auth/passwords.js';
import { newClientId } from '../auth/identity.js';
import { createOperator } from '../operator/account.js';

export const DEMO_PASSWORD = 'DemoPass2026!';

export const DEMO_ACCOUNTS = [
  { key: 'reseller', email: 'reseller@demo.partner-panel.test', name: 'Demo Reseller', customUrl: 'demo-reseller', balanceCents: 500_000, isAdmin: false, verified: true },
  { key: 'admin', email: 'admin@demo.partner-panel.test', name: 'Demo Admin', customUrl: 'demo-admin', balanceCents: 1_000_000, isAdmin: true, verified: true },
  { key: 'sub1', email: 'sub1@demo.partner-panel.test', name: 'Northwind Sub-reseller', customUrl: 'northwind', balanceCents: 50_000, isAdmin: false, verified: true, parent: 'admin' },
  { key: 'sub2', email: 'sub2@demo.partner-panel.test', name: 'Contoso Sub-reseller', customUrl: 'contoso', balanceCents: 0, isAdmin: false, verified: false, parent: 'admin' },
  { key: 'partner', email: 'partner@demo.partner-panel.test', name: 'Brainrocket Partner', customUrl: 'brainrocket', balanceCents: 0, isAdmin: false, verified: true, id: RESTRICTED_RESELLER_ID },
] as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/**
 * The demo operator (the provider's own account, modules/operator/account.ts): its Owner signs in
 * with the demo password, and, unlike a production operator's, without a second factor.
 */
export const DEMO_OPERATOR = { email: 'operator@demo.partner-panel.test', name: 'Olivia Operator' } as const;

/** Members of the demo reseller's team besides its Owner (the start banner prints them). */
export const DEMO_MEMBERS = [
  { email: 'finance@demo.partner-panel.test', name: 'Fiona Finance', role: 'finance', of: 'reseller' },
  { email: 'developer@demo.partner-panel.test', name: 'Dev Developer', role: 'developer', of: 'reseller' },
] as const satisfies readonly { email: string; name: string; role: Role; of: DemoAccount['key'] }[];

/** Seeds when no reseller exists yet; answers whether it did. */
export async function seedDemo(db: Db, options: { partnerCreditLimitCents?: number } = {}): Promise<boolean> {
  const [existing] = await db.select({ id: resellers.id }).from(resellers).limit(1);
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const account of DEMO_ACCOUNTS) {
      const parentId = 'parent' in account ? ids.get(account.parent) ?? null : null;
      const values = {
        email: account.email,
        name: account.name,
        isAdmin: account.isAdmin,
        customUrl: account.customUrl,
        clientId: newClientId(),
        verifiedAt: account.verified ? new Date() : null,
        parentId,
        creditLimitCents: 'id' in account ? (options.partnerCreditLimitCents ?? DEFAULT_PARTNER_CREDIT_LIMIT_USD * 100) : 0,
      };
      const [row] =
        'id' in account
          ? await tx.insert(resellers).overridingSystemValue().values({ ...values, id: account.id }).returning()
          : await tx.insert(resellers).values(values).returning();
      if (!row) throw new Error('demo seed failed');
      ids.set(account.key, row.id);
      // Its Owner signs in with the account's address, as every account's first person does.
      const [owner] = await tx.insert(people).values({ email: account.email, name: account.name, passwordHash, verifiedAt: values.verifiedAt }).returning();
      if (!owner) throw new Error('demo seed failed');
      await tx.insert(memberships).values({ resellerId: row.id, personId: owner.id, role: 'owner' });
      // The funds go in as any money does: a movement of the wallet, with its ledger row. No gateway
      // paid them: they are the operator's credit, so the reconciliation finds no deposit without its payment.
      if (account.balanceCents > 0) {
        const funds = { resellerId: row.id, amountCents: account.balanceCents, kind: 'operator_credit', reference: 'demo:seed', description: description('demoFunds') } as const;
        await moveWallet(tx, row.id, [moveSpec(funds, funds.amountCents, new Date())]);
      }
    }
    await createOperator(tx, { ...DEMO_OPERATOR, passwordHash, twoFactorRequired: false, verifiedAt: new Date() });
    for (const member of DEMO_MEMBERS) {
      const [person] = await tx.insert(people).values({ email: member.email, name: member.name, passwordHash, verifiedAt: new Date() }).returning();
      const resellerId = ids.get(member.of);
      if (!person || resellerId === undefined) throw new Error('demo seed failed');
      await tx.insert(memberships).values({ resellerId, personId: person.id, role: member.role });
    }
  });
  return true;
}

export async function findResellerByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: resellers.id }).from(resellers).where(sql`lower(${resellers.email}) = lower(${email})`).limit(1);
  return row ?? null;
}
