/**
 * The operator's Resellers page (issue 35), through HTTP on the real database: the list (search,
 * the parent/child tree, status, terms, spend in the last 30 days); opening an admin reseller whose
 * Owner sets a password from the mailed link; postpaid terms whose limit refuses a generation with
 * the spec's message; a suspension the reseller is told of, cannot undo, and whose reason its
 * refusals name; moving under an admin; a settlement from the button with the CLI's ledger row; and
 * every careless input answered in our words. Each action is in the audit log with the person.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Client, OperatorResellerRow } from '@partner-panel/sdk';
import { syncCreditLimits } from '../src/modules/wallet/service.js';
import { manualClock, testApp, linkHash } from './support/app.js';
import { failure } from './support/expect.js';
import { fundedReseller, ledger, query } from './support/sql.js';

const clock = manualClock(new Date('2026-12-07T09:00:00Z'));
const t = await testApp({ clock, env: { SESSION_TTL_HOURS: '2160' } });
const OPERATOR = 'operator@demo.partner-panel.test';
const PASSWORD = 'Opened!Password1';
const op = await t.signIn(OPERATOR);

const plan = { quantity: 1, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: '' } as const;

/** The one reseller the list finds by its e-mail. */
async function find(email: string): Promise<OperatorResellerRow> {
  const found = await op.api.operatorResellers({ q: email });
  const row = found.data.find((r) => r.email === email);
  if (!row) throw new Error(`${email} not listed`);
  return row;
}

/** What the operator's audit log says of a reseller, oldest first. */
const auditOf = (id: number) =>
  query<{ action: string; person_email: string | null; before: unknown; after: unknown }>(
    t,
    sql`select a.action, p.email as person_email, a.before, a.after from audit_log a left join people p on p.id = a.person_id
        where a.action like 'operator.reseller%' and a.target_id = ${String(id)} order by a.id`,
  );

/** Opens an account as the operator and signs its Owner in with a password set from the mailed link. */
async function openAndSignIn(email: string, input: { is_admin?: boolean; parent_id?: number | null } = {}): Promise<{ row: OperatorResellerRow; api: Client; token: string }> {
  const row = await op.api.createOperatorReseller({ name: `Shop ${email.split('@')[0]}`, email, ...input });
  const hash = await linkHash(t, email, 'reset-password');
  const browser = t.client();
  const opened = await browser.verifyResetHash({ hash });
  await browser.updatePassword({ client_id: opened.client_id, password: PASSWORD, password_confirmation: PASSWORD });
  const session = await t.signIn(email, PASSWORD);
  return { row, api: session.api, token: session.token };
}

describe('the list', () => {
  it('finds every reseller but the operator: by part of a name or e-mail or by id, admins, an admin\'s resellers, status, terms, sorted', async () => {
    const all = await op.api.operatorResellers({ page_limit: 100 });
    expect(all.data.some((r) => r.email === OPERATOR)).toBe(false);
    const admin = await find('admin@demo.partner-panel.test');
    expect(admin).toMatchObject({ is_admin: true, parent: null, sub_resellers: 2, status: 'active', terms: 'prepaid', verified: true });
    const children = await op.api.operatorResellers({ parent_id: admin.id, sort: 'name' });
    expect(children.data.map((r) => r.email)).toEqual(['sub2@demo.partner-panel.test', 'sub1@demo.partner-panel.test']);
    expect(children.data[0]).toMatchObject({ parent: { id: admin.id, name: 'Demo Admin' }, verified: false });
    expect((await op.api.operatorResellers({ kind: 'admin' })).data.every((r) => r.is_admin)).toBe(true);
    expect((await op.api.operatorResellers({ terms: 'postpaid' })).data.map((r) => r.id)).toEqual([903]);
    expect((await op.api.operatorResellers({ q: '903' })).data.map((r) => r.id)).toContain(903);
    expect((await op.api.operatorResellers({ q: 'NORTHWIND' })).data.map((r) => r.email)).toEqual(['sub1@demo.partner-panel.test']);
    // A search's wildcard characters are taken literally.
    expect((await op.api.operatorResellers({ q: '%' })).total).toBe(0);
    // Past the last page: no rows, the same total.
    const far = await op.api.operatorResellers({ page: 500, page_limit: 10 });
    expect(far).toEqual({ data: [], total: all.total });
  });

  it('shows what each spent in the last 30 days, from the dashboard\'s daily figures', async () => {
    const shop = await fundedReseller(t, 'spender@example.com', 10_000);
    await shop.api.generateCoupons({ ...plan, quantity: 2 });
    const row = await find('spender@example.com');
    expect(row).toMatchObject({ spend_30d: 6, balance: 94, coupons: 2 });
    const bySpend = await op.api.operatorResellers({ sort: 'spend_30d', order: 'desc', page_limit: 1 });
    expect(bySpend.data[0]?.spend_30d).toBeGreaterThanOrEqual(6);
  });

  it('refuses a filter it does not understand, in our words', async () => {
    const bad = async (query: string) => (await t.get(`/api/v1/operator/resellers?${query}`, op.token)).json.header;
    expect(await bad('status=gone')).toMatchObject({ message: 'The status must be active, inactive or suspended.' });
    expect(await bad('sort=balance&order=up')).toMatchObject({ message: 'Sort by created_at, name, balance or spend_30d, in asc or desc order.' });
    expect(await bad(`q=${'x'.repeat(101)}`)).toMatchObject({ message: 'Search with at most 100 characters.' });
    expect((await t.get('/api/v1/operator/reseller?id=999999', op.token)).json.header).toMatchObject({ code: 'rspf-programme-6101', message: 'There is no reseller with this id.' });
    const [self] = await query<{ id: number }>(t, sql`select id from resellers where kind = 'operator'`);
    expect((await t.get(`/api/v1/operator/reseller?id=${self?.id}`, op.token)).status).toBe(404);
  });
});

describe('a new admin reseller on postpaid terms', () => {
  it('is opened with a set-password link, refused past its $500 limit with the spec\'s message, suspended, reactivated and settled', async () => {
    const shop = await openAndSignIn('new-admin@example.com', { is_admin: true });
    expect(shop.row).toMatchObject({ is_admin: true, status: 'active', terms: 'prepaid', verified: false, balance: 0 });
    const mail = (await t.mails('new-admin@example.com')).find((m) => m.kind === 'account_opened');
    expect(mail).toMatchObject({ subject: 'Your Partner Panel account is ready' });
    expect(mail?.text).toContain('an admin reseller account for Shop new-admin');

    expect(await op.api.verifyOperatorReseller({ id: shop.row.id })).toMatchObject({ verified: true });
    expect((await failure(op.api.verifyOperatorReseller({ id: shop.row.id }))).message).toBe('User Already Verified');

    const terms = await op.api.setOperatorResellerTerms({ id: shop.row.id, terms: 'postpaid', credit_limit: '500', settlement_day: 15 });
    expect(terms).toMatchObject({ terms: 'postpaid', credit_limit: 500, settlement_day: 15, next_settlement: '2026-12-15' });

    // $3.00 a coupon: 166 coupons owe $498; one more would pass the limit.
    for (const quantity of [60, 60, 46]) await shop.api.generateCoupons({ ...plan, quantity });
    const refused = await failure(shop.api.generateCoupons({ ...plan, quantity: 1 }));
    expect(refused).toMatchObject({
      code: 'rspf-wallet-4022',
      message: 'Credit limit reached: your account owes $498.00 and this charge of $3.00 would pass its limit of $500.00. Please contact us to settle your account.',
    });

    // Suspended: told why, refused its next call with the reason, and it cannot undo it.
    await op.api.setOperatorResellerStatus({ id: shop.row.id, action: 'suspend', reason: 'Unpaid December statement' });
    const notes = await shop.api.notifications({ page: 1 });
    expect(notes.data.map((n) => (JSON.parse(n.data) as { message: string }).message)).toContain(
      "The partner team suspended your account: Unpaid December statement. Generating coupons and creating VPN accounts are paused; your customers' subscriptions go on.",
    );
    await op.api.settleOperatorReseller({ id: shop.row.id, amount: '100', note: 'Wire 2026-12-07' });
    expect(await failure(shop.api.generateCoupons(plan))).toMatchObject({
      code: 'rspf-account-1059',
      message: 'Your account is suspended by the provider (Unpaid December statement). Please contact the partner team to continue.',
    });
    expect(await failure(shop.api.updateProfile({ update: 'status', value: '1' }))).toMatchObject({
      code: 'rspf-account-1061',
      message: 'The provider suspended this account (Unpaid December statement): only the provider can reactivate it.',
    });
    expect((await find('new-admin@example.com')).status).toBe('suspended');
    expect((await failure(op.api.setOperatorResellerStatus({ id: shop.row.id, action: 'suspend', reason: 'again' }))).code).toBe('rspf-programme-6102');

    await op.api.setOperatorResellerStatus({ id: shop.row.id, action: 'reactivate', reason: 'Paid in full' });
    expect((await shop.api.generateCoupons(plan)).balance).toBe(-401);

    // Settled from the button: the CLI's ledger row, never past what it owes.
    expect((await failure(op.api.settleOperatorReseller({ id: shop.row.id, amount: '401.01', note: 'Too much' }))).message).toBe(
      'It owes $401.00: a settlement may not be more than that.',
    );
    const settled = await op.api.settleOperatorReseller({ id: shop.row.id, amount: '401', note: 'Wire 2026-12-08' });
    expect(settled.balance).toBe(0);
    expect((await ledger(t, shop.row.id)).at(-1)).toMatchObject({ kind: 'settlement', amount_cents: 40_100, balance_after_cents: 0 });
    expect((await failure(op.api.settleOperatorReseller({ id: shop.row.id, amount: '1', note: 'More' }))).code).toBe('rspf-programme-6110');

    expect((await auditOf(shop.row.id)).map((a) => [a.action, a.person_email])).toEqual([
      ['operator.reseller_opened', OPERATOR],
      ['operator.reseller_verified', OPERATOR],
      ['operator.reseller_terms', OPERATOR],
      ['operator.reseller_suspended', OPERATOR],
      ['operator.reseller_settled', OPERATOR],
      ['operator.reseller_reactivated', OPERATOR],
      ['operator.reseller_settled', OPERATOR],
    ]);
    const [suspension] = (await auditOf(shop.row.id)).filter((a) => a.action === 'operator.reseller_suspended');
    expect(suspension).toMatchObject({ before: { status: 'active', reason: null }, after: { status: 'suspended', reason: 'Unpaid December statement' } });
  });

  it('keeps what is owed covered: prepaid only once settled, a limit no lower than owed', async () => {
    const shop = await openAndSignIn('owing@example.com');
    await op.api.setOperatorResellerTerms({ id: shop.row.id, terms: 'postpaid', credit_limit: 100, settlement_day: 1 });
    await shop.api.generateCoupons({ ...plan, quantity: 10 }); // owes $30
    expect((await failure(op.api.setOperatorResellerTerms({ id: shop.row.id, terms: 'prepaid' }))).message).toBe('It owes $30.00: record its settlement before making it prepaid.');
    expect((await failure(op.api.setOperatorResellerTerms({ id: shop.row.id, terms: 'postpaid', credit_limit: 29.99, settlement_day: 1 }))).message).toBe(
      'It owes $30.00: the credit limit may not be below that.',
    );
    expect((await failure(op.api.setOperatorResellerTerms({ id: shop.row.id, terms: 'postpaid', credit_limit: 100, settlement_day: 1 }))).code).toBe('rspf-update-profile-1023');
    // The 1st has passed this month: next month's.
    expect((await find('owing@example.com')).next_settlement).toBe('2027-01-01');
    await op.api.settleOperatorReseller({ id: shop.row.id, amount: 30, note: 'Cheque' });
    expect(await op.api.setOperatorResellerTerms({ id: shop.row.id, terms: 'prepaid' })).toMatchObject({ terms: 'prepaid', credit_limit: 0, settlement_day: null, next_settlement: null });
    expect((await failure(op.api.settleOperatorReseller({ id: shop.row.id, amount: 1, note: 'x' }))).code).toBe('rspf-programme-6109');
  });
});

describe('the partner reseller 903', () => {
  it('keeps the terms the operator sets, no longer the start\'s PARTNER_CREDIT_LIMIT_USD, and stays on its own', async () => {
    await op.api.setOperatorResellerTerms({ id: 903, terms: 'postpaid', credit_limit: 2500, settlement_day: 28 });
    await syncCreditLimits(t.database.db, 99_900, { warn: () => undefined });
    expect(await find('partner@demo.partner-panel.test')).toMatchObject({ credit_limit: 2500, settlement_day: 28 });
    const admin = await find('admin@demo.partner-panel.test');
    expect((await failure(op.api.moveOperatorReseller({ id: 903, parent_id: admin.id }))).message).toBe('The partner reseller 903 stays on its own: it cannot be placed under an admin.');
  });
});

describe('moving a reseller', () => {
  it('places it under an admin, whose pages then list it, or on its own; an admin stays on top, and the parent must be an admin', async () => {
    const shop = await fundedReseller(t, 'mover@example.com', 0);
    const admin = await find('admin@demo.partner-panel.test');
    const other = await find('reseller@demo.partner-panel.test');
    expect(await op.api.moveOperatorReseller({ id: shop.id, parent_id: admin.id })).toMatchObject({ parent: { id: admin.id, name: 'Demo Admin' } });
    const adminSession = await t.signIn('admin@demo.partner-panel.test');
    expect((await adminSession.api.listUsers({ email: 'mover@' })).data.map((u) => u.email)).toEqual(['mover@example.com']);
    expect((await failure(op.api.moveOperatorReseller({ id: shop.id, parent_id: admin.id }))).code).toBe('rspf-update-profile-1023');
    expect((await failure(op.api.moveOperatorReseller({ id: shop.id, parent_id: other.id }))).message).toBe('The reseller it is placed under must be an admin reseller.');
    expect((await failure(op.api.moveOperatorReseller({ id: admin.id, parent_id: null }))).message).toBe('An admin reseller stays on its own: it cannot be placed under another.');
    expect((await failure(op.api.moveOperatorReseller({ id: shop.id, parent_id: shop.id }))).code).toBe('rspf-programme-6104');
    expect(await op.api.moveOperatorReseller({ id: shop.id, parent_id: null })).toMatchObject({ parent: null });
  });

  it("refuses an admin reactivating a user the operator suspended", async () => {
    const admin = await t.signIn('admin@demo.partner-panel.test');
    const sub = await find('sub1@demo.partner-panel.test');
    await op.api.setOperatorResellerStatus({ id: sub.id, action: 'suspend', reason: 'Chargebacks under review' });
    expect(await failure(admin.api.updateUser({ user_reseller_id: sub.id, update: 'status', value: '1' }))).toMatchObject({ code: 'rspf-account-1061' });
    expect(await failure(admin.api.generateUserCoupons({ ...plan, userResellerId: sub.id }))).toMatchObject({
      httpStatus: 403,
      code: 'rspf-account-1060',
      message: "This user's account is suspended by the provider, so nothing can be bought for it.",
    });
    await op.api.setOperatorResellerStatus({ id: sub.id, action: 'reactivate', reason: 'Review done' });
  });
});

describe('opening an account', () => {
  it('makes a person who already signs in here its Owner, mailed without a password link; a taken account address is refused', async () => {
    const row = await op.api.createOperatorReseller({ name: 'Second Shop', email: 'finance@demo.partner-panel.test' });
    const [mail] = await t.mails('finance@demo.partner-panel.test');
    expect(mail).toMatchObject({ kind: 'account_opened' });
    expect(mail?.links.some((l) => l.includes('/reset-password/'))).toBe(false);
    const finance = await t.signIn('finance@demo.partner-panel.test');
    expect((await finance.api.myAccounts()).data.map((a) => a.id)).toContain(row.id);
    expect((await failure(op.api.createOperatorReseller({ name: 'Copy', email: 'RESELLER@demo.partner-panel.test' }))).code).toBe('rspf-register-1021');
    const sub = await find('sub1@demo.partner-panel.test');
    expect((await failure(op.api.createOperatorReseller({ name: 'Nested', email: 'nested@example.com', is_admin: true, parent_id: sub.id }))).code).toBe('rspf-programme-6105');
    expect((await failure(op.api.createOperatorReseller({ name: 'Under', email: 'under@example.com', parent_id: sub.id }))).code).toBe('rspf-programme-6104');
  });
});

describe('careless input', () => {
  it('is answered in our words: empty, spaces, too long, misspelt, contradictory', async () => {
    const shop = await find('reseller@demo.partner-panel.test');
    const post = async (path: string, body: unknown) => (await t.post(`/api/v1/operator/resellers/${path}`, body, op.token)).json.header;
    const reason = 'Please give a reason (at most 200 characters, one line).';
    expect(await post('status', { id: shop.id, action: 'suspend', reason: '   ' })).toMatchObject({ message: reason });
    expect(await post('status', { id: shop.id, action: 'suspend', reason: 'x'.repeat(10_000) })).toMatchObject({ message: reason });
    expect(await post('status', { id: shop.id, action: 'suspend', reason: 'two\nlines' })).toMatchObject({ message: reason });
    expect(await post('status', { id: shop.id, action: 'pause', reason: 'x' })).toMatchObject({ message: 'Choose to suspend or to reactivate.' });
    expect((await post('status', { id: shop.id, action: 'suspend', reasn: 'typo' })).message).toContain('reason');
    expect(await post('terms', { id: shop.id, terms: 'postpaid' })).toMatchObject({ message: 'The credit limit must be an amount in dollars between 0.01 and 1000000.' });
    expect(await post('terms', { id: shop.id, terms: 'postpaid', credit_limit: 100, settlement_day: 31 })).toMatchObject({ message: 'The settlement day must be a day of the month from 1 to 28.' });
    expect(await post('terms', { id: shop.id, terms: 'postpaid', credit_limit: -5, settlement_day: 1 })).toMatchObject({ message: 'The credit limit must be an amount in dollars between 0.01 and 1000000.' });
    expect(await post('terms', { id: shop.id, terms: 'prepaid', credit_limit: 100 })).toMatchObject({
      message: 'A prepaid account has no credit limit or settlement day: choose postpaid terms to set them.',
    });
    expect(await post('settle', { id: shop.id, amount: '12.345', note: 'x' })).toMatchObject({ message: 'The amount must be in dollars between 0.01 and 1000000.' });
    expect(await post('verify', { id: 'abc' })).toMatchObject({ message: 'Choose a reseller.' });
    expect((await t.post('/api/v1/operator/resellers', { name: '  ', email: 'x@example.com' }, op.token)).json.header.status).toBe('error');
    // Nothing half-written: the reseller is as it was.
    expect(await find('reseller@demo.partner-panel.test')).toMatchObject({ status: 'active', terms: 'prepaid' });
  });

  it('answers a retried settlement with the same Idempotency-Key once, one ledger row', async () => {
    const shop = await openAndSignIn('retry@example.com');
    await op.api.setOperatorResellerTerms({ id: shop.row.id, terms: 'postpaid', credit_limit: 100, settlement_day: 10 });
    await shop.api.generateCoupons({ ...plan, quantity: 5 }); // owes $15
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json() as { body: { csrf_token: string } };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/operator/resellers/settle',
        headers: {
          authorization: `Bearer ${op.token}`,
          'content-type': 'application/json',
          'csrf-token': csrf.body.csrf_token,
          cookie: `XSRF-TOKEN=${csrf.body.csrf_token}`,
          'idempotency-key': 'settle-retry-1',
        },
        payload: JSON.stringify({ id: shop.row.id, amount: 5, note: 'Wire' }),
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().body).toEqual(first.json().body);
    expect((await ledger(t, shop.row.id)).filter((r) => r.kind === 'settlement')).toHaveLength(1);
  });
});
