/**
 * The operator made at the first start (issue 35): with `OPERATOR_EMAIL` and no demo data, the
 * account is made once, its Owner mailed a link to set a password, which then signs in to it; an
 * address that already signs in as a reseller is not taken over.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureOperator } from '../src/modules/operator/account.js';
import { testApp } from './support/app.js';
import { fundedReseller, query } from './support/sql.js';

const t = await testApp({ demo: false, env: { OPERATOR_EMAIL: 'Ops@Provider.example' } });

describe('the operator at the first start', () => {
  it('is made once from OPERATOR_EMAIL, and its Owner sets a password from the mailed link and signs in', async () => {
    expect(await ensureOperator(t.app.ctx)).toEqual({ made: true, email: 'Ops@Provider.example' });
    expect(await ensureOperator(t.app.ctx)).toEqual({ made: false, email: 'Ops@Provider.example', twoFactorRequired: false });
    expect(await query(t, sql`select kind, parent_id, is_admin, balance_cents from resellers where kind = 'operator'`)).toEqual([
      { kind: 'operator', parent_id: null, is_admin: false, balance_cents: 0 },
    ]);
    const [mail] = await t.mails('Ops@Provider.example');
    const link = mail?.links.find((l) => l.includes('/reset-password/'));
    expect(link).toBeDefined();
    const hash = (link as string).split('/reset-password/')[1] as string;
    const browser = t.client();
    const opened = await browser.verifyResetHash({ hash });
    const password = 'Operator!Password1';
    await browser.updatePassword({ client_id: opened.client_id, password, password_confirmation: password });
    const signedIn = await t.signIn('ops@provider.example', password);
    expect(signedIn.user).toMatchObject({ is_operator: true, member: { role: 'owner' } });
    expect((await signedIn.api.catalogue()).products.length).toBeGreaterThan(0);
  });
});

describe('an OPERATOR_EMAIL that already signs in as a reseller', () => {
  it('makes no operator, and says so', async () => {
    const other = await testApp({ demo: false, env: { OPERATOR_EMAIL: 'taken@provider.example' } });
    await fundedReseller(other, 'taken@provider.example', 0);
    expect(await ensureOperator(other.app.ctx)).toEqual({ made: false, conflict: 'taken@provider.example' });
    expect(await query(other, sql`select count(*)::int as n from resellers where kind = 'operator'`)).toEqual([{ n: 0 }]);
  });
});
