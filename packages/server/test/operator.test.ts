/**
 * The operator (issue 35), through HTTP on the real database: the provider's own account signs in
 * and changes the catalogue; a price change is charged at every process's next call without a
 * restart, at once or only from its time (the app's clock); a withdrawn product is refused by
 * generation and the v2 API and gone from the products answer while its coupons still list; every
 * change has its history and audit entry. Resellers, admin resellers and the operator's members
 * whose role lacks the permission are refused every operator call; the operator is refused a
 * reseller's wallet and coupons.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLES, ROLE_NAMES, contract, roleMay, type AnyCall, type CallName } from '@partner-panel/sdk';
import { manualClock, testApp } from './support/app.js';
import { failure } from './support/expect.js';
import { fundedReseller, query } from './support/sql.js';
import { joinAs } from './support/team.js';

const clock = manualClock(new Date('2026-11-28T09:00:00Z'));
const t = await testApp({ clock, env: { SESSION_TTL_HOURS: '2160' } });
const HOUR = 3_600_000;
const OPERATOR = 'operator@demo.partner-panel.test';

const plan = { quantity: 1, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: '' } as const;
const operatorCalls = (Object.entries(contract) as [CallName, AnyCall][]).filter(([, c]) => c.access === 'operator');

/** What the reseller's wallet paid for its latest generation, in cents. */
async function lastCharge(resellerId: number) {
  const [row] = await query<{ amount_cents: number }>(t, sql`select amount_cents from wallet_ledger where reseller_id = ${resellerId} and amount_cents < 0 order by id desc limit 1`);
  return -Number(row?.amount_cents);
}

async function send(call: AnyCall, token: string) {
  if (call.method === 'GET') return t.get(call.path, token);
  return t.post(call.path, {}, token);
}

describe('the operator account', () => {
  it('signs in with the demo password, says it is the operator, and has no wallet, coupons or customers', async () => {
    const op = await t.signIn(OPERATOR);
    expect(op.user).toMatchObject({ is_operator: true, is_admin: false, balance: 0, member: { role: 'owner' } });
    expect((await op.api.profile()).is_operator).toBe(true);
    const refused = { status: 403, json: { header: { code: 'rspf-account-1058', status: 'error', message: "The operator account has no wallet, coupons or customers of its own: this is a reseller's page." }, body: null } };
    for (const name of ['dashboard', 'listCoupons', 'transactions', 'products', 'listVpnAccounts', 'getSecretKey', 'paymentMethods'] as const) {
      expect(await send(contract[name], op.token), name).toEqual(refused);
    }
    expect((await t.post(contract.generateCoupons.path, plan, op.token)).json.header.code).toBe('rspf-account-1058');
    expect((await t.post(contract.listUsers.path, {}, op.token)).json.header.code).toBe('rspf-account-1052');
    // Its people's own calls and its team are its own.
    expect((await op.api.teamMembers({})).data.map((m) => m.email)).toEqual([OPERATOR]);
    expect((await op.api.listSessions()).length).toBeGreaterThan(0);
    // The demo operator is exempt from the second factor its production twin must use.
    expect(await op.api.requireTeamTwoFactor({ required: false })).toMatchObject({ required: false });
  });

  it('is held by the database to no money, parent or admin flag', async () => {
    const [op] = await query<{ id: number }>(t, sql`select id from resellers where kind = 'operator'`);
    const refusal = (statement: ReturnType<typeof sql>) =>
      query(t, statement).then(
        () => 'accepted',
        (error: { cause?: { constraint?: string } }) => error.cause?.constraint,
      );
    for (const change of [sql`balance_cents = 100`, sql`is_admin = true`, sql`parent_id = 1001`, sql`credit_limit_cents = 5`]) {
      expect(await refusal(sql`update resellers set ${change} where id = ${op?.id}`)).toBe('resellers_operator_check');
    }
    // One operator at most.
    const another = await fundedReseller(t, 'op-second@example.com', 0);
    expect(await refusal(sql`update resellers set kind = 'operator' where id = ${another.id}`)).toBe('resellers_one_operator_key');
  });
});

describe('a price change', () => {
  it('effective now is charged at the next generation, by the kept price book, with no restart; history and audit name who, from and to', async () => {
    const shop = await fundedReseller(t, 'op-now@example.com', 100_000);
    await shop.api.generateCoupons(plan);
    expect(await lastCharge(shop.id)).toBe(300);

    const op = await t.signIn(OPERATOR);
    const change = await op.api.changeCataloguePrice({ item_type: 'product', item_id: 101, price: '3.50' });
    expect(change).toMatchObject({ item_type: 'product', item_id: 101, change: 'price', from: 3, to: 3.5, applied_at: clock.now().toISOString(), person: { email: OPERATOR } });

    await shop.api.generateCoupons(plan);
    expect(await lastCharge(shop.id)).toBe(350);
    expect((await shop.api.products()).recurring.product.monthly).toEqual({ id: 101, price: 3.5 });
    expect((await op.api.catalogue()).products.find((p) => p.id === 101)).toMatchObject({ price: 3.5, active: true, pending: [] });

    const history = await op.api.catalogueHistory({});
    expect(history.data[0]).toMatchObject({ id: change.id, from: 3, to: 3.5, person: { email: OPERATOR, name: 'Olivia Operator' } });
    const [entry] = await query<{ action: string; person_id: number; before: unknown; after: unknown }>(
      t,
      sql`select action, person_id, before, after from audit_log where action = 'catalogue.price' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ action: 'catalogue.price', person_id: op.user.member.person_id, before: { price_cents: 300 }, after: { price_cents: 350 } });
    await op.api.changeCataloguePrice({ item_type: 'product', item_id: 101, price: 3 });
  });

  it('scheduled for later takes effect only then: every call before it pays the old price, the first after it the new one', async () => {
    const shop = await fundedReseller(t, 'op-later@example.com', 100_000);
    const op = await t.signIn(OPERATOR);
    const at = new Date(clock.now().getTime() + 2 * HOUR);
    const scheduled = await op.api.changeCataloguePrice({ item_type: 'product', item_id: 101, price: 4.25, effective_at: at.toISOString() });
    expect(scheduled).toMatchObject({ from: 3, to: 4.25, applied_at: null, effective_at: at.toISOString() });
    expect((await op.api.catalogue()).products.find((p) => p.id === 101)).toMatchObject({ price: 3, pending: [{ id: scheduled.id, price: 4.25 }] });

    await shop.api.generateCoupons(plan);
    expect(await lastCharge(shop.id)).toBe(300);
    clock.advance(2 * HOUR - 1000);
    await shop.api.generateCoupons(plan);
    expect(await lastCharge(shop.id)).toBe(300);

    clock.advance(1000);
    await shop.api.generateCoupons(plan);
    expect(await lastCharge(shop.id)).toBe(425);
    const [row] = (await op.api.catalogueHistory({})).data.filter((c) => c.id === scheduled.id);
    expect(row).toMatchObject({ applied_at: at.toISOString(), from: 3, to: 4.25 });
    await op.api.changeCataloguePrice({ item_type: 'product', item_id: 101, price: 3 });
  });

  it('refuses a time not later than now, an unknown item, a price that is not one, and no change, in our words', async () => {
    const op = await t.signIn(OPERATOR);
    const past = await failure(op.api.changeCataloguePrice({ item_type: 'product', item_id: 101, price: 5, effective_at: new Date(clock.now().getTime() - 1000).toISOString() }));
    expect(past).toMatchObject({ httpStatus: 422, code: 'rspf-catalogue-6002' });
    expect(await failure(op.api.changeCataloguePrice({ item_type: 'addon', item_id: 999, price: 5 }))).toMatchObject({ httpStatus: 404, code: 'rspf-catalogue-6001' });
    expect(await failure(op.api.changeCataloguePrice({ item_type: 'product', item_id: 101, price: 3 }))).toMatchObject({ httpStatus: 422, code: 'rspf-catalogue-6003' });
    for (const [body, message] of [
      [{ item_type: 'product', item_id: 101, price: 'abc' }, 'The price must be an amount in dollars between 0 and 100000.'],
      [{ item_type: 'product', item_id: 101, price: -1 }, 'The price must be an amount in dollars between 0 and 100000.'],
      [{ item_type: 'product', item_id: 101, price: 3.555 }, 'The price must be an amount in dollars between 0 and 100000.'],
      [{ item_type: 'product', item_id: 101, price: 4, effective_at: 'tomorrow' }, 'Choose a date and time, such as 2026-12-01T09:00:00Z.'],
      [{ item_type: 'coupon', item_id: 101, price: 4 }, 'Choose a product or an addon.'],
    ] as const) {
      const res = await t.post(contract.changeCataloguePrice.path, body, op.token);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.json), JSON.stringify(body)).toContain(message);
    }
    expect(Number((await query<{ n: number }>(t, sql`select count(*)::int as n from catalogue_changes where to_cents = 500`))[0]?.n)).toBe(0);
  });
});

describe('a withdrawn product', () => {
  it('is refused by generation and the v2 API, gone from the products answer, while its coupons still list; reinstated, it sells again', async () => {
    const shop = await fundedReseller(t, 'op-withdrawn@example.com', 100_000);
    const before = await shop.api.generateCoupons({ ...plan, billing_cycle: 'quarterly', product_id: 102 });
    const live = (await shop.api.generateSecretKey({ mode: 'live' })).SecretKey;
    const token = (await t.app.inject({ method: 'POST', url: '/api/v2/client/generate', payload: { secretKey: live } })).json().body.AccessToken as string;
    const op = await t.signIn(OPERATOR);
    expect(await op.api.setCatalogueAvailability({ item_type: 'product', item_id: 102, active: false })).toMatchObject({ change: 'withdraw', from: null, to: null });

    expect(await failure(shop.api.generateCoupons({ ...plan, billing_cycle: 'quarterly', product_id: 102 }))).toMatchObject({ httpStatus: 422, code: 'rspf-product-5011' });
    const v2 = await t.app.inject({
      method: 'POST',
      url: '/api/v2/client/users/create',
      headers: { authorization: `Bearer ${token}` },
      payload: { username: 'withdrawn.user', password: 'Str0ng!Password', email: 'withdrawn.user@example.com', billing_type: 1, billing_cycle: 'quarterly' },
    });
    // The v2 API answers a refused input with 400, as its sandbox documents; the sentence is the same.
    expect(v2.statusCode).toBe(400);
    expect(v2.json().header.code).toBe('rspf-product-5011');
    expect((await shop.api.products()).recurring.product.quarterly).toBeUndefined();
    const listed = await shop.api.listCoupons({});
    expect(listed.data.map((c) => c.code)).toEqual(expect.arrayContaining(before.codes));
    expect(before.codes).toHaveLength(1);

    await op.api.setCatalogueAvailability({ item_type: 'product', item_id: 102, active: true });
    await shop.api.generateCoupons({ ...plan, billing_cycle: 'quarterly', product_id: 102 });
    expect(await lastCharge(shop.id)).toBe(800);
  });
});

describe("the operator's calls", () => {
  it('refuse a reseller, an admin reseller and their every member with 403', async () => {
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    const admin = await t.signIn('admin@demo.partner-panel.test');
    const developer = await t.signIn('developer@demo.partner-panel.test');
    const refused = { status: 403, json: { header: { code: 'rspf-account-1057', status: 'error', message: "Only the provider's operator account can do this." }, body: null } };
    expect(operatorCalls.map(([n]) => n).sort()).toEqual([
      'addWhiteLabelNote',
      'adjustResellerWallet',
      'assignWhiteLabelOwner',
      'catalogue',
      'catalogueHistory',
      'changeCataloguePrice',
      'createOperatorReseller',
      'moveOperatorReseller',
      'operatorAudit',
      'operatorAuditExportTicket',
      'operatorMoney',
      'operatorMoneyExportTicket',
      'operatorReconciliation',
      'operatorReseller',
      'operatorResellers',
      'programmeDashboard',
      'replyWhiteLabel',
      'setCatalogueAvailability',
      'setOperatorResellerStatus',
      'setOperatorResellerTerms',
      'setWhiteLabelStatus',
      'settleOperatorReseller',
      'verifyOperatorReseller',
      'whiteLabelEnquiries',
      'whiteLabelOwners',
    ]);
    for (const who of [reseller, admin, developer]) {
      for (const [name, call] of operatorCalls) expect(await send(call, who.token), `${who.user.member.email} ${name}`).toEqual(refused);
    }
  });

  it("answer each of the operator's roles as the contract declares: a Developer is refused every one", { timeout: 120_000 }, async () => {
    const op = await t.signIn(OPERATOR);
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      const member = await joinAs(t, op.api, role, `op-${role}@example.com`);
      for (const [name, call] of operatorCalls) {
        const res = await send(call, member.token);
        if (roleMay(role, call.permission as NonNullable<AnyCall['permission']>)) {
          expect(res.json.header.code, `${role} ${name}`).not.toBe('rspf-team-1101');
          expect(res.status, `${role} ${name}`).toBeLessThan(500);
        } else {
          expect({ status: res.status, code: res.json.header.code, message: res.json.header.message }, `${role} ${name}`).toEqual({
            status: 403,
            code: 'rspf-team-1101',
            message: `Your role (${ROLE_NAMES[role]}) does not allow this. Ask an Owner or Administrator of the account.`,
          });
        }
      }
      if (role === 'developer') for (const [name, call] of operatorCalls) expect((await send(call, member.token)).status, name).toBe(403);
    }
  });
});
