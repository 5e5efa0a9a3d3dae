/**
 * An admin's own users (002 §2–§7; 001 §2.4–§2.6): the profile, field edits, verification,
 * per-cycle pricing (what the user then pays), Send Invoice paid through Pay Invoice, the wallet
 * credit and debit, the audit log — and the IDOR matrix: every admin call refused the same way
 * for anyone else's user, a missing id, a non-numeric id and a non-admin.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contract, type AnyCall, type CallName } from '@partner-panel/sdk';
import { runRenewals } from '../src/modules/vpn/renewals.js';
import { manualClock, testApp } from './support/app.js';
import { payTestCard, CARDS } from './support/billing.js';
import { failure } from './support/expect.js';
import { balanceCents, fundedReseller, ledger, query } from './support/sql.js';

const clock = manualClock(new Date());
const t = await testApp({ clock, env: { SESSION_TTL_HOURS: '2160' } });
const admin = await t.signIn('admin@demo.partner-panel.test'); // $10,000
const reseller = await t.signIn('reseller@demo.partner-panel.test');
const SUB1 = 1002; // verified, $500
const SUB2 = 1003; // unverified, $0
let sub1 = await t.signIn('sub1@demo.partner-panel.test');

// A second admin with a user of its own.
const admin2 = await fundedReseller(t, 'second-admin@example.com', 100_000);
await t.database.db.execute(sql`update resellers set is_admin = true where id = ${admin2.id}`);
const sub3 = await fundedReseller(t, 'third-sub@example.com', 20_000, { parentId: admin2.id });

const auditOf = (userId: number) => admin.api.userAuditLog({ id: userId, page_limit: 100 });

describe('the user profile: resellers/get/user (002 §3, §7)', () => {
  it("answers every field of an admin's own user, money in dollars and prices per cycle (80011)", async () => {
    const res = await t.post('/api/v1/resellers/get/user', { id: SUB1 }, admin.token);
    expect(res.status).toBe(200);
    expect(res.json.header).toMatchObject({ code: 80011, status: 'success' });
    const body = res.json.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'id', 'clientId', 'firstName', 'email', 'created_at', 'balance', 'active_subscriptions', 'vpn_accounts_issued_in_last_24_hours',
        'total_coupons', 'coupons_in_last_24_hours', 'total_redeem_coupons', 'verified', 'status', 'amountIn', 'amountOut',
        'recuringPricing', 'nonRecuringPricing', 'two_factor_required',
      ].sort(),
    );
    expect(body).toMatchObject({ id: SUB1, firstName: 'Northwind Sub-reseller', email: 'sub1@demo.partner-panel.test', balance: 500, verified: true, status: 1, amountIn: 500, amountOut: 0, two_factor_required: false });
    expect(body.recuringPricing).toEqual({ monthly: 3, quarterly: 8, semiannually: 15, annually: 27, biennially: 45, triennially: 60 });
    expect(body.nonRecuringPricing).toEqual({ monthly: 3.5, quarterly: 9.5, semiannually: 17.5, annually: 31, biennially: 52, triennially: 69 });
    const sub2 = await admin.api.getUser({ id: SUB2 });
    expect(sub2).toMatchObject({ verified: false, status: 1, balance: 0 });
  });

  it("counts the user's coupons and VPN accounts as its dashboard does", async () => {
    await sub1.api.generateCoupons({ quantity: 2, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: '' });
    await sub1.api.createVpnAccount({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: 'end@example.com', addon_id: '' });
    const dashboard = await sub1.api.dashboard();
    const profile = await admin.api.getUser({ id: SUB1 });
    expect(profile).toMatchObject(dashboard);
    expect(profile.total_coupons).toBe(2);
    expect(profile.active_subscriptions).toBe(1);
    expect(profile.amountOut).toBe(9);
  });
});

describe('editing a user: resellers/update/user (002 §2, §5)', () => {
  const update = (body: Record<string, unknown>) => t.post('/api/v1/resellers/update/user', { user_reseller_id: SUB1, ...body }, admin.token);

  it("edits the name, with 'Nothing to update' and 'Field is empty', and audits before and after (80021)", async () => {
    const res = await update({ update: 'name', value: 'Northwind Traders' });
    expect(res.json.header).toEqual({ code: 80021, status: 'success', message: 'Name updated' });
    expect(res.json.body).toMatchObject({ id: SUB1, firstName: 'Northwind Traders' });
    expect((await update({ update: 'name', value: 'Northwind Traders' })).json.header).toMatchObject({ status: 'error', message: 'Nothing to update' });
    expect((await update({ update: 'name', value: '' })).json.header).toMatchObject({ status: 'error', message: 'Field is empty' });
    expect((await update({ update: 'name', value: '   ' })).json.header.message).toBe('Field is empty');
    expect((await update({ update: 'is_admin', value: 'true' })).json.header.message).toBe('This field cannot be updated.');
    expect((await update({ update: 'balance', value: '100000' })).json.header.message).toBe('This field cannot be updated.');
    const [line] = (await auditOf(SUB1)).data;
    expect(line).toMatchObject({ action: 'user.name_updated', actor: { id: 1001, email: 'admin@demo.partner-panel.test' }, before: { name: 'Northwind Sub-reseller' }, after: { name: 'Northwind Traders' } });
    expect(line?.ip).toBeTruthy();
    expect((await sub1.api.profile()).name).toBe('Northwind Traders');
  });

  it('changes the status (0 inactive, 1 active); an inactive user cannot buy', async () => {
    const off = await update({ update: 'status', value: 0 });
    expect(off.json.body).toMatchObject({ status: 0 });
    expect((await sub1.api.profile()).status).toBe(2);
    expect(await failure(sub1.api.generateCoupons({ quantity: 1, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: '' }))).toMatchObject({ code: 'rspf-account-1051' });
    expect((await update({ update: 'status', value: '0' })).json.header.message).toBe('Nothing to update');
    expect((await update({ update: 'status', value: '7' })).json.header.message).toBe('Status must be 0 (Inactive) or 1 (Active)');
    expect((await update({ update: 'status', value: '1' })).json.body).toMatchObject({ status: 1 });
    const actions = (await auditOf(SUB1)).data.map((l) => [l.action, l.before, l.after]);
    expect(actions.slice(0, 2)).toEqual([
      ['user.status_updated', { status: 0 }, { status: 1 }],
      ['user.status_updated', { status: 1 }, { status: 0 }],
    ]);
  });

  it('changes the e-mail: valid, not taken; the old address is told', async () => {
    expect((await update({ update: 'email', value: 'not-an-email' })).json.header.message).toBe('Please enter a valid email address');
    expect((await update({ update: 'email', value: 'RESELLER@demo.partner-panel.test' })).json.header.message).toBe('This email address is already registered.');
    expect((await update({ update: 'email', value: 'SUB1@demo.partner-panel.test' })).json.header.message).toBe('Nothing to update');
    const res = await update({ update: 'email', value: 'northwind@example.com' });
    expect(res.json.body).toMatchObject({ email: 'northwind@example.com' });
    expect((await t.mails('sub1@demo.partner-panel.test')).map((m) => m.subject)).toContain('Your sign-in e-mail was changed');
    await update({ update: 'email', value: 'sub1@demo.partner-panel.test' });
  });

  it("sets a password: the rule, 'Password confirmation does not match', every session ended", async () => {
    const password = 'Admin!Chosen2026';
    expect((await update({ update: 'password', value: password, password_confirmation: 'other' })).json.header.message).toBe('Password confirmation does not match');
    expect((await update({ update: 'password', value: 'weak', password_confirmation: 'weak' })).json.header.message).toMatch(/^Password must contain minimum 12 characters/);
    const session = await t.signIn('sub1@demo.partner-panel.test');
    const res = await update({ update: 'password', value: password, password_confirmation: password, token: '' });
    expect(res.json.header).toMatchObject({ status: 'success', message: 'Password updated' });
    expect((await t.get('/api/v1/resellers/profile', session.token)).json.header.status).toBe('forbidden');
    const again = await t.signIn('sub1@demo.partner-panel.test', password);
    expect(again.user.id).toBe(SUB1);
    const [line] = (await auditOf(SUB1)).data;
    expect(line).toMatchObject({ action: 'user.password_updated', after: { password: 'changed' } });
    expect(JSON.stringify(line)).not.toContain(password);
    await update({ update: 'password', value: 'DemoPass2026!', password_confirmation: 'DemoPass2026!' });
    sub1 = await t.signIn('sub1@demo.partner-panel.test');
  });

  it('edits no field of an unverified user but its status', async () => {
    for (const [field, value] of [['name', 'X Corp'], ['email', 'x@example.com'], ['password', 'Admin!Chosen2026']] as const) {
      const res = await t.post('/api/v1/resellers/update/user', { user_reseller_id: SUB2, update: field, value, password_confirmation: value }, admin.token);
      expect(res.status).toBe(409);
      expect(res.json.header.message).toBe('Fields are editable only when the user is verified.');
    }
    const status = await t.post('/api/v1/resellers/update/user', { user_reseller_id: SUB2, update: 'status', value: 0 }, admin.token);
    expect(status.json.body).toMatchObject({ status: 0, verified: false });
    await t.post('/api/v1/resellers/update/user', { user_reseller_id: SUB2, update: 'status', value: 1 }, admin.token);
  });

  it("refuses a user_client_id that is not the user's as it refuses another's user", async () => {
    const res = await update({ update: 'name', value: 'Spoof', user_client_id: 'someone-else' });
    expect(res.json.header).toEqual({ code: 'rspf-account-1053', status: 'error', message: 'User undefined' });
    const { clientId } = await admin.api.getUser({ id: SUB1 });
    expect((await update({ update: 'name', value: 'Northwind Sub-reseller', user_client_id: clientId, id: 1001 })).json.header.status).toBe('success');
  });
});

describe('verification: resellers/verify/user (002 §4)', () => {
  it("verifies an unverified user once; then 'User Already Verified'; the user may sign in", async () => {
    const res = await t.post('/api/v1/resellers/verify/user', { id: SUB2 }, admin.token);
    expect(res.json.header).toEqual({ code: 80041, status: 'success', message: 'User verified' });
    expect(res.json.body).toMatchObject({ id: SUB2, verified: true });
    const again = await t.post('/api/v1/resellers/verify/user', { id: SUB2 }, admin.token);
    expect(again.status).toBe(409);
    expect(again.json.header).toMatchObject({ status: 'error', message: 'User Already Verified' });
    expect((await t.signIn('sub2@demo.partner-panel.test')).user.id).toBe(SUB2);
    expect((await auditOf(SUB2)).data[0]).toMatchObject({ action: 'user.verified', before: { verified: false }, after: { verified: true } });
  });
});

describe("pricing: resellers/update/user/pricing, and what the user then pays (002 §7)", () => {
  const price = (body: Record<string, unknown>) => t.post('/api/v1/resellers/update/user/pricing', { user_reseller_id: SUB1, ...body }, admin.token);

  it('sets a price per cycle for each type (recursive 1 or 0), never below the admin\'s own (80022)', async () => {
    const res = await price({ update: 'monthly', recursive: 1, value: '5.50' });
    expect(res.json.header).toEqual({ code: 80022, status: 'success', message: 'Pricing updated' });
    expect((res.json.body as { recuringPricing: { monthly: number } }).recuringPricing.monthly).toBe(5.5);
    const onetime = await price({ update: 'annually', recursive: 0, value: 40 });
    expect((onetime.json.body as { nonRecuringPricing: { annually: number } }).nonRecuringPricing.annually).toBe(40);
    expect((await price({ update: 'monthly', recursive: 1, value: 5.5 })).json.header.message).toBe('Nothing to update');
    expect((await price({ update: 'monthly', recursive: 1, value: '2.99' })).json.header.message).toBe('The price may not be below your own price of $3.00');
    expect((await price({ update: 'monthly', recursive: 2, value: 9 })).status).toBe(422);
    expect((await price({ update: 'lifetime', recursive: 0, value: 9 })).status).toBe(422);
    expect((await price({ update: 'monthly', recursive: 1, value: 'abc' })).json.header.message).toBe('Please enter valid amount');
    expect((await price({ update: 'monthly', recursive: 1, value: 100_001 })).json.header.message).toBe('The price may not be more than $100,000');
    expect((await auditOf(SUB1)).data[1]).toMatchObject({
      action: 'user.price_updated',
      before: { type: 'recurring', cycle: 'monthly', price: 3 },
      after: { type: 'recurring', cycle: 'monthly', price: 5.5 },
    });
    // The user's own price pages read the same price.
    expect((await sub1.api.productPricing()).recurring.product.monthly?.price).toBe(5.5);
  });

  it('charges that price for coupon generation (own and by the admin) and VPN creation', async () => {
    const before = await balanceCents(t, SUB1);
    await sub1.api.generateCoupons({ quantity: 2, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: '' });
    expect(await balanceCents(t, SUB1)).toBe(before - 1_100);
    await admin.api.generateUserCoupons({ quantity: 1, billing_cycle: 'annually', product_id: 204, addon_type: '', billing_type: 2, prefix: '', userResellerId: SUB1 });
    expect(await balanceCents(t, SUB1)).toBe(before - 1_100 - 4_000);
    const created = await sub1.api.createVpnAccount({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: 'priced@example.com', addon_id: '' });
    expect(created.amount).toBe(5.5);
    expect(await balanceCents(t, SUB1)).toBe(before - 1_100 - 4_000 - 550);
    // Others keep the list price.
    expect((await reseller.api.productPricing()).recurring.product.monthly?.price).toBe(3);
  });

  it('renews at the price set since the purchase', async () => {
    await price({ update: 'monthly', recursive: 1, value: '6.25' });
    const before = await balanceCents(t, SUB1);
    clock.advance(32 * 86_400_000);
    const run = await runRenewals(t.app.ctx);
    expect(run.renewed).toBeGreaterThanOrEqual(2);
    const renewals = (await ledger(t, SUB1)).filter((l) => l.kind === 'vpn_renewal');
    expect(renewals.map((l) => Number(l.amount_cents))).toEqual([-625, -625]);
    expect(await balanceCents(t, SUB1)).toBe(before - 1_250);
  });
});

describe('Send Invoice: resellers/create/invoice (002 §2, §5)', () => {
  const send = (amount: unknown, extra: Record<string, unknown> = {}) =>
    t.post('/api/v1/resellers/create/invoice', { user_reseller_id: SUB2, amount, user_email: 'sub2@demo.partner-panel.test', ...extra }, admin.token);

  it("refuses amounts out of $100–$10,000 with the spec's messages", async () => {
    expect((await send(99.99)).json.header.message).toBe('Invoice Amount must be greater than $100!');
    expect((await send(10_000.01)).json.header.message).toBe('Invoice Amount must be less than $10,000!');
    expect((await send('')).json.header.message).toBe('Please enter valid amount');
    expect((await send(500, { user_email: 'someone@example.com' })).json.header.message).toBe('User undefined');
  });

  it('sends an invoice the user is told of (panel, realtime, mail) and pays through Pay Invoice', async () => {
    const res = await send('250');
    const { invoice_id } = res.json.body as { invoice_id: number };
    expect(res.json.header).toEqual({ code: 80031, status: 'success', message: `Invoice #${invoice_id} of $250.00 sent to sub2@demo.partner-panel.test.` });
    const sub2 = await t.signIn('sub2@demo.partner-panel.test');
    const [note] = (await sub2.api.unreadNotifications()).data.map((n) => JSON.parse(n.data));
    expect(note).toMatchObject({ type: 'invoice_created', redirect: `billing/invoice/${invoice_id}` });
    expect(note.message).toBe(`Demo Admin sent you invoice #${invoice_id} of $250.00.`);
    const mail = (await t.mails('sub2@demo.partner-panel.test')).find((m) => m.kind === 'invoice_sent');
    expect(mail).toMatchObject({ kind: 'invoice_sent', subject: `Invoice #${invoice_id} of $250.00` });
    expect(mail?.links).toContain(`http://panel.test/contoso/billing/pay/invoice/${invoice_id}`);
    expect(await sub2.api.unpaidInvoices({})).toMatchObject({ total: 1 });

    await payTestCard(sub2.api, CARDS.ok, { invoiceId: invoice_id });
    await expect.poll(async () => (await sub2.api.invoice({ id: invoice_id })).status).toBe('Paid');
    expect(await balanceCents(t, SUB2)).toBe(25_000);
    expect((await admin.api.getUser({ id: SUB2 })).amountIn).toBe(250);
    const paid = (await admin.api.unreadNotifications()).data.map((n) => JSON.parse(n.data)).find((n) => n.type === 'invoice_paid');
    expect(paid).toMatchObject({ message: `Contoso Sub-reseller paid invoice #${invoice_id} of $250.00.`, redirect: `user/edit/${SUB2}` });
    expect((await auditOf(SUB2)).data[0]).toMatchObject({ action: 'invoice.sent', target_type: 'invoice', target_id: String(invoice_id), after: { invoice_id, amount: 250 } });
  });
});

describe('amounts: resellers/update/user/balance (ours)', () => {
  const adjust = (body: Record<string, unknown>) => t.post('/api/v1/resellers/update/user/balance', { user_reseller_id: SUB2, ...body }, admin.token);

  it("credits the user from the admin's wallet with a reason: two ledger rows, one audit line", async () => {
    const [adminBefore, userBefore] = [await balanceCents(t, 1001), await balanceCents(t, SUB2)];
    const res = await adjust({ type: 'credit', amount: '75.25', reason: 'Goodwill for the outage' });
    expect(res.json.header).toEqual({ code: 80023, status: 'success', message: 'Wallet credited' });
    expect(res.json.body).toMatchObject({ balance: (userBefore + 7_525) / 100 });
    expect(await balanceCents(t, 1001)).toBe(adminBefore - 7_525);
    expect((await ledger(t, SUB2)).at(-1)).toMatchObject({ amount_cents: 7_525, kind: 'admin_credit', actor_id: 1001 });
    expect((await ledger(t, 1001)).at(-1)).toMatchObject({ amount_cents: -7_525, kind: 'user_credit', actor_id: 1001 });
    expect((await auditOf(SUB2)).data[0]).toMatchObject({
      action: 'user.balance_credited',
      before: { balance: userBefore / 100 },
      after: { balance: (userBefore + 7_525) / 100, amount: 75.25, reason: 'Goodwill for the outage' },
    });
  });

  it('debits back into the admin\'s wallet, never below zero on either side', async () => {
    const userBalance = await balanceCents(t, SUB2);
    const over = await adjust({ type: 'debit', amount: (userBalance + 1) / 100, reason: 'Correction' });
    expect(over.json.header.message).toBe(`The user's balance is $${(userBalance / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}: a debit may not take it below zero.`);
    expect(await balanceCents(t, SUB2)).toBe(userBalance);
    const adminBefore = await balanceCents(t, 1001);
    const res = await adjust({ type: 'debit', amount: 25, reason: 'Correction' });
    expect(res.json.header.message).toBe('Wallet debited');
    expect(await balanceCents(t, SUB2)).toBe(userBalance - 2_500);
    expect(await balanceCents(t, 1001)).toBe(adminBefore + 2_500);
    // An admin cannot give what it does not have.
    const poor = await t.post('/api/v1/resellers/update/user/balance', { user_reseller_id: sub3.id, type: 'credit', amount: 5_000, reason: 'Too much' }, admin2.token);
    expect(poor.json.header.message).toBe('Insufficient Balance! your current balance is: $1,000.00 and transaction amount is: $5,000.00');
  });

  it('needs a reason and an amount of $0.01 to $10,000', async () => {
    expect((await adjust({ type: 'credit', amount: 5, reason: '' })).json.header.message).toBe('Please give a reason (at most 200 characters, one line)');
    expect((await adjust({ type: 'credit', amount: 5, reason: 'two\nlines' })).json.header.message).toBe('Please give a reason (at most 200 characters, one line)');
    expect((await adjust({ type: 'credit', amount: 0, reason: 'x' })).json.header.message).toBe('The amount must be between $0.01 and $10,000');
    expect((await adjust({ type: 'credit', amount: 10_000.01, reason: 'x' })).json.header.message).toBe('The amount must be between $0.01 and $10,000');
    expect((await adjust({ type: 'gift', amount: 5, reason: 'x' })).json.header.message).toBe("type must be 'credit' or 'debit'");
  });

  it('moves money exactly once under concurrent credits and debits (no deadlock, ledger balanced)', async () => {
    const [a, u] = [await balanceCents(t, 1001), await balanceCents(t, SUB2)];
    const calls = Array.from({ length: 20 }, (_, i) => adjust({ type: i % 2 ? 'debit' : 'credit', amount: 1, reason: `Race ${i}` }));
    const answers = await Promise.all(calls);
    expect(answers.every((r) => r.json.header.status === 'success')).toBe(true);
    expect(await balanceCents(t, 1001)).toBe(a);
    expect(await balanceCents(t, SUB2)).toBe(u);
  });
});

describe('the audit log', () => {
  it('lists only what this admin did to this user, newest first, in pages', async () => {
    const page = await t.post('/api/v1/resellers/get/user/audit?page_limit=2&page=1', { id: SUB1 }, admin.token);
    expect(page.json.header).toMatchObject({ code: 80051, status: 'success' });
    const body = page.json.body as { data: { id: number; actor: { id: number } }[]; total: number };
    expect(body.data).toHaveLength(2);
    expect(body.total).toBeGreaterThan(5);
    expect(body.data[0]!.id).toBeGreaterThan(body.data[1]!.id);
    const all = await auditOf(SUB1);
    expect(all.data.every((l) => l.actor.id === 1001)).toBe(true);
    // The user's own actions (its coupons) are not the admin's.
    expect(all.data.some((l) => l.action === 'coupons.generated')).toBe(true); // the one the admin generated for it
    expect(all.data.filter((l) => l.action === 'coupons.generated')).toHaveLength(1);
  });

  it('is append-only: the database refuses to change or remove a line', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'done',
        (e: { cause?: { message?: string } }) => e.cause?.message ?? '',
      );
    expect(await refusal(sql`update audit_log set action = 'x'`)).toBe('audit_log is append-only (UPDATE refused)');
    expect(await refusal(sql`delete from audit_log`)).toBe('audit_log is append-only (DELETE refused)');
    expect(await refusal(sql`truncate audit_log`)).toBe('audit_log is append-only (TRUNCATE refused)');
  });

  it('writes nothing when the action is refused', async () => {
    const count = async () => Number((await query<{ n: number }>(t, sql`select count(*)::int as n from audit_log`))[0]?.n);
    const before = await count();
    await t.post('/api/v1/resellers/update/user', { user_reseller_id: SUB1, update: 'name', value: '' }, admin.token);
    await t.post('/api/v1/resellers/verify/user', { id: SUB2 }, admin.token);
    await t.post('/api/v1/resellers/update/user/balance', { user_reseller_id: SUB2, type: 'debit', amount: 9_999, reason: 'x' }, admin.token);
    expect(await count()).toBe(before);
  });
});

/** A body for each admin call, naming the user by `id`: the matrix fails when a new admin call is missing here. */
const ADMIN_CALLS: Partial<Record<CallName, (id: unknown) => Record<string, unknown>>> = {
  getUser: (id) => ({ id }),
  updateUser: (id) => ({ user_reseller_id: id, update: 'name', value: 'Taken Over' }),
  updateUserPricing: (id) => ({ user_reseller_id: id, update: 'monthly', recursive: 1, value: 50 }),
  createUserInvoice: (id) => ({ user_reseller_id: id, amount: 500 }),
  verifyUser: (id) => ({ id }),
  adjustUserBalance: (id) => ({ user_reseller_id: id, type: 'debit', amount: 1, reason: 'Taking' }),
  userAuditLog: (id) => ({ id }),
  listUserCoupons: (id) => ({ id, code: '', dateStart: '', dateEnd: '', billingType: '' }),
  listUserVpnAccounts: (id) => ({ id, code: '', dateStart: '', dateEnd: '', billingType: '' }),
  deleteUserCoupon: (id) => ({ id, couponID: 1 }),
  generateUserCoupons: (id) => ({ userResellerId: id, quantity: 1, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: '' }),
  userProducts: (id) => ({ userResellerId: id }),
  requireTwoFactor: (id) => ({ user_reseller_id: id, required: true }),
};
// The users list and their ranking name no user: they read the admin's own (the ranking's refusals
// are in insight.test.ts); nor does the operator's list of white-label enquiries (white-label.test.ts).
const listsOfOwnUsers: string[] = [contract.listUsers.path, contract.subResellerRanking.path, contract.whiteLabelEnquiries.path];
const adminCalls = (Object.entries(contract) as [CallName, AnyCall][]).filter(([, c]) => c.access === 'admin' && !listsOfOwnUsers.includes(c.path));

describe('the IDOR matrix: every admin call, anyone else\'s user', () => {
  it('has a body for every admin call of the contract', () => {
    expect(adminCalls.map(([name]) => name).sort()).toEqual(Object.keys(ADMIN_CALLS).sort());
  });

  const snapshot = async () =>
    JSON.stringify(
      await query(t, sql`select r.id, r.name, r.email, r.status, r.verified_at, r.balance_cents, p.password_hash, p.email as sign_in, r.two_factor_required
        from resellers r join memberships m on m.reseller_id = r.id and m.role = 'owner' join people p on p.id = m.person_id
        where r.id in (${SUB1}, ${SUB2}, ${sub3.id}) order by r.id`),
    ) + JSON.stringify(await query(t, sql`select count(*) from audit_log`)) + JSON.stringify(await query(t, sql`select count(*) from invoices`)) + JSON.stringify(await query(t, sql`select * from reseller_prices order by 1, 2, 3`));

  it("refuses another admin's users, resellers of no admin, the admin itself and missing ids exactly alike", async () => {
    const before = await snapshot();
    const missing = 2_000_000_000;
    for (const [name, call] of adminCalls) {
      const body = ADMIN_CALLS[name] as (id: unknown) => Record<string, unknown>;
      const answers = [];
      // admin2 reaches for admin's users, a reseller without a parent, 903, admin itself, a missing id;
      // admin reaches for admin2's user.
      for (const [token, id] of [[admin2.token, SUB1], [admin2.token, SUB2], [admin2.token, 1000], [admin2.token, 903], [admin2.token, 1001], [admin2.token, missing], [admin.token, sub3.id]] as const) {
        const res = await t.post(call.path + (call.query ? '?page_limit=10&page=1' : ''), body(id), token);
        answers.push({ status: res.status, json: res.json });
        const text = JSON.stringify(res.json);
        for (const secret of ['sub1@', 'sub2@', 'third-sub@', 'Northwind', 'Contoso', 'reseller@demo']) expect(text, `${name} ${id}`).not.toContain(secret);
      }
      for (const answer of answers) expect(answer, name).toEqual({ status: 404, json: { header: { code: 'rspf-account-1053', status: 'error', message: 'User undefined' }, body: null } });
    }
    expect(await snapshot()).toBe(before);
  });

  it("answers 'User undefined' for a non-numeric id, and a non-admin the same refusal whatever the id", async () => {
    const before = await snapshot();
    for (const [name, call] of adminCalls) {
      const body = ADMIN_CALLS[name] as (id: unknown) => Record<string, unknown>;
      const url = call.path + (call.query ? '?page_limit=10&page=1' : '');
      for (const id of ['abc', '1002abc', '1.5', -1002, 0, '', null, { id: 1002 }, '1002 OR 1=1', 99_999_999_999]) {
        const res = await t.post(url, body(id), admin.token);
        expect(res.status, `${name} ${JSON.stringify(id)}`).toBe(422);
        expect(res.json.header.message, `${name} ${JSON.stringify(id)}`).toBe('User undefined');
      }
      const refusals = new Set<string>();
      for (const token of [reseller.token, sub1.token, sub3.token]) {
        for (const id of [SUB1, sub3.id, 2_000_000_000, 'abc']) {
          const res = await t.post(url, body(id), token);
          refusals.add(JSON.stringify({ status: res.status, json: res.json }));
        }
      }
      expect([...refusals], name).toEqual([JSON.stringify({ status: 403, json: { header: { code: 'rspf-account-1052', status: 'error', message: 'Only admin resellers can do this.' }, body: null } })]);
      // Without a session: signed out, whatever the id.
      expect((await t.post(url, body(SUB1))).json.header.status).toBe('forbidden');
    }
    expect(await snapshot()).toBe(before);
  });
});

/**
 * Every export ticket of the contract, reaching for someone else's rows: a user named by `id` that
 * is not the caller's own is refused as every admin call refuses it; the lists of the caller's own
 * (transactions, invoices) name nobody, and a ticket made over to another owner does not open.
 */
interface ExportEntry {
  namesUser: boolean;
  /** The operator's (its money, its audit log): refused to every reseller and admin whatever it names. */
  operator?: true;
  body: Record<string, unknown>;
}
const EXPORT_TICKETS: Partial<Record<CallName, ExportEntry>> = {
  couponExportTicket: { namesUser: true, body: { code: '', dateStart: '', dateEnd: '', billingType: '' } },
  vpnExportTicket: { namesUser: true, body: {} },
  transactionExportTicket: { namesUser: false, body: {} },
  invoiceExportTicket: { namesUser: false, body: {} },
  operatorMoneyExportTicket: { namesUser: false, operator: true, body: {} },
  operatorAuditExportTicket: { namesUser: false, operator: true, body: {} },
};
const operator = await t.signIn('operator@demo.partner-panel.test');
const exportTickets = (Object.entries(contract) as [CallName, AnyCall][]).filter(([, c]) => c.method === 'POST' && c.path.endsWith('/export'));

describe("the IDOR matrix of the exports: anyone else's rows", () => {
  it('has an entry for every export ticket of the contract', () => {
    expect(exportTickets.map(([name]) => name).sort()).toEqual(Object.keys(EXPORT_TICKETS).sort());
  });

  it("refuses another admin's users, resellers of no admin, 903, missing ids; and a non-admin naming anyone", async () => {
    for (const [name, call] of exportTickets) {
      const entry = EXPORT_TICKETS[name] as ExportEntry;
      for (const [token, id] of [[admin2.token, SUB1], [admin2.token, SUB2], [admin2.token, 1000], [admin2.token, 903], [admin2.token, 2_000_000_000], [admin.token, sub3.id]] as const) {
        const res = await t.post(call.path, { ...entry.body, id }, token);
        const text = JSON.stringify(res.json);
        for (const secret of ['sub1@', 'sub2@', 'third-sub@', 'ticket=']) expect(text, `${name} ${id}`).not.toContain(secret);
        if (entry.operator) expect({ status: res.status, code: res.json.header.code }, name).toEqual({ status: 403, code: 'rspf-account-1057' });
        else if (entry.namesUser) expect({ status: res.status, json: res.json }, name).toEqual({ status: 404, json: { header: { code: 'rspf-account-1053', status: 'error', message: 'User undefined' }, body: null } });
        // The caller's own lists take no id at all: naming one is refused, not ignored.
        else expect(res.status, name).toBe(422);
      }
      if (entry.namesUser) {
        const res = await t.post(call.path, { ...entry.body, id: SUB1 }, reseller.token);
        expect({ status: res.status, code: res.json.header.code }, name).toEqual({ status: 403, code: 'rspf-account-1052' });
      }
    }
  });

  it("does not open a ticket made over to another owner", async () => {
    for (const [name, call] of exportTickets) {
      const entry = EXPORT_TICKETS[name] as ExportEntry;
      const res = await t.post(call.path, entry.body, entry.operator ? operator.token : admin2.token);
      const url = (res.json.body as { url: string }).url;
      const ticket = decodeURIComponent(url.split('ticket=')[1] as string);
      const [payload, signature] = ticket.split('.') as [string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { owner: number };
      const forged = `${Buffer.from(JSON.stringify({ ...claims, owner: SUB1 })).toString('base64url')}.${signature}`;
      const download = await t.app.inject({ method: 'GET', url: `${url.split('?')[0]}?ticket=${encodeURIComponent(forged)}` });
      expect({ status: download.statusCode, code: download.json().header.code }, name).toEqual({ status: 410, code: 'rspf-coupon-7014' });
      // The genuine ticket opens the caller's own rows only.
      const own = await t.app.inject({ method: 'GET', url });
      expect(own.statusCode, name).toBe(200);
      // (The operator's own rows are every reseller's.)
      if (!entry.operator) expect(own.body, name).not.toContain('sub1@');
    }
  });
});
