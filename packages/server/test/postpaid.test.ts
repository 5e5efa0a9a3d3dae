/**
 * The partner reseller 903 is postpaid (000 §6: no wallet, no billing): its coupon generations and
 * the renewals of the accounts its coupons became are charges in the ledger — a negative balance
 * is what it owes — bounded by a configured credit limit with a message of its own.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@partner-panel/sdk';
import { runRenewals } from '../src/modules/vpn/renewals.js';
import { settleReseller } from '../src/modules/operator/resellers.js';
import { syncCreditLimits } from '../src/modules/wallet/service.js';
import { manualClock, testApp } from './support/app.js';
import { failure } from './support/expect.js';
import { balanceCents, ledger, query } from './support/sql.js';

const PARTNER = 903;
const UNIT = 4_500; // 903's coupon: recurring, biennial
const partnerPlan = (quantity: number) => ({ quantity, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'BR' }) as const;

describe('903 is postpaid', () => {
  it('records its generations as charges owed, up to its credit limit, then refuses with its own message', async () => {
    const t = await testApp({ env: { PARTNER_CREDIT_LIMIT_USD: '1000' } });
    const partner = await t.signIn('partner@demo.partner-panel.test');
    expect(await balanceCents(t, PARTNER)).toBe(0);

    const first = await partner.api.generateCoupons(partnerPlan(20));
    expect(first).toMatchObject({ quantity: 20, amount: 900, balance: -900 });
    const [charge] = await ledger(t, PARTNER);
    expect(charge).toMatchObject({ kind: 'coupon_purchase', amount_cents: -90_000, balance_after_cents: -90_000 });

    const refused = await failure(partner.api.generateCoupons(partnerPlan(10)));
    expect(refused).toMatchObject({
      httpStatus: 402,
      code: 'rspf-wallet-4022',
      message: 'Credit limit reached: your account owes $900.00 and this charge of $450.00 would pass its limit of $1,000.00. Please contact us to settle your account.',
      body: { owed: 900, amount: 450, credit_limit: 1000 },
    });
    // Nothing of the refused generation was written.
    const [counts] = await query<{ coupons: number; rows: number }>(
      t,
      sql`select (select count(*)::int from coupons where reseller_id = ${PARTNER}) as coupons, (select count(*)::int from wallet_ledger where reseller_id = ${PARTNER}) as rows`,
    );
    expect(counts).toEqual({ coupons: 20, rows: 1 });
    // What still fits passes: two more coupons reach $990 of $1,000.
    expect((await partner.api.generateCoupons(partnerPlan(2))).balance).toBe(-990);
  });

  it('never passes the limit under concurrent generations', async () => {
    const t = await testApp({ env: { PARTNER_CREDIT_LIMIT_USD: '1000' }, poolSize: 20 });
    const partner = await t.signIn('partner@demo.partner-panel.test');
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => partner.api.generateCoupons(partnerPlan(1))));
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(22); // 22 × $45 = $990; a 23rd would owe $1,035
    for (const r of results) if (r.status === 'rejected') expect((r.reason as ApiError).code).toBe('rspf-wallet-4022');
    expect(await balanceCents(t, PARTNER)).toBe(-22 * UNIT);
  }, 60_000);

  it("charges the renewals of its redeemed coupons' accounts through the same debit, and suspends one past the limit", async () => {
    const clock = manualClock(new Date('2027-01-10T12:00:00Z'));
    const t = await testApp({ clock, env: { PARTNER_CREDIT_LIMIT_USD: '150' } });
    let partner = await t.signIn('partner@demo.partner-panel.test');
    const { codes } = await partner.api.generateCoupons(partnerPlan(2)); // owes $90 of $150
    // Two end customers redeem them on the partner page: two recurring biennial accounts of 903's.
    const usernames: string[] = [];
    for (const [i, coupon] of codes.entries()) {
      const res = await t.post('/api/redeem/brainrocket', {
        name: `Fan ${i}`,
        email: `fan${i}@example.com`,
        password: 'Redeem!Pass2027',
        password_confirmation: 'Redeem!Pass2027',
        coupon,
        addon_id: '',
        token: '',
      });
      expect(res.json.header.status).toBe('success');
      usernames.push((res.json.body as { username: string }).username);
    }
    // Two days before their end: $60 of the limit is left for $90 of renewals — warned, with no link to Add Funds.
    clock.set(new Date('2029-01-08T12:00:00Z'));
    partner = await t.signIn('partner@demo.partner-panel.test'); // two years on: a new session
    expect(await runRenewals(t.app.ctx)).toEqual({ renewed: 0, suspended: 0, warned: 1 });
    const [warning] = (await partner.api.unreadNotifications()).data.map((n) => JSON.parse(n.data));
    expect(warning).toMatchObject({
      type: 'low_balance',
      message: 'What is left of your credit limit ($60.00) does not cover the 2 renewals due in the next 3 days ($90.00). Please contact us to settle your account to keep these VPN accounts active.',
      redirect: null,
    });

    clock.set(new Date('2029-01-10T12:00:01Z'));
    partner = await t.signIn('partner@demo.partner-panel.test');
    expect(await runRenewals(t.app.ctx)).toEqual({ renewed: 1, suspended: 1, warned: 0 });
    expect(await balanceCents(t, PARTNER)).toBe(-3 * UNIT);
    const rows = await ledger(t, PARTNER);
    expect(rows.at(-1)).toMatchObject({ kind: 'vpn_renewal', amount_cents: -UNIT, balance_after_cents: -3 * UNIT });
    const messages = (await partner.api.notifications({ page: 1 })).data.map((n) => JSON.parse(n.data).message as string);
    expect(messages).toContain(`VPN account ${usernames[1]} was suspended: its renewal ($45.00) would pass your account's credit limit. Please contact us to settle your account, then enable it again.`);
  });

  it('keeps a lowered limit at what is already owed, so nothing more is charged', async () => {
    const t = await testApp({ env: { PARTNER_CREDIT_LIMIT_USD: '1000' } });
    const partner = await t.signIn('partner@demo.partner-panel.test');
    await partner.api.generateCoupons(partnerPlan(10)); // owes $450
    const warnings: unknown[] = [];
    await syncCreditLimits(t.database.db, 10_000, { warn: (o) => warnings.push(o) });
    const [row] = await query<{ credit_limit_cents: number }>(t, sql`select credit_limit_cents from resellers where id = ${PARTNER}`);
    expect(Number(row?.credit_limit_cents)).toBe(45_000);
    expect(warnings).toEqual([{ owed: 45_000, limit: 10_000 }]);
    expect((await failure(partner.api.generateCoupons(partnerPlan(1)))).code).toBe('rspf-wallet-4022');
  });

  it('records a settlement that lowers what it owes, for postpaid accounts only', async () => {
    const t = await testApp({ env: { PARTNER_CREDIT_LIMIT_USD: '1000' } });
    const partner = await t.signIn('partner@demo.partner-panel.test');
    await partner.api.generateCoupons(partnerPlan(20)); // owes $900
    expect((await settleReseller(t.app.ctx, null, { id: PARTNER, amountCents: 50_000, note: 'Bank transfer 2027-01-31' })).balance).toBe(-400);
    expect((await ledger(t, PARTNER)).at(-1)).toMatchObject({ kind: 'settlement', amount_cents: 50_000, balance_after_cents: -40_000 });
    expect((await partner.api.generateCoupons(partnerPlan(10))).balance).toBe(-850);
    await expect(settleReseller(t.app.ctx, null, { id: 1000, amountCents: 100, note: 'not postpaid' })).rejects.toMatchObject({ entry: { code: 'rspf-programme-6109' } });
  });

  it('leaves every other reseller prepaid: the spec\'s Insufficient Balance message', async () => {
    const t = await testApp();
    const sub = await t.signIn('sub1@demo.partner-panel.test'); // $500
    const e = await failure(sub.api.generateCoupons({ ...partnerPlan(12), prefix: '' }));
    expect(e).toMatchObject({ httpStatus: 402, code: 'rspf-wallet-4021', message: 'Insufficient Balance! your current balance is: $500.00 and transaction amount is: $540.00' });
  });
});
