import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@partner-panel/sdk';
import { testApp } from './support/app.js';
import { balanceCents, fundedReseller, ledger, query } from './support/sql.js';

const t = await testApp();
const reseller = await t.signIn('reseller@demo.partner-panel.test');
const admin = await t.signIn('admin@demo.partner-panel.test');
const partner = await t.signIn('partner@demo.partner-panel.test');
const sub = await t.signIn('sub1@demo.partner-panel.test');
const annual = { quantity: 1, billing_cycle: 'annually', product_id: 104, billing_type: 1, email: 'enduser@example.com', addon_id: '' } as const;
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as ApiError);

describe('creating a VPN account (001 §2.7, §7)', () => {
  it('creates it, pays from the wallet in the same transaction, and mails the credentials (100001)', async () => {
    const before = await balanceCents(t, 1000);
    const res = await t.post('/api/v1/resellers/vpn/create', { ...annual, addon_id: 2 }, reseller.token);
    expect(res.json.header).toEqual({ code: 100001, status: 'success', message: 'VPN account created successfully. The login details were sent to enduser@example.com.' });
    const body = res.json.body as { account: Record<string, unknown>; amount: number; balance: number };
    expect(body.amount).toBe(27 + 12 * 0.25);
    expect(body.balance).toBe((before - 3_000) / 100);
    expect(body.account).toMatchObject({
      coupon: null,
      email: 'enduser@example.com',
      vpn_username: expect.stringMatching(/^vpn[0-9a-z]{10}$/),
      billing_cycle: 'annually',
      billing_type: 1,
      addons: ['Port Forwarding'],
      status: 'Active',
      hosting_status: 'active',
      hosting_id: expect.any(Number),
    });
    const days = (new Date(String(body.account.end_date)).getTime() - new Date(String(body.account.start_date)).getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    expect((await ledger(t, 1000)).at(-1)).toMatchObject({ amount_cents: -3_000, kind: 'vpn_purchase', reference: `vpn_account:${body.account.hosting_id}` });
    const [mail] = await t.mails('enduser@example.com');
    expect(mail?.subject).toBe('Your VPN account is ready');
    expect(mail?.text).toContain(`Username: ${body.account.vpn_username}`);
    const password = /Password: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(password).toHaveLength(16);
    const [stored] = await query<{ password_hash: string }>(t, sql`select password_hash from vpn_accounts where username = ${String(body.account.vpn_username)}`);
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored?.password_hash).not.toContain(password);
    expect(await reseller.api.dashboard()).toMatchObject({ vpn_accounts_issued_in_last_24_hours: 1, active_subscriptions: 1 });
    const notes = await reseller.api.unreadNotifications();
    expect(JSON.parse(notes.data[0]?.data ?? '{}')).toMatchObject({ type: 'vpn_created', redirect: 'vpn/list' });
  });

  it("says 'Please enter email' without one, and checks its format", async () => {
    const missing = await t.post('/api/v1/resellers/vpn/create', { ...annual, email: '' }, reseller.token);
    expect(missing.json.header).toMatchObject({ code: 'rspf-validation-1005', message: 'Please enter email' });
    const bad = await t.post('/api/v1/resellers/vpn/create', { ...annual, email: 'nope' }, reseller.token);
    expect(bad.json.header.message).toBe('Please enter a valid email address');
  });

  it('refuses with the insufficient-balance message, and writes nothing', async () => {
    const poor = await fundedReseller(t, 'vpn-poor@example.com', 100);
    const e = await failure(poor.api.createVpnAccount(annual));
    expect(e).toMatchObject({ httpStatus: 402, message: 'Insufficient Balance! your current balance is: $1.00 and transaction amount is: $27.00' });
    expect(await query(t, sql`select 1 from vpn_accounts where reseller_id = ${poor.id}`)).toHaveLength(0);
    expect(await t.mails('enduser@example.com')).toHaveLength(1);
  });

  it('needs an active account, and is not offered to reseller 903', async () => {
    const inactive = await fundedReseller(t, 'vpn-inactive@example.com', 100_000, { status: 2 });
    expect(await failure(inactive.api.createVpnAccount(annual))).toMatchObject({ httpStatus: 403, code: 'rspf-account-1051' });
    expect(await failure(partner.api.createVpnAccount(annual))).toMatchObject({ httpStatus: 403, code: 'rspf-account-1054' });
  });
});

describe('finding and changing accounts (001 §2.8)', () => {
  it('finds by e-mail, coupon or username, and asks for both a type and a value', async () => {
    const { account } = await reseller.api.createVpnAccount({ ...annual, email: 'Finder@Example.com' });
    const byEmail = await t.post('/api/v1/resellers/vpn/search', { search: 'email', value: 'finder@example.com' }, reseller.token);
    expect(byEmail.json.header).toMatchObject({ code: 100011, status: 'success' });
    expect((byEmail.json.body as { account_details: { vpn_username: string }[] }).account_details.map((a) => a.vpn_username)).toEqual([account.vpn_username]);
    expect((await reseller.api.searchVpnAccounts({ search: 'username', value: account.vpn_username.toUpperCase() })).account_details).toHaveLength(1);
    // A redeemed coupon names its account.
    await reseller.api.generateCoupons({ quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'LINK' });
    const [coupon] = (await reseller.api.listCoupons({ code: 'LINK' })).data;
    await t.database.db.execute(sql`update vpn_accounts set coupon_id = ${coupon?.Coupon_ID} where username = ${account.vpn_username}`);
    const byCoupon = await reseller.api.searchVpnAccounts({ search: 'coupon', value: coupon?.code.toLowerCase() as string });
    expect(byCoupon.account_details[0]).toMatchObject({ vpn_username: account.vpn_username, coupon: coupon?.code });
    // The start of each is enough (ours, beside 001 §2.8), in any case; a middle part, or a % or _
    // taken as a wildcard, is not.
    const found = async (search: 'email' | 'coupon' | 'username', value: string) =>
      (await reseller.api.searchVpnAccounts({ search, value })).account_details.map((a) => a.vpn_username);
    expect(await found('email', 'FINDER@exam')).toEqual([account.vpn_username]);
    expect(await found('username', account.vpn_username.slice(0, 5).toUpperCase())).toContain(account.vpn_username);
    expect(await found('coupon', (coupon?.code as string).slice(0, 6).toLowerCase())).toEqual([account.vpn_username]);
    expect(await found('email', 'inder@example.com')).toEqual([]);
    expect(await found('email', 'f%')).toEqual([]);
    expect(await found('email', 'finder_example')).toEqual([]);
    for (const body of [{ search: '', value: 'x' }, { search: 'email', value: '' }, { value: 'x' }]) {
      const res = await t.post('/api/v1/resellers/vpn/search', body, reseller.token);
      expect(res.json.header.message, JSON.stringify(body)).toBe('Please select search type or insert details');
    }
  });

  it('changes the e-mail and the password without moving the expiry', async () => {
    const { account } = await reseller.api.createVpnAccount({ ...annual, email: 'change@example.com' });
    const email = await t.post('/api/v1/resellers/vpn/update/email', { username: account.vpn_username, email: 'changed@example.com' }, reseller.token);
    expect(email.json.header).toMatchObject({ code: 100021, message: 'Email updated successfully.' });
    expect((email.json.body as { account: { email: string; end_date: string } }).account).toMatchObject({ email: 'changed@example.com', end_date: account.end_date });
    expect((await t.mails('changed@example.com'))[0]?.subject).toBe('Your VPN account e-mail was changed');

    const weak = await t.post('/api/v1/resellers/vpn/update/password', { username: account.vpn_username, password: 'weak', password_confirmation: 'weak' }, reseller.token);
    expect(weak.json.header.message).toBe('Password must contain minimum 12 characters with atleast 1 number, 1 lowercase, 1 uppercase & 1 special character: !@#$%&^_+{}.,');
    const mismatch = await t.post('/api/v1/resellers/vpn/update/password', { username: account.vpn_username, password: 'Str0ng!Password', password_confirmation: 'Other!Password1' }, reseller.token);
    expect(mismatch.json.header.message).toBe("Passwords don't match");
    const [before] = await query<{ password_hash: string }>(t, sql`select password_hash from vpn_accounts where username = ${account.vpn_username}`);
    const ok = await t.post('/api/v1/resellers/vpn/update/password', { username: account.vpn_username, password: 'Str0ng!Password', password_confirmation: 'Str0ng!Password' }, reseller.token);
    expect(ok.json.header).toMatchObject({ code: 100022, message: 'Password updated successfully.' });
    const [after] = await query<{ password_hash: string; end_at: Date }>(t, sql`select password_hash, end_at from vpn_accounts where username = ${account.vpn_username}`);
    expect(after?.password_hash).not.toBe(before?.password_hash);
    expect(new Date(after?.end_at as Date).toISOString()).toBe(account.end_date);
  });

  it('disables and enables without moving the expiry, notifying each time', async () => {
    const { account } = await reseller.api.createVpnAccount({ ...annual, email: 'toggle@example.com' });
    const off = await t.post('/api/v1/resellers/vpn/update/status', { username: account.vpn_username, status: 'disable' }, reseller.token);
    expect(off.json.header).toMatchObject({ code: 100031, message: 'VPN account disabled successfully.' });
    expect((off.json.body as { account: Record<string, unknown> }).account).toMatchObject({ hosting_status: 'suspended', status: 'Suspended', end_date: account.end_date });
    expect(await failure(reseller.api.updateVpnStatus({ username: account.vpn_username, status: 'disable' }))).toMatchObject({ httpStatus: 409, message: 'This VPN account is already disabled.' });
    const on = await reseller.api.send('updateVpnStatus', { username: account.vpn_username, status: 'enable' });
    expect(on.header.message).toBe('VPN account enabled successfully.');
    expect(on.body.account).toMatchObject({ hosting_status: 'active', status: 'Active', end_date: account.end_date });
    const types = (await reseller.api.notifications({ page: 1 })).data.slice(0, 2).map((n) => JSON.parse(n.data).message as string);
    expect(types).toEqual([`VPN account ${account.vpn_username} was enabled.`, `VPN account ${account.vpn_username} was disabled.`]);
    const bad = await t.post('/api/v1/resellers/vpn/update/status', { username: account.vpn_username, status: 'pause' }, reseller.token);
    expect(bad.status).toBe(422);
  });

  it('deletes for good: suspended, nothing refunded, no change afterwards', async () => {
    const { account } = await reseller.api.createVpnAccount({ ...annual, email: 'gone@example.com' });
    const before = await balanceCents(t, 1000);
    const res = await t.post('/api/v1/resellers/vpn/delete', { username: account.vpn_username, status: 'delete' }, reseller.token);
    expect(res.json.header).toMatchObject({ code: 100041, message: 'VPN account deleted successfully.' });
    expect((res.json.body as { account: Record<string, unknown> }).account).toMatchObject({ hosting_status: 'suspended', status: 'Deleted' });
    expect(await balanceCents(t, 1000)).toBe(before);
    for (const call of [
      () => reseller.api.updateVpnStatus({ username: account.vpn_username, status: 'enable' }),
      () => reseller.api.updateVpnEmail({ username: account.vpn_username, email: 'x@example.com' }),
      () => reseller.api.deleteVpnAccount({ username: account.vpn_username, status: 'delete' }),
    ]) {
      expect(await failure(call())).toMatchObject({ httpStatus: 409, message: 'This VPN account has been deleted.' });
    }
    const wrong = await t.post('/api/v1/resellers/vpn/delete', { username: account.vpn_username, status: 'remove' }, reseller.token);
    expect(wrong.status).toBe(422);
  });

  it("never reaches another reseller's account; an admin reaches its own users'", async () => {
    const { account: mine } = await reseller.api.createVpnAccount({ ...annual, email: 'private@example.com' });
    expect((await admin.api.searchVpnAccounts({ search: 'username', value: mine.vpn_username })).account_details).toEqual([]);
    for (const call of [
      () => admin.api.updateVpnStatus({ username: mine.vpn_username, status: 'disable' }),
      () => admin.api.updateVpnEmail({ username: mine.vpn_username, email: 'x@example.com' }),
      () => admin.api.updateVpnPassword({ username: mine.vpn_username, password: 'Str0ng!Password', password_confirmation: 'Str0ng!Password' }),
      () => admin.api.deleteVpnAccount({ username: mine.vpn_username, status: 'delete' }),
      () => sub.api.updateVpnStatus({ username: mine.vpn_username, status: 'disable' }),
    ]) {
      expect(await failure(call())).toMatchObject({ httpStatus: 404, code: 'rspf-vpn-1003' });
    }
    const { account: subs } = await sub.api.createVpnAccount({ ...annual, email: 'sub-customer@example.com' });
    expect((await admin.api.searchVpnAccounts({ search: 'email', value: 'sub-customer@example.com' })).account_details).toHaveLength(1);
    await admin.api.updateVpnStatus({ username: subs.vpn_username, status: 'disable' });
    expect((await sub.api.searchVpnAccounts({ search: 'username', value: subs.vpn_username })).account_details[0]?.status).toBe('Suspended');
    expect((await reseller.api.searchVpnAccounts({ search: 'username', value: subs.vpn_username })).account_details).toEqual([]);
  });
});

describe('the subscription list (001 §2.9)', () => {
  it('pages and searches the reseller’s own accounts', async () => {
    const res = await t.post('/api/v1/resellers/vpn?page_limit=5&page=1', { search: '' }, reseller.token);
    expect(res.json.header).toMatchObject({ code: 100051, status: 'success' });
    const body = res.json.body as { data: { vpn_username: string; email: string }[]; total: number };
    expect(body.total).toBe(6);
    expect(body.data).toHaveLength(5);
    expect((await reseller.api.listVpnAccounts({ search: 'toggle@' })).data.map((r) => r.email)).toEqual(['toggle@example.com']);
    expect((await reseller.api.listVpnAccounts({ page: 2, page_limit: 5 })).data).toHaveLength(1);
    expect((await admin.api.listVpnAccounts({})).total).toBe(0);
    expect((await admin.api.listUserVpnAccounts({ id: 1002 })).total).toBe(1);
  });

  it('keeps the total exact however an account comes or goes, and says it past the last page', async () => {
    const mine = await fundedReseller(t, 'vpn-lister@example.com', 100_000);
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) await mine.api.createVpnAccount({ ...annual, email });
    const exact = async () => Number((await query<{ n: number }>(t, sql`select count(*)::int as n from vpn_accounts where reseller_id = ${mine.id}`))[0]?.n);
    expect((await mine.api.listVpnAccounts({})).total).toBe(3);
    // Beyond the last page: no rows, the same total.
    expect(await mine.api.listVpnAccounts({ page: 9, page_limit: 5 })).toMatchObject({ data: [], total: 3 });
    // Rows written or removed by any statement (a repair, a move between resellers) are counted too.
    const [moved] = await query<{ id: number }>(t, sql`select id from vpn_accounts where email = 'two@example.com' and reseller_id = ${mine.id}`);
    await t.database.db.execute(sql`update vpn_accounts set reseller_id = 1000 where id = ${moved?.id}`);
    expect((await mine.api.listVpnAccounts({})).total).toBe(await exact());
    expect((await mine.api.listVpnAccounts({})).total).toBe(2);
    await t.database.db.execute(sql`update vpn_accounts set reseller_id = ${mine.id} where id = ${moved?.id}`);
    expect((await mine.api.listVpnAccounts({})).total).toBe(3);
    // A filtered total is counted: the search matches only its account.
    expect(await mine.api.listVpnAccounts({ search: 'THREE@' })).toMatchObject({ total: 1, data: [{ email: 'three@example.com' }] });
  });

  it('finds an account by a part of its redeemed coupon’s code', async () => {
    const mine = await fundedReseller(t, 'vpn-coupons@example.com', 100_000);
    const { account } = await mine.api.createVpnAccount({ ...annual, email: 'coupon-holder@example.com' });
    await mine.api.generateCoupons({ quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'SRCH' });
    const [coupon] = (await mine.api.listCoupons({ code: 'SRCH' })).data;
    expect((await mine.api.listVpnAccounts({ search: coupon?.code.slice(2, 9) as string })).total).toBe(0);
    await t.database.db.execute(sql`update vpn_accounts set coupon_id = ${coupon?.Coupon_ID} where username = ${account.vpn_username}`);
    const found = await mine.api.listVpnAccounts({ search: (coupon?.code.slice(2, 9) as string).toLowerCase() });
    expect(found).toMatchObject({ total: 1, data: [{ vpn_username: account.vpn_username, coupon: coupon?.code }] });
  });
});
