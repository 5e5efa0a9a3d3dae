/**
 * The operator made at the first start (issue 35): with `OPERATOR_EMAIL` and no demo data, the
 * account is made once, its Owner mailed a link to set a password, and every member must sign in
 * with a second factor (which cannot be turned off, and each start requires again); an address that
 * already signs in as a reseller is not taken over.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureOperator } from '../src/modules/operator/account.js';
import { testApp } from './support/app.js';
import { failure } from './support/expect.js';
import { fundedReseller, query } from './support/sql.js';

const t = await testApp({ demo: false, env: { OPERATOR_EMAIL: 'Ops@Provider.example', DEMO_DATA: 'false' } });

describe('the operator at the first start', () => {
  it('is made once from OPERATOR_EMAIL; its Owner sets a password from the mailed link, and must set up a second factor to sign in', async () => {
    expect(await ensureOperator(t.app.ctx)).toEqual({ made: true, email: 'Ops@Provider.example' });
    expect(await ensureOperator(t.app.ctx)).toEqual({ made: false, email: 'Ops@Provider.example', twoFactorRequired: true });
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
    expect(await failure(t.client().login({ email: 'ops@provider.example', password }))).toMatchObject({ code: 'rspf-login-1016', status: 'actionrequired' });

    // Turned off in the database by hand: a session may then turn it on, never off, and the next start requires it again.
    await query(t, sql`update resellers set two_factor_required = false where kind = 'operator'`);
    const signedIn = await t.signIn('ops@provider.example', password);
    expect(signedIn.user).toMatchObject({ is_operator: true, member: { role: 'owner' } });
    expect((await signedIn.api.catalogue()).products.length).toBeGreaterThan(0);
    expect(await failure(signedIn.api.requireTeamTwoFactor({ required: false }))).toMatchObject({
      httpStatus: 422,
      code: 'rspf-catalogue-6004',
      message: "The operator's members always sign in with a second factor: it cannot be turned off.",
    });
    expect(await ensureOperator(t.app.ctx)).toMatchObject({ twoFactorRequired: true });
    expect(await query(t, sql`select two_factor_required from resellers where kind = 'operator'`)).toEqual([{ two_factor_required: true }]);
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
