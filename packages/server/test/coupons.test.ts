import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@partner-panel/sdk';
import { testApp } from './support/app.js';
import { balanceCents, fundedReseller, ledger, query } from './support/sql.js';

const t = await testApp();
const reseller = await t.signIn('reseller@demo.partner-panel.test'); // $5,000
const admin = await t.signIn('admin@demo.partner-panel.test');
const partner = await t.signIn('partner@demo.partner-panel.test'); // 903
const SUB1 = 1002;

const biennial = { quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: '' } as const;
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as ApiError);

describe('products and pricing (001 §3, §7)', () => {
  it('answers recurring and onetime products keyed by cycle, addons, and addon_type (50001)', async () => {
    const res = await t.post('/api/v1/resellers/products', {}, reseller.token);
    expect(res.json.header).toMatchObject({ code: 50001, status: 'success' });
    const body = res.json.body as Awaited<ReturnType<typeof reseller.api.products>>;
    expect(Object.keys(body.recurring.product)).toEqual(['monthly', 'quarterly', 'semiannually', 'annually', 'biennially', 'triennially']);
    expect(body.recurring.product.biennially).toEqual({ id: 105, price: 45 });
    expect(Object.keys(body.onetime.product)[0]).toBe('lifetime');
    expect(body.onetime.product.lifetime).toEqual({ id: 207, price: 99 });
    expect(Object.keys(body.onetime.product)).toHaveLength(7);
    expect(body.recurring.addon).toMatchObject({ dedicated_ip_monthly_price: 1, port_forwarding_monthly_price: 0.25, multi_login_20_sessions_monthly_price: 0.5 });
    // An addon costs its monthly price times the cycle's months.
    expect((body.recurring.addon as Record<string, unknown>).biennially).toEqual({
      dedicated_ip: { id: 1, price: 24 },
      port_forwarding: { id: 2, price: 6 },
      multi_login_20_sessions: { id: 3, price: 12 },
    });
    expect(body.addon_type).toEqual([
      { id: 1, name: 'Dedicated + Portforwarding (Free)' },
      { id: 2, name: 'Port Forwarding' },
      { id: 3, name: 'Multi Login (20 Sessions)' },
    ]);
    const pricing = await t.post('/api/v1/resellers/products/pricing', {}, reseller.token);
    expect(pricing.json.header.code).toBe(50002);
  });

  it("honours a reseller's own price set by its admin", async () => {
    await t.database.db.execute(sql`insert into reseller_prices (reseller_id, billing_type, cycle, price_cents) values (${SUB1}, 1, 'biennially', 3000)`);
    const products = await admin.api.userProducts({ userResellerId: SUB1 });
    expect(products.recurring.product.biennially).toEqual({ id: 105, price: 30 });
    expect((await reseller.api.products()).recurring.product.biennially?.price).toBe(45);
  });

  it("refuses an admin another admin's user, and a reseller the admin calls", async () => {
    const other = await fundedReseller(t, 'other-admin@example.com', 0);
    await t.database.db.execute(sql`update resellers set is_admin = true where id = ${other.id}`);
    const e = await failure(other.api.userProducts({ userResellerId: SUB1 }));
    expect(e).toMatchObject({ httpStatus: 404, code: 'rspf-account-1053', message: 'User undefined' });
    const notAdmin = await failure(reseller.api.userProducts({ userResellerId: SUB1 }));
    expect(notAdmin).toMatchObject({ httpStatus: 403, code: 'rspf-account-1052', status: 'error' });
  });
});

describe('generating coupons (001 §2.1, §5)', () => {
  it('generates, debits the wallet with a ledger row, notifies, and answers 70001 with the codes', async () => {
    const before = await balanceCents(t, 1000);
    const res = await t.post('/api/v1/coupons/create', { ...biennial, quantity: 3, prefix: 'acme-' }, reseller.token);
    expect(res.json.header).toEqual({ code: 70001, status: 'success', message: '3 coupons generated successfully.' });
    const body = res.json.body as { quantity: number; amount: number; balance: number; codes: string[]; expires_at: string };
    expect(body).toMatchObject({ quantity: 3, amount: 135, balance: (before - 13_500) / 100 });
    expect(body.codes).toHaveLength(3);
    for (const code of body.codes) expect(code).toMatch(/^ACME-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{12}$/);
    expect(new Set(body.codes).size).toBe(3);
    const days = (new Date(body.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    expect(await balanceCents(t, 1000)).toBe(before - 13_500);
    expect((await ledger(t, 1000)).at(-1)).toMatchObject({ amount_cents: -13_500, balance_after_cents: before - 13_500, kind: 'coupon_purchase', reference: expect.stringMatching(/^coupon_batch:\d+$/) });
    const notes = await reseller.api.unreadNotifications();
    expect(JSON.parse(notes.data[0]?.data ?? '{}')).toMatchObject({ type: 'coupons_generated', message: '3 coupons generated for $135.00.', redirect: 'coupons/list' });
    expect(await reseller.api.dashboard()).toMatchObject({ total_coupons: 3, coupons_in_last_24_hours: 3 });
  });

  it('prices an addon per month of the cycle', async () => {
    const before = await balanceCents(t, 1000);
    const res = await reseller.api.generateCoupons({ ...biennial, quantity: 2, addon_type: 1 });
    expect(res.amount).toBe(2 * (45 + 24));
    expect(await balanceCents(t, 1000)).toBe(before - 13_800);
    const lifetime = await reseller.api.generateCoupons({ quantity: 1, billing_cycle: 'lifetime', product_id: 207, billing_type: 2, addon_type: 2, prefix: '' });
    expect(lifetime.amount).toBe(99 + 60 * 0.25);
  });

  it.each([
    [{ quantity: 0 }, 'Quantity must be between 1 and 60'],
    [{ quantity: 61 }, 'Quantity must be between 1 and 60'],
    [{ quantity: 2.5 }, 'Quantity must be between 1 and 60'],
    [{ quantity: 'many' }, 'Quantity must be between 1 and 60'],
    [{ prefix: 'bad prefix!' }, 'The prefix may contain only letters, digits and dashes'],
    [{ prefix: 'X'.repeat(13) }, 'The prefix may not be greater than 12 characters'],
    [{ billing_cycle: 'weekly' }, expect.any(String)],
  ])('refuses %o: %s', async (change, message) => {
    const res = await t.post('/api/v1/coupons/create', { ...biennial, ...change }, reseller.token);
    expect(res.status).toBe(422);
    expect(res.json.header).toMatchObject({ code: 'rspf-validation-1005', message });
  });

  it('refuses a product that does not match the form, and an unknown addon', async () => {
    expect(await failure(reseller.api.generateCoupons({ ...biennial, product_id: 207 }))).toMatchObject({ code: 'rspf-product-5011', message: 'The selected product is not available.' });
    expect(await failure(reseller.api.generateCoupons({ ...biennial, product_id: 999 }))).toMatchObject({ code: 'rspf-product-5011' });
    expect(await failure(reseller.api.generateCoupons({ ...biennial, addon_type: 99 }))).toMatchObject({ code: 'rspf-product-5012' });
  });

  it('says the balance and the amount when the wallet does not cover the cost, and writes nothing', async () => {
    const poor = await fundedReseller(t, 'poor@example.com', 1_000);
    const before = await query<{ n: number }>(t, sql`select (select count(*) from coupons)::int + (select count(*) from coupon_batches)::int + (select count(*) from wallet_ledger)::int as n`);
    const e = await failure(poor.api.generateCoupons({ ...biennial, quantity: 2 }));
    expect(e).toMatchObject({
      httpStatus: 402,
      code: 'rspf-wallet-4021',
      message: 'Insufficient Balance! your current balance is: $10.00 and transaction amount is: $90.00',
      body: { balance: 10, amount: 90 },
    });
    const after = await query<{ n: number }>(t, sql`select (select count(*) from coupons)::int + (select count(*) from coupon_batches)::int + (select count(*) from wallet_ledger)::int as n`);
    expect(after).toEqual(before);
    expect(await balanceCents(t, poor.id)).toBe(1_000);
  });

  it('needs an active account (status 1)', async () => {
    const inactive = await fundedReseller(t, 'inactive@example.com', 100_000, { status: 2 });
    const e = await failure(inactive.api.generateCoupons(biennial));
    expect(e).toMatchObject({ httpStatus: 403, code: 'rspf-account-1051' });
  });

  it('lets reseller 903 generate up to 10 000 recurring biennial coupons without addons, in one go', async () => {
    // How long it takes is `pnpm bench`'s to measure; here, that it is done in one call.
    const res = await partner.api.generateCoupons({ ...biennial, quantity: 10_000 });
    expect(res.codes).toHaveLength(10_000);
    expect(new Set(res.codes).size).toBe(10_000);
    expect((await partner.api.dashboard()).total_coupons).toBe(10_000);
    const over = await t.post('/api/v1/coupons/create', { ...biennial, quantity: 10_001 }, partner.token);
    expect(over.json.header.message).toBe('Quantity must be between 1 and 10000');
    for (const change of [{ billing_type: 2, product_id: 207, billing_cycle: 'lifetime' }, { billing_cycle: 'annually', product_id: 104 }, { addon_type: 1 }]) {
      expect(await failure(partner.api.generateCoupons({ ...biennial, ...change } as never))).toMatchObject({
        code: 'rspf-account-1056',
        message: 'Your coupons are the recurring biennial plan, without addons.',
      });
    }
  });

  it('lets an admin generate for its own user, paid from the user’s wallet', async () => {
    const before = await balanceCents(t, SUB1);
    const res = await t.post('/api/v1/resellers/create/coupon', { ...biennial, quantity: 2, userResellerId: SUB1 }, admin.token);
    expect(res.json.header).toMatchObject({ code: 70001, message: '2 coupons generated successfully.' });
    // SUB1's own biennial price is $30 (set above).
    expect(await balanceCents(t, SUB1)).toBe(before - 6_000);
    expect((await ledger(t, SUB1)).at(-1)).toMatchObject({ amount_cents: -6_000, actor_id: 1001, kind: 'coupon_purchase' });
    const listed = await admin.api.listUserCoupons({ id: SUB1, page: 1, page_limit: 10 });
    expect(listed.total).toBe(2);
  });

  it('refuses a deactivated admin buying for its user, and anyone buying for a deactivated user', async () => {
    const before = await balanceCents(t, SUB1);
    await t.database.db.execute(sql`update resellers set status = 2 where id = 1001`);
    try {
      expect(await failure(admin.api.generateUserCoupons({ ...biennial, userResellerId: SUB1 }))).toMatchObject({ httpStatus: 403, code: 'rspf-account-1051' });
    } finally {
      await t.database.db.execute(sql`update resellers set status = 1 where id = 1001`);
    }
    await t.database.db.execute(sql`update resellers set status = 2 where id = ${SUB1}`);
    try {
      expect(await failure(admin.api.generateUserCoupons({ ...biennial, userResellerId: SUB1 }))).toMatchObject({ httpStatus: 403, code: 'rspf-account-1055' });
    } finally {
      await t.database.db.execute(sql`update resellers set status = 1 where id = ${SUB1}`);
    }
    expect(await balanceCents(t, SUB1)).toBe(before);
  });

  it("refuses an admin another admin's user, and a non-admin the admin call", async () => {
    const other = await fundedReseller(t, 'second-admin@example.com', 0);
    await t.database.db.execute(sql`update resellers set is_admin = true where id = ${other.id}`);
    expect(await failure(other.api.generateUserCoupons({ ...biennial, userResellerId: SUB1 }))).toMatchObject({ httpStatus: 404, message: 'User undefined' });
    expect(await failure(reseller.api.generateUserCoupons({ ...biennial, userResellerId: SUB1 }))).toMatchObject({ httpStatus: 403 });
    expect(await failure(admin.api.generateUserCoupons({ ...biennial, userResellerId: 1000 }))).toMatchObject({ httpStatus: 404 });
  });
});

describe('coupon lists (001 §2.3, §7)', () => {
  it('pages with page_limit and page, newest first, with the total', async () => {
    const mine = await fundedReseller(t, 'lister@example.com', 100_000);
    await mine.api.generateCoupons({ ...biennial, quantity: 12, prefix: 'ONE' });
    await mine.api.generateCoupons({ quantity: 3, billing_cycle: 'lifetime', product_id: 207, billing_type: 2, addon_type: '', prefix: 'TWO' });
    const res = await t.post('/api/v1/coupons?page_limit=10&page=1', { code: '', dateStart: '', dateEnd: '', billingType: '' }, mine.token);
    expect(res.json.header).toMatchObject({ code: 70011, status: 'success' });
    const page1 = res.json.body as { data: { Coupon_ID: number; code: string; billing_type: number; redeemed: string; generated_at: string }[]; total: number; total_capped: boolean };
    expect(page1.total).toBe(15);
    expect(page1.total_capped).toBe(false);
    expect(page1.data).toHaveLength(10);
    expect(page1.data[0]).toMatchObject({ code: expect.stringMatching(/^TWO/), billing_type: 2, redeemed: 'no' });
    const page2 = await mine.api.listCoupons({ page: 2, page_limit: 10 });
    expect(page2.data).toHaveLength(5);
    // Past the last page: no rows, the same totals, filtered or not.
    expect(await mine.api.listCoupons({ page: 5, page_limit: 10 })).toMatchObject({ data: [], total: 15, total_capped: false });
    expect(await mine.api.listCoupons({ page: 5, page_limit: 10, code: 'TWO' })).toMatchObject({ data: [], total: 3, total_capped: false });
    // The export asks for everything: page_limit = total, no page.
    const all = await mine.api.listCoupons({ page_limit: 15 });
    expect(all.data).toHaveLength(15);

    // Filters: code prefix in any case, billing type, date range (inclusive days).
    expect((await mine.api.listCoupons({ code: 'one' })).total).toBe(12);
    expect((await mine.api.listCoupons({ code: 'TWO', billingType: 2 })).total).toBe(3);
    expect((await mine.api.listCoupons({ billingType: 1 })).total).toBe(12);
    const today = new Date().toISOString().slice(0, 10);
    expect((await mine.api.listCoupons({ dateStart: today, dateEnd: today })).total).toBe(15);
    expect((await mine.api.listCoupons({ dateStart: '2020-01-01', dateEnd: '2020-12-31' })).total).toBe(0);
    // Wildcards are not patterns.
    expect((await mine.api.listCoupons({ code: '%' })).total).toBe(15);
    expect((await mine.api.listCoupons({ code: 'O_E' })).total).toBe(0);
  });

  it('counts a filtered total exactly up to 10 000, says "10 000 or more" beyond, and still pages the newest first', async () => {
    const mine = await fundedReseller(t, 'many@example.com', 0);
    const [batch] = await query<{ id: number }>(t, sql`insert into coupon_batches (reseller_id, product_id, quantity, unit_price_cents, total_cents) values (${mine.id}, 105, 10005, 0, 0) returning id`);
    // 10 005 matches whose codes run with their age: the newest has the last code, past the first 10 001 in code order.
    await t.database.db.execute(sql`
      insert into coupons (reseller_id, batch_id, code, product_id, billing_type, cycle, price_cents, created_at, expires_at)
      select ${mine.id}, ${batch?.id}, 'MANY-' || lpad(i::text, 5, '0'), 105, 1, 'biennially', 0, now() - ((10005 - i) || ' minutes')::interval, now() + interval '1 year'
      from generate_series(1, 10005) as i`);
    await t.database.db.execute(sql`update resellers set coupons_total = 10005 where id = ${mine.id}`);
    const capped = await mine.api.listCoupons({ code: 'MANY', page_limit: 3 });
    expect(capped).toMatchObject({ total: 10_000, total_capped: true });
    expect(capped.data.map((c) => c.code)).toEqual(['MANY-10005', 'MANY-10004', 'MANY-10003']);
    expect((await mine.api.listCoupons({ code: 'MANY', page: 3335, page_limit: 3 })).data.map((c) => c.code)).toEqual(['MANY-00003', 'MANY-00002', 'MANY-00001']);
    // One fewer match is counted exactly, and paged the same way.
    const exact = await mine.api.listCoupons({ code: 'MANY-0', page_limit: 2 });
    expect(exact).toMatchObject({ total: 9_999, total_capped: false });
    expect(exact.data.map((c) => c.code)).toEqual(['MANY-09999', 'MANY-09998']);
    expect((await mine.api.listCoupons({ page_limit: 1 })).total).toBe(10_005);
  });

  it('refuses a bad date and an end before the start', async () => {
    const bad = await t.post('/api/v1/coupons', { dateStart: '2026-02-30', dateEnd: '', code: '', billingType: '' }, reseller.token);
    expect(bad.status).toBe(422);
    expect(bad.json.header.message).toBe('Please enter a valid date (YYYY-MM-DD)');
    const reversed = await t.post('/api/v1/coupons', { dateStart: '2026-05-02', dateEnd: '2026-05-01', code: '', billingType: '' }, reseller.token);
    expect(reversed.json.header.message).toBe('The end date must not be before the start date');
  });

  it("shows no other reseller's coupons, and an admin only its own users'", async () => {
    const codes = (await reseller.api.listCoupons({ page_limit: 100 })).data.map((c) => c.code);
    const adminOwn = (await admin.api.listCoupons({ page_limit: 100 })).data.map((c) => c.code);
    expect(adminOwn.some((c) => codes.includes(c))).toBe(false);
    expect(await failure(admin.api.listUserCoupons({ id: 1000 }))).toMatchObject({ httpStatus: 404, message: 'User undefined' });
    const nonNumeric = await t.post('/api/v1/resellers/get/user/listcoupons', { id: 'abc', code: '', dateStart: '', dateEnd: '', billingType: '' }, admin.token);
    expect(nonNumeric.json.header.message).toBe('User undefined');
  });

  it("lists an admin's own users with an e-mail filter", async () => {
    const res = await t.post('/api/v1/resellers/get/users?page_limit=10&page=1', { email: '' }, admin.token);
    expect(res.json.header).toMatchObject({ code: 80001, status: 'success' });
    const body = res.json.body as { data: { email: string; balance: number }[]; total: number };
    expect(body.data.map((u) => u.email).sort()).toEqual(['sub1@demo.partner-panel.test', 'sub2@demo.partner-panel.test']);
    expect(body.total).toBe(2);
    expect((await admin.api.listUsers({ email: 'SUB2' })).data.map((u) => u.email)).toEqual(['sub2@demo.partner-panel.test']);
    expect(await failure(reseller.api.listUsers({}))).toMatchObject({ httpStatus: 403 });
  });
});

describe('deleting coupons (001 §4)', () => {
  it('deletes an unredeemed coupon and refunds its price as a ledger row (70021)', async () => {
    const mine = await fundedReseller(t, 'deleter@example.com', 100_000);
    const { codes } = await mine.api.generateCoupons({ ...biennial, quantity: 2, addon_type: 1 });
    const rows = (await mine.api.listCoupons({})).data;
    const target = rows.find((r) => r.code === codes[0]);
    const res = await t.post('/api/v1/coupons/delete', { couponID: target?.Coupon_ID }, mine.token);
    expect(res.json.header).toEqual({ code: 70021, status: 'success', message: 'Coupon deleted successfully' });
    expect(res.json.body).toEqual({ refunded: 69, balance: (100_000 - 13_800 + 6_900) / 100 });
    expect((await ledger(t, mine.id)).at(-1)).toMatchObject({ amount_cents: 6_900, kind: 'coupon_refund', reference: `coupon:${target?.Coupon_ID}` });
    expect((await mine.api.listCoupons({})).total).toBe(1);
    expect((await mine.api.dashboard()).total_coupons).toBe(1);
    // Once only.
    expect(await failure(mine.api.deleteCoupon({ couponID: target?.Coupon_ID as number }))).toMatchObject({ httpStatus: 404, code: 'rspf-coupon-7011' });
    expect(await balanceCents(t, mine.id)).toBe(100_000 - 13_800 + 6_900);
  });

  it('refuses a redeemed coupon: neither deleted nor refunded', async () => {
    const mine = await fundedReseller(t, 'redeemed@example.com', 10_000);
    await mine.api.generateCoupons(biennial);
    const [coupon] = (await mine.api.listCoupons({})).data;
    await t.database.db.execute(sql`update coupons set redeemed_at = now() where id = ${coupon?.Coupon_ID}`);
    const e = await failure(mine.api.deleteCoupon({ couponID: coupon?.Coupon_ID as number }));
    expect(e).toMatchObject({ httpStatus: 409, message: 'A redeemed coupon can be neither deleted nor refunded.' });
    expect(await balanceCents(t, mine.id)).toBe(10_000 - 4_500);
  });

  it('refunds an expired coupon that was never redeemed', async () => {
    const mine = await fundedReseller(t, 'expired@example.com', 10_000);
    await mine.api.generateCoupons(biennial);
    const [coupon] = (await mine.api.listCoupons({})).data;
    await t.database.db.execute(sql`update coupons set expires_at = now() - interval '1 day' where id = ${coupon?.Coupon_ID}`);
    await mine.api.deleteCoupon({ couponID: coupon?.Coupon_ID as number });
    expect(await balanceCents(t, mine.id)).toBe(10_000);
  });

  it("refuses another reseller's coupon; an admin refunds its own user's to the user", async () => {
    const [own] = (await reseller.api.listCoupons({})).data;
    expect(await failure(admin.api.deleteCoupon({ couponID: own?.Coupon_ID as number }))).toMatchObject({ httpStatus: 404 });
    const [subCoupon] = (await admin.api.listUserCoupons({ id: SUB1 })).data;
    expect(await failure(admin.api.deleteUserCoupon({ couponID: own?.Coupon_ID as number, id: SUB1 }))).toMatchObject({ httpStatus: 404 });
    const before = await balanceCents(t, SUB1);
    const res = await t.post('/api/v1/resellers/delete/coupon', { couponID: subCoupon?.Coupon_ID, id: SUB1 }, admin.token);
    expect(res.json.header.code).toBe(70021);
    expect(await balanceCents(t, SUB1)).toBe(before + 3_000);
  });
});

describe('e-mailing a coupon (001 §5)', () => {
  it('mails the code with a redeem link', async () => {
    const [coupon] = (await reseller.api.listCoupons({})).data;
    const res = await t.post('/api/v1/resellers/coupon/send', { reseller_id: 1000, coupon_id: coupon?.Coupon_ID, email: 'customer@example.com' }, reseller.token);
    expect(res.json.header).toEqual({ code: 70031, status: 'success', message: 'Coupon sent successfully' });
    const [mail] = await t.mails('customer@example.com');
    expect(mail?.subject).toBe('Your VPN coupon from Demo Reseller');
    expect(mail?.text).toContain(`Your coupon code: ${coupon?.code}`);
    expect(mail?.links).toEqual([`http://panel.test/redeem?coupon=${coupon?.code}`]);
  });

  it('needs the e-mail, and for 903 the full name; the partner link goes to its own page', async () => {
    const [coupon] = (await reseller.api.listCoupons({})).data;
    const missing = await t.post('/api/v1/resellers/coupon/send', { coupon_id: coupon?.Coupon_ID, email: '' }, reseller.token);
    expect(missing.json.header.message).toBe('Email address is required');
    const [partnerCoupon] = (await partner.api.listCoupons({ page_limit: 1 })).data;
    const noName = await t.post('/api/v1/resellers/coupon/send', { coupon_id: partnerCoupon?.Coupon_ID, email: 'fan@example.com' }, partner.token);
    expect(noName.json.header.message).toBe('Full name is required');
    await partner.api.sendCoupon({ coupon_id: partnerCoupon?.Coupon_ID as number, email: 'fan@example.com', full_name: 'Fan Person' });
    const [mail] = await t.mails('fan@example.com');
    expect(mail?.text).toMatch(/^Hello Fan Person,/);
    expect(mail?.links).toEqual([`http://panel.test/redeem/brainrocket?coupon=${partnerCoupon?.code}`]);
  });

  it("refuses another reseller's coupon and a redeemed one", async () => {
    const [own] = (await reseller.api.listCoupons({})).data;
    expect(await failure(admin.api.sendCoupon({ coupon_id: own?.Coupon_ID as number, email: 'x@example.com' }))).toMatchObject({ httpStatus: 404 });
    expect(await failure(admin.api.sendCoupon({ reseller_id: 1000, coupon_id: own?.Coupon_ID as number, email: 'x@example.com' }))).toMatchObject({ httpStatus: 404 });
    await t.database.db.execute(sql`update coupons set redeemed_at = now() where id = ${own?.Coupon_ID}`);
    expect(await failure(reseller.api.sendCoupon({ coupon_id: own?.Coupon_ID as number, email: 'x@example.com' }))).toMatchObject({ httpStatus: 409, message: 'This coupon has already been redeemed.' });
  });

  it('refuses to mail a coupon that has expired', async () => {
    const [, second] = (await reseller.api.listCoupons({})).data;
    await t.database.db.execute(sql`update coupons set expires_at = now() - interval '1 day' where id = ${second?.Coupon_ID}`);
    expect(await failure(reseller.api.sendCoupon({ coupon_id: second?.Coupon_ID as number, email: 'x@example.com' }))).toMatchObject({
      httpStatus: 410,
      code: 'rspf-coupon-7015',
      message: 'This coupon has expired and can no longer be redeemed, so it cannot be sent.',
    });
  });
});
