/**
 * The IDOR matrix with members (issue 34): a member of account A, of every role, naming anything of
 * account B (its users, coupons, VPN accounts, invoices, ledger rows, payments, webhook endpoints and
 * deliveries, members, invitations, notifications, sessions, passkeys, the account itself) gets the
 * answer a missing record gets: the same status and sentence, nothing of B in it, nothing of B
 * changed. A role without the call's permission answers 403 'Your role … does not allow this' for
 * both, which tells nothing either.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLES, contract, isSignedInAccess, type AnyCall, type CallName, type Role } from '@partner-panel/sdk';
import { testApp } from './support/app.js';
import { cardToken } from './support/billing.js';
import { fundedReseller, query } from './support/sql.js';
import { MEMBER_PASSWORD, joinAs } from './support/team.js';

const t = await testApp({ poolSize: 20, env: { SESSION_TTL_HOURS: '2160' } });

// Account A: the demo admin and a member of every other role.
const ownerA = await t.signIn('admin@demo.partner-panel.test');
const membersA: { role: Role; token: string; password: string; label?: string }[] = [{ role: 'owner', token: ownerA.token, password: 'DemoPass2026!' }];
for (const role of ROLES.filter((r) => r !== 'owner')) membersA.push({ ...(await joinAs(t, ownerA.api, role, `idor-a-${role}@example.com`)), password: MEMBER_PASSWORD });
// The operator (the provider's own account) names B's records too: it is told what a missing record is told.
const operator = await t.signIn('operator@demo.partner-panel.test');
const operatorDeveloper = await joinAs(t, operator.api, 'developer', 'idor-operator-developer@example.com');

// Account B: another admin with a user, money, coupons, a VPN account, webhooks and a team.
const b = await fundedReseller(t, 'idor-b@example.com', 100_000);
await query(t, sql`update resellers set is_admin = true where id = ${b.id}`);
const bUser = await fundedReseller(t, 'idor-b-user@example.com', 10_000, { parentId: b.id });
const plan = { quantity: 1, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: '' } as const;
await b.api.generateCoupons(plan);
await b.api.generateUserCoupons({ ...plan, userResellerId: bUser.id });
await b.api.createVpnAccount({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: 'idor-b-end@example.com', addon_id: '' });
await b.api.createUserInvoice({ user_reseller_id: bUser.id, amount: 150 });
const endpoint = await b.api.createWebhookEndpoint({ url: 'http://127.0.0.1:9/idor-b', mode: 'sandbox', event_types: ['vpn_user.created'] });
await b.api.testWebhookEndpoint({ endpointId: endpoint.id }).catch(() => undefined);
const bMember = await joinAs(t, b.api, 'viewer', 'idor-b-member@example.com');
await b.api.inviteMembers({ invitations: [{ email: 'idor-b-pending@example.com', role: 'support' }] });
// B's white-label enquiry: every enquiry is the operator's to follow, so the operator reaches it.
const bEnquiry = (await b.api.askWhiteLabel({ brand_name: 'IDOR B VPN', expected_users: 10, message: 'Ours please' })).id;
const bPerson = b.user.member.person_id;
await query(t, sql`insert into passkeys (person_id, credential_id, public_key, name) values (${bPerson}, 'idor-b-credential', 'idor-b-key', 'B key')`);
await b.api.payByTestCard({ name: 'Ann Payer', email: 'ann@example.com', token: await cardToken(b.api, '4242424242424242'), amount: 2500 });

const one = async <T>(statement: ReturnType<typeof sql>) => (await query<{ v: T }>(t, statement))[0]?.v as T;
const B = {
  reseller: b.id,
  user: bUser.id,
  coupon: Number(await one(sql`select id as v from coupons where reseller_id = ${b.id} order by id limit 1`)),
  userCoupon: Number(await one(sql`select id as v from coupons where reseller_id = ${bUser.id} order by id limit 1`)),
  username: await one<string>(sql`select username as v from vpn_accounts where reseller_id = ${b.id} limit 1`),
  invoice: Number(await one(sql`select id as v from invoices where reseller_id = ${bUser.id} limit 1`)),
  ledger: Number(await one(sql`select id as v from wallet_ledger where reseller_id = ${b.id} limit 1`)),
  payment: Number(await one(sql`select id as v from payments where reseller_id = ${b.id} limit 1`)),
  endpoint: endpoint.id,
  delivery: Number(await one(sql`select d.id as v from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.reseller_id = ${b.id} limit 1`)),
  person: bMember.personId,
  invitation: Number(await one(sql`select id as v from invitations where reseller_id = ${b.id} and accepted_at is null limit 1`)),
  notification: await one<string>(sql`select uid::text as v from notifications where reseller_id = ${b.id} limit 1`),
  session: Number(await one(sql`select id as v from access_tokens where person_id = ${bPerson} and kind = 'session' limit 1`)),
  passkey: Number(await one(sql`select id as v from passkeys where person_id = ${bPerson} limit 1`)),
  clientId: b.user.client_id,
  email: 'idor-b@example.com',
};
// What no one has: the answer to these is the stranger's answer.
const MISSING = {
  reseller: 2_000_000_000, user: 2_000_000_000, coupon: 2_000_000_000, userCoupon: 2_000_000_000, username: 'nobody-idor-x1', invoice: 2_000_000_000,
  ledger: 2_000_000_000, payment: 2_000_000_000, endpoint: 2_000_000_000, delivery: 2_000_000_000, person: 2_000_000_000,
  invitation: 2_000_000_000, notification: '00000000-0000-4000-8000-000000000000', session: 2_000_000_000, passkey: 2_000_000_000,
  clientId: 'AAAA-0000-0000', email: 'nobody-idor@example.com',
};
type Ids = typeof B | typeof MISSING;
for (const [key, value] of Object.entries(B)) if (value === undefined || Number.isNaN(value)) throw new Error(`account B has no ${key}`);

const filters = { code: '', dateStart: '', dateEnd: '', billingType: '' };
const paid = { quantity: 1, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: '' };
/** Each call that names a record, and its request naming B's (or a missing) one. */
const NAMING: Partial<Record<CallName, (ids: Ids, password: string) => { body?: Record<string, unknown>; query?: Record<string, string | number> }>> = {
  broadcastingAuth: (ids) => ({ body: { socket_id: '123.456', channel_name: `private-reseller.${ids.reseller}` } }),
  markNotificationsRead: (ids) => ({ body: { uid: ids.notification } }),
  unreadNotifications: (ids) => ({ query: { since: ids.notification } }),
  endSession: (ids) => ({ body: { id: ids.session } }),
  removePasskey: (ids, password) => ({ body: { id: ids.passkey, password } }),
  changePassword: (ids, password) => ({ body: { email: ids.email, client_id: ids.clientId, old_password: password, password: 'Other!Password2', password_confirmation: 'Other!Password2' } }),
  requireTwoFactor: (ids) => ({ body: { user_reseller_id: ids.user, required: true } }),
  couponExportTicket: (ids) => ({ body: { ...filters, id: ids.user } }),
  deleteCoupon: (ids) => ({ body: { couponID: ids.coupon } }),
  deleteCoupons: (ids) => ({ body: { ids: [ids.coupon] } }),
  quoteCouponDeletion: (ids) => ({ body: { ids: [ids.coupon] } }),
  deleteUserCoupon: (ids) => ({ body: { id: ids.user, couponID: ids.userCoupon } }),
  generateUserCoupons: (ids) => ({ body: { ...paid, userResellerId: ids.user } }),
  listUserCoupons: (ids) => ({ body: { ...filters, id: ids.user }, query: { page_limit: 10, page: 1 } }),
  sendCoupon: (ids) => ({ body: { reseller_id: ids.reseller, coupon_id: ids.coupon, email: 'thief@example.com' } }),
  sendCoupons: (ids) => ({ body: { ids: [ids.coupon], email: 'thief@example.com' } }),
  userProducts: (ids) => ({ body: { userResellerId: ids.user } }),
  deleteVpnAccount: (ids) => ({ body: { username: ids.username, status: 'delete' } }),
  updateVpnEmail: (ids) => ({ body: { username: ids.username, email: 'thief@example.com' } }),
  updateVpnPassword: (ids) => ({ body: { username: ids.username, password: 'Thief!Pass123', password_confirmation: 'Thief!Pass123' } }),
  updateVpnStatus: (ids) => ({ body: { username: ids.username, status: 'disable' } }),
  listUserVpnAccounts: (ids) => ({ body: { ...filters, id: ids.user }, query: { page_limit: 10, page: 1 } }),
  vpnExportTicket: (ids) => ({ body: { id: ids.user } }),
  invoice: (ids) => ({ body: { id: ids.invoice } }),
  invoicePdf: (ids) => ({ query: { id: ids.invoice } }),
  transaction: (ids) => ({ body: { id: ids.ledger } }),
  verifyPayment: (ids) => ({ body: { payment_id: ids.payment } }),
  adjustUserBalance: (ids) => ({ body: { user_reseller_id: ids.user, type: 'debit', amount: 1, reason: 'Taking' } }),
  createUserInvoice: (ids) => ({ body: { user_reseller_id: ids.user, amount: 500 } }),
  getUser: (ids) => ({ body: { id: ids.user } }),
  updateUser: (ids) => ({ body: { user_reseller_id: ids.user, update: 'name', value: 'Taken Over' } }),
  updateUserPricing: (ids) => ({ body: { user_reseller_id: ids.user, update: 'monthly', recursive: 1, value: 50 } }),
  userAuditLog: (ids) => ({ body: { id: ids.user }, query: { page_limit: 10, page: 1 } }),
  verifyUser: (ids) => ({ body: { id: ids.user } }),
  deleteWebhookEndpoint: (ids) => ({ body: { endpointId: ids.endpoint } }),
  listWebhookDeliveries: (ids) => ({ query: { endpointId: ids.endpoint } }),
  resendWebhookDelivery: (ids) => ({ body: { deliveryId: ids.delivery } }),
  rotateWebhookSecret: (ids) => ({ body: { endpointId: ids.endpoint } }),
  testWebhookEndpoint: (ids) => ({ body: { endpointId: ids.endpoint } }),
  updateWebhookEndpoint: (ids) => ({ body: { endpointId: ids.endpoint, description: 'Taken over' } }),
  removeMember: (ids) => ({ body: { person_id: ids.person } }),
  updateMember: (ids) => ({ body: { person_id: ids.person, role: 'administrator' } }),
  transferOwnership: (ids) => ({ body: { person_id: ids.person } }),
  resendInvitation: (ids) => ({ body: { id: ids.invitation } }),
  revokeInvitation: (ids) => ({ body: { id: ids.invitation } }),
  switchAccount: (ids) => ({ body: { reseller_id: ids.reseller } }),
  // The operator's own calls naming a person: B's is answered as a person who does not exist.
  assignWhiteLabelOwner: (ids) => ({ body: { enquiry_id: bEnquiry, owner_person_id: ids.person } }),
  whiteLabelEnquiries: (ids) => ({ body: { owner_person_id: ids.person }, query: { page_limit: 10, page: 1 } }),
  payByTestCard: (ids) => ({ body: { name: 'Ann Payer', email: 'ann@example.com', token: 'tok_placeholder', invoiceId: ids.invoice, invoicePayment: true } }),
};

/** A field that names a record: a call with one in its schema must be in NAMING. */
const NAMES_A_RECORD = /(^|_)id$|Id$|ID$|^ids$|^uid$|^since$|^username$/;
const fieldsOf = (schema: unknown) => Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
const signedIn = (Object.entries(contract) as [CallName, AnyCall][]).filter(([, c]) => isSignedInAccess(c.access));
const operatorCalls = signedIn.filter(([, c]) => c.access === 'operator');

async function send(call: AnyCall, request: { body?: Record<string, unknown>; query?: Record<string, string | number> }, token: string) {
  const search = request.query ? `?${new URLSearchParams(Object.fromEntries(Object.entries(request.query).map(([k, v]) => [k, String(v)]))).toString()}` : '';
  if (call.method === 'GET') return t.get(call.path + search, token);
  return t.post(call.path + search, request.body ?? {}, token, call.method as 'POST' | 'DELETE');
}

/** The answer with each value that is one of the ids asked about (a quote's `missing`) as '#'. */
function echoed(value: unknown, ids: Ids): unknown {
  if (Array.isArray(value)) return value.map((v) => echoed(v, ids));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, echoed(v, ids)]));
  return Object.values(ids).includes(value as never) ? '#' : value;
}

/** B as it stands: whatever a member of A might have changed. */
const snapshot = async () =>
  JSON.stringify(
    await Promise.all([
      query(t, sql`select id, name, email, status, verified_at, balance_cents, two_factor_required from resellers where id in (${b.id}, ${bUser.id}) order by id`),
      query(t, sql`select id, deleted_at, redeemed_at, reseller_id from coupons where reseller_id in (${b.id}, ${bUser.id}) order by id`),
      query(t, sql`select username, email, hosting_status, password_hash from vpn_accounts where reseller_id = ${b.id} order by id`),
      query(t, sql`select id, status from invoices where reseller_id in (${b.id}, ${bUser.id}) order by id`),
      query(t, sql`select id, url, description, status, secret_sealed from webhook_endpoints where reseller_id = ${b.id} order by id`),
      query(t, sql`select count(*) from webhook_deliveries`),
      query(t, sql`select person_id, role from memberships where reseller_id = ${b.id} order by person_id`),
      query(t, sql`select id, token_hash, revoked_at from invitations where reseller_id = ${b.id} order by id`),
      query(t, sql`select uid, read_at from notification_states where reseller_id = ${b.id} order by uid, person_id`),
      query(t, sql`select id, revoked_at from access_tokens where person_id = ${bPerson} order by id`),
      query(t, sql`select id from passkeys where person_id = ${bPerson} order by id`),
      query(t, sql`select password_hash from people where id in (${bPerson}, ${bMember.personId}) order by id`),
      query(t, sql`select * from reseller_prices where reseller_id = ${bUser.id} order by 1, 2, 3`),
      query(t, sql`select count(*) from mail_outbox where to_address = 'thief@example.com'`),
    ]),
  );

describe('the IDOR matrix with members: every role of account A, anything of account B', () => {
  it('has a request for every signed-in call that names a record', () => {
    const naming = signedIn.filter(([, c]) => [...fieldsOf(c.body), ...fieldsOf(c.query)].some((f) => NAMES_A_RECORD.test(f))).map(([n]) => n);
    // These name no record of an account: the catalogue's products and addons, or the caller's own socket.
    const noAccountRecord = ['generateCoupons', 'createVpnAccount', 'broadcastingUserAuth'];
    // The operator's calls name any account's records by design (a reseller's wallet, terms and status,
    // every white-label enquiry, its own audit log's people); who may make them is the next block's.
    const operators = new Set(operatorCalls.map(([n]) => n));
    expect(naming.filter((n) => !noAccountRecord.includes(n) && !operators.has(n) && !(n in NAMING))).toEqual([]);
    for (const name of Object.keys(NAMING)) expect(contract[name as CallName], name).toBeDefined();
  });

  it("answers B's records exactly as missing ones, for every role, and changes nothing of B", { timeout: 300_000 }, async () => {
    const before = await snapshot();
    // Calls that end or move the caller's own session go last, so the others run signed in.
    const last: CallName[] = ['switchAccount', 'changePassword'];
    const calls = (Object.keys(NAMING) as CallName[]).sort((x, y) => Number(last.includes(x)) - Number(last.includes(y)));
    for (const member of [...membersA, { role: 'owner' as Role, token: operator.token, password: 'DemoPass2026!', label: 'operator' }]) {
      for (const name of calls) {
        const call = contract[name] as AnyCall;
        const request = NAMING[name] as (ids: Ids, password: string) => { body?: Record<string, unknown>; query?: Record<string, string | number> };
        const missing = await send(call, request(MISSING, member.password), member.token);
        const theirs = await send(call, request(B, member.password), member.token);
        const label = `${member.label ?? member.role} ${name}`;
        expect(theirs.status, label).toBeLessThan(500);
        // The same answer, word for word, but for the id asked about where it is echoed back.
        expect({ status: theirs.status, json: echoed(theirs.json, B) }, label).toEqual({ status: missing.status, json: echoed(missing.json, MISSING) });
        const text = JSON.stringify(theirs.json);
        for (const secret of ['idor-b', String(B.username), B.notification, 'whsec_']) expect(text, label).not.toContain(secret);
      }
    }
    expect(await snapshot()).toBe(before);
  });
});

describe("the operator's calls: refused to every role of a reseller account, and to the operator's Developer", () => {
  it('answers 403 to each, and changes nothing of the catalogue, of any reseller or wallet, or of the white-label pipeline', { timeout: 120_000 }, async () => {
    const catalogue = () =>
      query(
        t,
        sql`select (select json_agg(p order by id) from products p) as products, (select json_agg(a order by id) from addons a) as addons, (select count(*) from catalogue_changes) as changes,
                   (select count(*) from wallet_ledger) as ledger,
                   (select json_agg(json_build_array(id, parent_id, status, verified_at, credit_limit_cents, settlement_day, suspended_at, balance_cents) order by id) from resellers) as resellers,
                   (select json_agg(e order by id) from white_label_enquiries e) as enquiries, (select count(*) from white_label_notes) as notes, (select count(*) from mail_outbox where kind = 'white_label_reply') as replies`,
      );
    const before = JSON.stringify(await catalogue());
    const bodies: Partial<Record<CallName, Record<string, unknown>>> = {
      changeCataloguePrice: { item_type: 'product', item_id: 101, price: 9 },
      setCatalogueAvailability: { item_type: 'product', item_id: 101, active: false },
      createOperatorReseller: { name: 'Taken Over', email: 'taken-over@example.com', is_admin: true },
      verifyOperatorReseller: { id: b.id },
      setOperatorResellerStatus: { id: b.id, action: 'suspend', reason: 'idor' },
      moveOperatorReseller: { id: b.id, parent_id: null },
      setOperatorResellerTerms: { id: b.id, terms: 'postpaid', credit_limit: 1000, settlement_day: 1 },
      settleOperatorReseller: { id: b.id, amount: 1, note: 'idor' },
      operatorReseller: { id: b.id },
      operatorResellers: { q: 'idor' },
      programmeDashboard: { days: 90 },
      adjustResellerWallet: { reseller_id: b.id, type: 'credit', amount: 100, reason: 'Not the operator' },
      operatorMoney: { reseller: String(b.id) },
      operatorMoneyExportTicket: { reseller: String(b.id) },
      setWhiteLabelStatus: { enquiry_id: bEnquiry, status: 'won' },
      assignWhiteLabelOwner: { enquiry_id: bEnquiry, owner_person_id: ownerA.user.member.person_id },
      addWhiteLabelNote: { enquiry_id: bEnquiry, body: 'Taken over' },
      replyWhiteLabel: { enquiry_id: bEnquiry, subject: 'Taken over', body: 'Taken over' },
    };
    for (const member of [...membersA, { role: 'developer' as Role, token: operatorDeveloper.token, label: 'operator developer' }, { role: 'owner' as Role, token: b.token, label: 'B' }]) {
      for (const [name, call] of operatorCalls) {
        const given = bodies[name] ?? {};
        const res = await send(call, call.method === 'GET' ? { query: given as Record<string, string | number> } : { body: given }, member.token);
        const label = `${'label' in member ? member.label : member.role} ${name}`;
        expect(res.status, label).toBe(403);
        expect(res.json.header.code, label).toBe('label' in member && member.label === 'operator developer' ? 'rspf-team-1101' : 'rspf-account-1057');
      }
    }
    expect(JSON.stringify(await catalogue())).toBe(before);
  });
});
