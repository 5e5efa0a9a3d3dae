/**
 * The operator's Money (issue 35), through HTTP on the real database: every deposit, invoice,
 * refund and adjustment across resellers under one filter, and its CSV; a manual credit or debit of
 * a reseller's wallet with its reason — the ledger row, the audit entry, the notification, the
 * reseller's transactions — refused in our words when it may not be made, and made once for a
 * retried Idempotency-Key; the reconciliation of the gateways' payments against the ledger's
 * credits, empty after a card deposit and a redirect deposit, listing each mismatch once forced.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contract, type AnyCall, type CallName } from '@partner-panel/sdk';
import { testApp } from './support/app.js';
import { CARDS, payTestCard } from './support/billing.js';
import { failure } from './support/expect.js';
import { paypalEnv, paypalStub } from './support/paypal-stub.js';
import { fundedReseller, ledger, query } from './support/sql.js';
import { joinAs } from './support/team.js';

const paypal = await paypalStub();
const t = await testApp({ env: { ...paypalEnv(paypal.url), RATE_LIMIT_PAYMENTS_PER_IP: '1000' } });
afterAll(() => paypal.close());
const OPERATOR = 'operator@demo.partner-panel.test';
const op = await t.signIn(OPERATOR);
const operatorId = Number((await query<{ id: number }>(t, sql`select id from resellers where kind = 'operator'`))[0]?.id);
const moneyCalls = ['operatorMoney', 'operatorMoneyExportTicket', 'adjustResellerWallet', 'operatorReconciliation'] as const;

const credit = (resellerId: number, amount: number | string, reason: string) => op.api.adjustResellerWallet({ reseller_id: resellerId, type: 'credit', amount, reason });
const debit = (resellerId: number, amount: number | string, reason: string) => op.api.adjustResellerWallet({ reseller_id: resellerId, type: 'debit', amount, reason });
const today = () => new Date().toISOString().slice(0, 10);

async function send(call: AnyCall, token: string, body: Record<string, unknown> = {}) {
  if (call.method === 'GET') return t.get(call.path, token);
  return t.post(call.path, body, token);
}

/** The CSV the export ticket's link streams. */
async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${today()}-money.csv"`);
  return res.body.trim().split('\n');
}

describe('a manual adjustment', () => {
  it("credits a reseller's wallet with its reason: a ledger row, an audit entry, a notification, its transactions and the money list", async () => {
    const shop = await fundedReseller(t, 'money-credit@example.com', 0);
    const raw = await t.post(contract.adjustResellerWallet.path, { reseller_id: shop.id, type: 'credit', amount: '25.50', reason: '  Goodwill for the outage of 3 May  ' }, op.token);
    expect(raw.status).toBe(200);
    expect(raw.json.header).toMatchObject({ code: 150104, status: 'success', message: '$25.50 credited to the wallet of money-credit: Goodwill for the outage of 3 May' });
    const row = raw.json.body as { id: string; record_id: number };
    expect(raw.json.body).toMatchObject({
      kind: 'adjustment',
      reseller: { id: shop.id, name: 'money-credit', email: 'money-credit@example.com' },
      amount: 25.5,
      status: 'completed',
      gateway: 'Wallet',
      description: 'Credit from the operator: Goodwill for the outage of 3 May',
      balance_before: 0,
      balance_after: 25.5,
    });

    expect(await ledger(t, shop.id)).toEqual([
      { amount_cents: 2550, balance_after_cents: 2550, kind: 'operator_credit', reference: expect.stringMatching(/^operator_adjustment:\d+$/), actor_id: operatorId },
    ]);
    const [entry] = await query<{ action: string; actor_id: number; person_id: number; subject_id: number; before: unknown; after: unknown; data: unknown }>(
      t,
      sql`select action, actor_id, person_id, subject_id, before, after, data from audit_log where action like 'wallet.operator_%' and subject_id = ${shop.id}`,
    );
    expect(entry).toEqual({
      action: 'wallet.operator_credited',
      actor_id: operatorId,
      person_id: op.user.member.person_id,
      subject_id: shop.id,
      before: { balance_cents: 0 },
      after: { balance_cents: 2550 },
      data: { ledger_id: row.record_id, amount_cents: 2550, reason: 'Goodwill for the outage of 3 May' },
    });
    const [note] = await query<{ type: string; message: string; redirect: string }>(t, sql`select type, message, redirect from notifications where reseller_id = ${shop.id}`);
    expect(note).toEqual({ type: 'balance_adjusted', message: 'The operator credited $25.50 to your wallet: Goodwill for the outage of 3 May', redirect: 'billing/transactions' });

    // The reseller's own transactions show it, with the reason, and its balance is the new one.
    const mine = await shop.api.transactions();
    expect(mine.transactions).toEqual([
      expect.objectContaining({ id: row.record_id, gateway: 'Wallet', description: 'Credit from the operator: Goodwill for the outage of 3 May', amount_in: 25.5, amount_out: 0, balance_after: 25.5 }),
    ]);
    expect((await shop.api.profile()).balance).toBe(25.5);
    const listed = await op.api.operatorMoney({ kind: 'adjustment', reseller: String(shop.id) });
    expect(listed).toMatchObject({ total: 1, data: [{ id: row.id, amount: 25.5 }] });
  });

  it('debits within the balance, and refuses in our words a debit below zero, past a credit limit, of the operator or of nobody, writing nothing', async () => {
    const shop = await fundedReseller(t, 'money-debit@example.com', 0);
    await credit(shop.id, 10, 'Opening credit');
    const taken = await debit(shop.id, '4', 'Chargeback of invoice 1234');
    expect(taken).toMatchObject({ amount: -4, description: 'Debit by the operator: Chargeback of invoice 1234', balance_before: 10, balance_after: 6 });
    expect((await ledger(t, shop.id)).map((l) => [l.kind, l.amount_cents, l.balance_after_cents])).toEqual([
      ['operator_credit', 1000, 1000],
      ['operator_debit', -400, 600],
    ]);
    expect((await shop.api.transactions()).transactions[0]).toMatchObject({ description: 'Debit by the operator: Chargeback of invoice 1234', amount_out: 4 });
    // The operator's debit is no member's spending of the reseller's account.
    expect(await query(t, sql`select * from member_spending where reseller_id = ${shop.id}`)).toEqual([]);

    expect(await failure(debit(shop.id, '6.01', 'Too much'))).toMatchObject({
      httpStatus: 422,
      code: 'rspf-money-6103',
      message: 'The wallet of money-debit holds $6.00: a debit of $6.01 may not take it below zero.',
    });
    // A postpaid account may owe up to its credit limit, never past it.
    await query(t, sql`update resellers set credit_limit_cents = 1000 where id = 903`);
    expect(await failure(debit(903, '10.01', 'Past the limit'))).toMatchObject({
      httpStatus: 422,
      code: 'rspf-money-6104',
      message: expect.stringMatching(/ owes \$0\.00 of its \$10\.00 credit limit: a debit of \$10\.01 would take it past that limit\.$/),
    });
    expect(await failure(credit(operatorId, 5, 'Its own'))).toMatchObject({ httpStatus: 422, code: 'rspf-money-6102' });
    expect(await failure(credit(999_999, 5, 'Nobody'))).toMatchObject({ httpStatus: 404, code: 'rspf-programme-6101', message: 'There is no reseller with this id.' });
    expect(await ledger(t, shop.id)).toHaveLength(2);
    expect(await ledger(t, 903)).toEqual([]);
  });

  it('refuses an empty, blank, long or two-line reason, a bad amount or type and a misspelt field, each in its sentence', async () => {
    const shop = await fundedReseller(t, 'money-refused@example.com', 0);
    const good = { reseller_id: shop.id, type: 'credit', amount: 5, reason: 'Fine' };
    const reason = 'Please give a reason: one line of at most 200 characters.';
    for (const [body, message] of [
      [{ ...good, reason: '' }, reason],
      [{ ...good, reason: '    ' }, reason],
      [{ ...good, reason: 'x'.repeat(201) }, reason],
      [{ ...good, reason: 'two\nlines' }, reason],
      [{ ...good, reason: undefined }, reason],
      [{ ...good, amount: 0 }, 'The amount must be between $0.01 and $1,000,000.'],
      [{ ...good, amount: 'abc' }, 'The amount must be between $0.01 and $1,000,000.'],
      [{ ...good, amount: '1000000.01' }, 'The amount must be between $0.01 and $1,000,000.'],
      [{ ...good, type: 'gift' }, 'Please choose whether to credit or debit the wallet.'],
      [{ ...good, reseller_id: 'someone' }, "Please enter the reseller's id, a whole number such as 1042."],
      [{ ...good, reseller_id: 0 }, "Please enter the reseller's id, a whole number such as 1042."],
      [{ reseller_id: shop.id, type: 'credit', amount: 5, reasn: 'Typo' }, "Unknown field 'reasn'. Did you mean 'reason'?"],
    ] as const) {
      const res = await t.post(contract.adjustResellerWallet.path, body, op.token);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.json), JSON.stringify(body)).toContain(message);
    }
    // 200 characters is a reason.
    expect(await credit(shop.id, 1, 'y'.repeat(200))).toMatchObject({ amount: 1 });
    expect(await ledger(t, shop.id)).toHaveLength(1);
  });

  it('is made once for a retried Idempotency-Key, and the retry answers the same', async () => {
    const shop = await fundedReseller(t, 'money-retry@example.com', 0);
    const body = { reseller_id: shop.id, type: 'credit' as const, amount: 7, reason: 'Retried' };
    const first = await op.api.adjustResellerWallet(body, { idempotencyKey: 'money-retry-1' });
    const again = await op.api.adjustResellerWallet(body, { idempotencyKey: 'money-retry-1' });
    expect(again).toEqual(first);
    expect(await ledger(t, shop.id)).toHaveLength(1);
    expect(await failure(op.api.adjustResellerWallet({ ...body, amount: 8 }, { idempotencyKey: 'money-retry-1' }))).toMatchObject({ code: 'rspf-idempotency-1102' });
  });

  it("is the Owner's and Administrator's: Finance reads the money but may not move it", async () => {
    const shop = await fundedReseller(t, 'money-roles@example.com', 0);
    const finance = await joinAs(t, op.api, 'finance', 'op-money-finance@example.com');
    expect((await finance.api.operatorMoney({})).total).toBeGreaterThan(0);
    expect((await finance.api.operatorReconciliation({})).mismatches).toEqual([]);
    expect(await failure(finance.api.adjustResellerWallet({ reseller_id: shop.id, type: 'credit', amount: 5, reason: 'No' }))).toMatchObject({ httpStatus: 403, code: 'rspf-team-1101' });
    expect(await ledger(t, shop.id)).toEqual([]);
  });
});

describe('the money list', () => {
  it('lists deposits, invoices, refunds and adjustments across resellers under its filters, and exports the same as CSV', async () => {
    const shop = await fundedReseller(t, 'money-list@example.com', 0);
    await credit(shop.id, 100, 'Starting funds');
    const { started } = await payTestCard(shop.api, CARDS.ok, { amount: 2000 });
    await expect.poll(async () => (await shop.api.invoice({ id: started.invoice_id })).status).toBe('Paid');
    const generated = await shop.api.generateCoupons({ quantity: 1, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: '' });
    const [coupon] = (await shop.api.listCoupons({})).data;
    await shop.api.deleteCoupon({ couponID: Number(coupon?.Coupon_ID) });
    expect(generated.quantity).toBe(1);
    await debit(shop.id, 4, 'Fee');

    const all = await op.api.operatorMoney({ reseller: 'money-list@' });
    expect(all.total).toBe(5);
    // Newest first: the debit last made leads.
    expect(all.data[0]).toMatchObject({ kind: 'adjustment', amount: -4, status: 'completed', description: 'Debit by the operator: Fee' });
    expect(all.data.map((m) => `${m.kind} ${m.amount} ${m.status}`).sort()).toEqual(['adjustment -4 completed', 'adjustment 100 completed', 'deposit 2000 succeeded', 'invoice 2000 paid', 'refund 3 completed']);
    const deposit = all.data.find((m) => m.kind === 'deposit');
    expect(deposit).toMatchObject({ record_id: started.payment_id, gateway: expect.any(String), description: `Payment of invoice #${started.invoice_id}`, reseller: { id: shop.id } });
    expect(all.data.find((m) => m.kind === 'invoice')).toMatchObject({ record_id: started.invoice_id, reference: `#${started.invoice_id}` });

    const pick = async (filter: Parameters<typeof op.api.operatorMoney>[0]) => (await op.api.operatorMoney({ reseller: 'money-list@', ...filter })).data.map((m) => m.id);
    expect(await pick({ kind: 'deposit' })).toEqual([`deposit-${started.payment_id}`]);
    expect(await pick({ kind: 'refund' })).toHaveLength(1);
    expect(await pick({ status: 'paid' })).toEqual([`invoice-${started.invoice_id}`]);
    expect(await pick({ amount_min: '100', amount_max: 100 })).toHaveLength(1);
    expect(await pick({ amount_min: 2000 })).toHaveLength(2);
    expect(await pick({ dateStart: today(), dateEnd: today() })).toHaveLength(5);
    expect(await pick({ dateStart: '2099-01-01' })).toEqual([]);
    expect((await op.api.operatorMoney({ reseller: String(shop.id) })).total).toBe(5);
    expect((await op.api.operatorMoney({ reseller: 'nobody-has-this' })).total).toBe(0);
    // By amount, smallest first; and paged.
    expect((await op.api.operatorMoney({ reseller: 'money-list@', sort: 'amount', order: 'asc' })).data.map((m) => Math.abs(m.amount))).toEqual([3, 4, 100, 2000, 2000]);
    const second = await op.api.operatorMoney({ reseller: 'money-list@', page: 2, page_limit: 2 });
    expect(second).toMatchObject({ total: 5, data: all.data.slice(2, 4) });

    // Refused filters, in our words.
    for (const [body, message] of [
      [{ dateStart: '2026-05-10', dateEnd: '2026-05-01' }, 'The end date must not be before the start date'],
      [{ dateStart: '2026-02-30' }, 'Please enter a valid date (YYYY-MM-DD)'],
      [{ kind: 'gift' }, 'Please choose a kind: deposit, invoice, refund or adjustment.'],
      [{ status: 'lost' }, 'Please choose a status from the list.'],
      [{ amount_min: 'lots' }, 'Please enter an amount in dollars, such as 25 or 25.50.'],
      [{ amount_min: 10, amount_max: 5 }, 'The largest amount must not be below the smallest'],
    ] as const) {
      for (const path of [contract.operatorMoney.path, contract.operatorMoneyExportTicket.path]) {
        const res = await t.post(path, body, op.token);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
        expect(JSON.stringify(res.json), JSON.stringify(body)).toContain(message);
      }
    }

    // The export: the same rows under the same filter, in the list's order.
    const link = await op.api.operatorMoneyExportTicket({ reseller: 'money-list@' });
    const lines = await download(link.url);
    expect(lines[0]).toBe('Date,Kind,Record,Reseller ID,Reseller,Email,Amount,Status,Gateway,Reference,Description');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z,Adjustment,\\d+,${shop.id},money-list,money-list@example.com,-4.00,Completed,Wallet,WLT-\\d{8},Debit by the operator: Fee$`));
    expect(lines.filter((l) => l.includes(',Deposit,'))).toEqual([expect.stringContaining(`,2000.00,Succeeded,`)]);
    const deposits = await download((await op.api.operatorMoneyExportTicket({ reseller: 'money-list@', kind: 'deposit' })).url);
    expect(deposits).toHaveLength(2);
    // A ticket is for its own kind of export.
    const coupons = await t.app.inject({ method: 'GET', url: link.url.replace(contract.exportOperatorMoney.path, contract.exportTransactions.path) });
    expect(coupons.statusCode).toBe(410);
  });
});

describe('the reconciliation', () => {
  it('finds no mismatch after a card deposit and a redirect deposit, then lists each one forced', async () => {
    const shop = await fundedReseller(t, 'money-reconcile@example.com', 0);
    const { started } = await payTestCard(shop.api, CARDS.ok, { amount: 2100 });
    await expect.poll(async () => (await shop.api.invoice({ id: started.invoice_id })).status).toBe('Paid');
    const redirect = await shop.api.payByRedirect({ name: 'Ann Payer', email: 'ann@example.com', amount: 2500 });
    const [order] = await query<{ provider_ref: string }>(t, sql`select provider_ref from payments where id = ${redirect.payment_id}`);
    paypal.approve(order?.provider_ref as string);
    expect((await shop.api.verifyPayment({ payment_id: redirect.payment_id })).payment.status).toBe('succeeded');

    const clean = await t.post(contract.operatorReconciliation.path, {}, op.token);
    expect(clean.json.header).toMatchObject({ code: 150105, message: 'Reconciled: no mismatches.' });
    const found = await op.api.operatorReconciliation({});
    expect(found.mismatches).toEqual([]);
    expect(found.payments.count).toBeGreaterThanOrEqual(2);
    expect(found.credits).toEqual(found.payments);
    expect(found.difference).toBe(0);
    expect(found.dateEnd).toBe(today());
    expect(found.dateStart).toBe(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));
    // A range of other days holds none of them.
    expect(await op.api.operatorReconciliation({ dateStart: '2020-01-01', dateEnd: '2020-01-31' })).toEqual({
      dateStart: '2020-01-01',
      dateEnd: '2020-01-31',
      payments: { count: 0, amount: 0 },
      credits: { count: 0, amount: 0 },
      difference: 0,
      mismatches: [],
    });
    const inverted = await t.post(contract.operatorReconciliation.path, { dateStart: '2026-05-10', dateEnd: '2026-05-01' }, op.token);
    expect(inverted.status).toBe(422);
    expect(JSON.stringify(inverted.json)).toContain('The end date must not be before the start date');

    // Forced: a payment the gateway reported that no credit follows, and the card deposit credited a second time.
    const [invoice] = await query<{ id: number }>(
      t,
      sql`insert into invoices (reseller_id, amount_cents, status, due_at, paid_at) values (${shop.id}, 1234, 'paid', now(), now()) returning id`,
    );
    const [lost] = await query<{ id: number }>(
      t,
      sql`insert into payments (reseller_id, invoice_id, provider, provider_ref, amount_cents, status, succeeded_at)
          values (${shop.id}, ${invoice?.id}, 'testgateway', 'pi_forced_lost', 1234, 'succeeded', now()) returning id`,
    );
    const [twice] = await query<{ id: number }>(
      t,
      sql`with moved as (update resellers set balance_cents = balance_cents + 210000 where id = ${shop.id} returning balance_cents)
          insert into wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, reference, description)
          select ${shop.id}, 210000, moved.balance_cents, 'deposit', ${`payment:${started.payment_id}`}, 'Forced second credit' from moved returning id`,
    );
    const [first] = await query<{ id: number }>(t, sql`select id from wallet_ledger where payment_id = ${started.payment_id}`);
    const raw = await t.post(contract.operatorReconciliation.path, {}, op.token);
    expect(raw.json.header.message).toBe('2 mismatches found.');
    const listed = await op.api.operatorReconciliation({ dateStart: today() });
    const reseller = { id: shop.id, name: 'money-reconcile', email: 'money-reconcile@example.com' };
    expect(listed.mismatches).toEqual(
      expect.arrayContaining([
        { id: `credited_twice-${started.payment_id}`, kind: 'credited_twice', payment_id: started.payment_id, ledger_ids: [Number(first?.id), Number(twice?.id)], reseller, paid: 2100, credited: 4200, at: expect.any(String) },
        { id: `not_credited-${lost?.id}`, kind: 'not_credited', payment_id: Number(lost?.id), ledger_ids: [], reseller, paid: 12.34, credited: 0, at: expect.any(String) },
      ]),
    );
    expect(listed.mismatches).toHaveLength(2);
    expect(listed.difference).toBe(2100 - 12.34);
  });
});

describe("the money calls", () => {
  it('refuse a reseller, an admin reseller and a Developer of either account with 403', async () => {
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    const admin = await t.signIn('admin@demo.partner-panel.test');
    const developer = await t.signIn('developer@demo.partner-panel.test');
    const opDeveloper = await joinAs(t, op.api, 'developer', 'op-money-developer@example.com');
    const body = { reseller_id: 1000, type: 'credit', amount: 5, reason: 'Not yours' };
    for (const who of [reseller, admin, developer]) {
      for (const name of moneyCalls) {
        const res = await send(contract[name] as AnyCall, who.token, body);
        expect({ status: res.status, code: res.json.header.code }, `${who.user.member.email} ${name}`).toEqual({ status: 403, code: 'rspf-account-1057' });
      }
    }
    for (const name of moneyCalls) {
      const res = await send(contract[name as CallName] as AnyCall, opDeveloper.token, body);
      expect({ status: res.status, code: res.json.header.code }, `operator developer ${name}`).toEqual({ status: 403, code: 'rspf-team-1101' });
    }
    expect(await ledger(t, 1000)).toHaveLength(1);
  });
});
