import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from './support/app.js';

const t = await testApp();
const { token, api } = await t.signIn('reseller@demo.partner-panel.test');

describe('profile (000 §2, §7)', () => {
  it('answers 20071 with the stored user fields, balance in dollars', async () => {
    const res = await t.get('/api/v1/resellers/profile', token);
    expect(res.json.header).toMatchObject({ code: 20071, status: 'success' });
    expect(res.json.body).toMatchObject({ name: 'Demo Reseller', status: 1, balance: 5000, custom_url: 'demo-reseller', is_admin: false, verified: true });
  });

  it('updates the name', async () => {
    const res = await t.post('/api/v1/resellers/update', { update: 'name', value: '  Acme VPN  ' }, token);
    expect(res.json.header).toMatchObject({ code: 20081, status: 'success' });
    expect((await api.profile()).name).toBe('Acme VPN');
  });

  it.each([
    [{ update: 'name', value: 'Acme VPN' }, 'rspf-update-profile-1023', 'Nothing to update'],
    [{ update: 'name', value: '   ' }, 'rspf-update-profile-1024', 'Field is empty'],
    [{ update: 'email', value: 'x@y.com' }, 'rspf-update-profile-1025', 'This field cannot be updated.'],
    [{ update: 'balance', value: '99999' }, 'rspf-update-profile-1025', 'This field cannot be updated.'],
    [{ update: 'status', value: '7' }, 'rspf-validation-1005', 'Status must be 1 (Active) or 2 (Inactive)'],
    [{ update: 'status', value: 1 }, 'rspf-update-profile-1023', 'Nothing to update'],
  ])('refuses %o with %s', async (body, code, message) => {
    const res = await t.post('/api/v1/resellers/update', body, token);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.json.header).toEqual({ code, status: 'error', message });
  });

  it('deactivates and reactivates the account (status 2 and 1), and records it in the audit log', async () => {
    await api.updateProfile({ update: 'status', value: '2' });
    expect((await api.profile()).status).toBe(2);
    await api.updateProfile({ update: 'status', value: 1 });
    expect((await api.profile()).status).toBe(1);
    const result = (await t.database.db.execute(sql`select action from audit_log where action = 'reseller.status_updated'`)) as unknown as { rows: unknown[] };
    expect(result.rows).toHaveLength(2);
  });

  it('answers Total Amount Credited from the ledger (body.amount)', async () => {
    const res = await t.get('/api/v1/resellers/amount', token);
    expect(res.json.header.status).toBe('success');
    expect(res.json.body).toEqual({ amount: 5000 });
  });
});

describe('dashboard (000 §2, §3)', () => {
  it('answers 20021 with counts from the tables', async () => {
    const { db } = t.database;
    const me = await api.profile();
    await db.execute(sql`insert into coupon_batches (reseller_id, product_id, quantity, unit_price_cents, total_cents) values (${me.id}, 101, 4, 500, 2000)`);
    const old = new Date(Date.now() - 48 * 3600_000);
    const soon = new Date(Date.now() + 300 * 24 * 3600_000);
    await db.execute(sql`insert into coupons (reseller_id, batch_id, code, product_id, billing_type, cycle, price_cents, created_at, expires_at, redeemed_at, deleted_at) values
      (${me.id}, 1, 'A1', 101, 1, 'monthly', 500, now(), ${soon}, null, null),
      (${me.id}, 1, 'A2', 101, 1, 'monthly', 500, now(), ${soon}, now(), null),
      (${me.id}, 1, 'A3', 101, 1, 'monthly', 500, ${old}, ${soon}, ${old}, null),
      (${me.id}, 1, 'A4', 101, 1, 'monthly', 500, now(), ${soon}, null, now())`);
    await db.execute(sql`insert into vpn_accounts (reseller_id, username, password_hash, email, product_id, billing_type, cycle, hosting_status, source, start_at, end_at, created_at) values
      (${me.id}, 'u1', 'x', 'a@b.co', 101, 1, 'monthly', 'active', 'portal', now(), ${soon}, now()),
      (${me.id}, 'u2', 'x', 'a@b.co', 101, 1, 'monthly', 'suspended', 'portal', ${old}, ${soon}, ${old}),
      (${me.id}, 'u3', 'x', 'a@b.co', 101, 1, 'monthly', 'active', 'portal', ${old}, ${old}, ${old})`);
    // The totals are the reseller's counters, kept by generation, deletion and redemption.
    await db.execute(sql`update resellers set coupons_total = 3, coupons_redeemed = 2 where id = ${me.id}`);
    const res = await t.get('/api/v1/dashboard', token);
    expect(res.json.header).toMatchObject({ code: 20021, status: 'success' });
    expect(res.json.body).toEqual({
      coupons_in_last_24_hours: 2,
      vpn_accounts_issued_in_last_24_hours: 1,
      total_coupons: 3,
      total_redeem_coupons: 2,
      active_subscriptions: 1,
    });
    // Another reseller sees none of it.
    const other = await t.signIn('admin@demo.partner-panel.test');
    expect(await other.api.dashboard()).toEqual({
      coupons_in_last_24_hours: 0,
      vpn_accounts_issued_in_last_24_hours: 0,
      total_coupons: 0,
      total_redeem_coupons: 0,
      active_subscriptions: 0,
    });
  });
});
