/**
 * The audit log names the person (issue 34 §5): whatever module writes an entry during a member's
 * call (coupons, the grouped charge, VPN, billing, webhooks, keys, white-label, the redeem page,
 * the profile, an admin's actions on its users), its `person_id` is that member; a key's call names
 * no person. The security events and the admin's user audit log answer with the person.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from './support/app.js';
import { cardToken } from './support/billing.js';
import { newUser, partner } from './support/partner.js';
import { query } from './support/sql.js';
import { joinAs } from './support/team.js';

const t = await testApp({ poolSize: 20, env: { SESSION_TTL_HOURS: '2160' } });
const owner = await t.signIn('admin@demo.partner-panel.test');
const ADMIN = owner.user.id;
const SUB1 = 1002;
const ops = await joinAs(t, owner.api, 'operations', 'audit-ops@example.com');
const dev = await joinAs(t, owner.api, 'developer', 'audit-dev@example.com');
const fin = await joinAs(t, owner.api, 'finance', 'audit-fin@example.com');
const adm = await joinAs(t, owner.api, 'administrator', 'audit-adm@example.com');

const since = async () => Number((await query<{ n: number }>(t, sql`select coalesce(max(id), 0)::int as n from audit_log`))[0]?.n);
const entriesAfter = (id: number) =>
  query<{ action: string; actor_id: number | null; person_id: number | null }>(t, sql`select action, actor_id, person_id from audit_log where id > ${id} order by id`);

describe("every module's entries name the member who acted", () => {
  it('coupons, the grouped charge, VPN, billing, webhooks, keys, white-label, the redeem page, the profile and users', async () => {
    const start = await since();
    const plan = { quantity: 2, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: 'AUD' } as const;
    // Operations: coupons (the grouped charge writes their entry) and VPN accounts.
    await ops.api.generateCoupons(plan);
    const [coupon] = await query<{ id: number }>(t, sql`select id from coupons where reseller_id = ${ADMIN} and code like 'AUD%' order by id limit 1`);
    await ops.api.sendCoupon({ coupon_id: Number(coupon?.id), email: 'customer@example.com' });
    await ops.api.deleteCoupon({ couponID: Number(coupon?.id) });
    await ops.api.createVpnAccount({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: 'audit-end@example.com', addon_id: '' });
    const [vpn] = await query<{ username: string }>(t, sql`select username from vpn_accounts where reseller_id = ${ADMIN} and email = 'audit-end@example.com'`);
    await ops.api.updateVpnStatus({ username: String(vpn?.username), status: 'disable' });
    await ops.api.updateVpnEmail({ username: String(vpn?.username), email: 'audit-end-2@example.com' });
    await ops.api.generateUserCoupons({ ...plan, userResellerId: SUB1 });
    // Developer: keys and webhooks.
    await dev.api.generateSecretKey({ mode: 'sandbox' });
    const endpoint = await dev.api.createWebhookEndpoint({ url: 'http://127.0.0.1:9/audit', mode: 'sandbox', event_types: ['vpn_user.created'] });
    await dev.api.rotateWebhookSecret({ endpointId: endpoint.id });
    await dev.api.deleteWebhookEndpoint({ endpointId: endpoint.id });
    // Finance: a payment started, an invoice for a user, a user's wallet credited.
    await fin.api.payByTestCard({ name: 'Ann Payer', email: 'ann@example.com', token: await cardToken(fin.api, '4242424242424242'), amount: 2500 });
    await fin.api.createUserInvoice({ user_reseller_id: SUB1, amount: 150 });
    await fin.api.adjustUserBalance({ user_reseller_id: SUB1, type: 'credit', amount: 1, reason: 'Goodwill' });
    // Administrator: white-label, the redeem page, a user's name.
    await adm.api.askWhiteLabel({ brand_name: 'Audit VPN', expected_users: 5000, message: 'Our own apps, please.' });
    await adm.api.updateRedeemEmbed({ allowed_origins: ['https://audit.example.com'] });
    await adm.api.updateUser({ user_reseller_id: SUB1, update: 'name', value: 'Northwind Renamed' });

    const entries = await entriesAfter(start);
    const by = (personId: number) => entries.filter((e) => e.person_id === personId).map((e) => e.action);
    expect(by(ops.personId)).toEqual(
      expect.arrayContaining(['coupons.generated', 'coupon.sent', 'coupon.deleted', 'vpn.created', 'vpn.disabled', 'vpn.email_updated']),
    );
    expect(by(ops.personId).filter((a) => a === 'coupons.generated')).toHaveLength(2);
    expect(by(dev.personId)).toEqual(expect.arrayContaining(['secret_key.generated', 'webhook_endpoint.created', 'webhook_endpoint.secret_rotated', 'webhook_endpoint.deleted']));
    expect(by(fin.personId)).toEqual(expect.arrayContaining(['payment.started', 'user.balance_credited']));
    expect(by(adm.personId)).toEqual(expect.arrayContaining(['white_label.enquired', 'redeem.embed_updated', 'user.name_updated']));
    // Every entry a member's call wrote names them; the account stays the actor.
    const unnamed = entries.filter((e) => e.person_id === null);
    expect(unnamed, JSON.stringify(unnamed)).toEqual([]);
    expect(entries.every((e) => e.actor_id === ADMIN)).toBe(true);
  });

  it("names no person for a key's call, and the account as its actor", async () => {
    const p = await partner(t, 'audit-keys@example.com');
    const start = await since();
    await p.live.users.create(newUser('auditkey'));
    const entries = await entriesAfter(start);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.person_id === null && e.actor_id === p.id)).toBe(true);
  });
});

describe('the answers name the person', () => {
  it("the admin's user audit log names its member who acted, for each of its users", async () => {
    const { data } = await owner.api.userAuditLog({ id: SUB1, page_limit: 100 });
    const renamed = data.find((l) => l.action === 'user.name_updated');
    expect(renamed).toMatchObject({ actor: { id: ADMIN }, person: { id: adm.personId, email: 'audit-adm@example.com', name: 'A administrator' } });
    expect(data.find((l) => l.action === 'user.balance_credited')?.person).toMatchObject({ id: fin.personId, email: 'audit-fin@example.com' });
    expect(data.find((l) => l.action === 'coupons.generated')?.person).toMatchObject({ id: ops.personId, email: 'audit-ops@example.com' });
  });

  it("security events name who did it: oneself, or the colleague who changed a key or webhook; not the parent's people", async () => {
    const mine = await dev.api.securityEvents();
    expect(mine.find((e) => e.action === 'reseller.signed_in')?.person).toMatchObject({ id: dev.personId, email: 'audit-dev@example.com' });
    expect(mine.find((e) => e.action === 'webhook_endpoint.created')?.person).toEqual({ id: dev.personId, name: 'A developer', email: 'audit-dev@example.com' });
    const owners = await owner.api.securityEvents();
    expect(owners.find((e) => e.action === 'webhook_endpoint.deleted')?.person).toMatchObject({ email: 'audit-dev@example.com' });
    expect(owners.find((e) => e.action === 'reseller.signed_in')?.person).toMatchObject({ id: owner.user.member.person_id, email: 'admin@demo.partner-panel.test' });
    // The admin's Administrator sets a user's password: the user is told 'Your administrator', naming no one.
    await adm.api.updateUser({ user_reseller_id: SUB1, update: 'password', value: 'Reset!Password1', password_confirmation: 'Reset!Password1' });
    const sub = await t.signIn('sub1@demo.partner-panel.test', 'Reset!Password1');
    const told = (await sub.api.securityEvents()).find((e) => e.action === 'user.password_updated');
    expect(told).toMatchObject({ description: 'Your administrator set a new password; every session was signed out.', person: null });
  });
});
