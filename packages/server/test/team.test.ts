/**
 * Teams through HTTP on the real database: invitations and their refusals, the role matrix
 * generated from the contract (every signed-in call × every role), removal ending a member's next
 * call, and an Operations member's daily limit held exactly under 50 concurrent generations.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLES, ROLE_NAMES, contract, errors, isSignedInAccess, formatMessage, roleMay, type AnyCall, type ErrorName, type Role } from '@partner-panel/sdk';
import { manualClock, testApp } from './support/app.js';
import { MEMBER_PASSWORD, invitationToken, joinAs } from './support/team.js';
import { fundedReseller, query } from './support/sql.js';
import { findSession } from '../src/modules/auth/sessions.js';
import { transferOwnership } from '../src/modules/team/members.js';

const clock = manualClock(new Date());
const t = await testApp({ clock, poolSize: 20, env: { SESSION_TTL_HOURS: '2160' } });
const owner = await t.signIn('admin@demo.partner-panel.test');
const PASSWORD = MEMBER_PASSWORD;

/** Invites an address into the demo admin's account with a role and accepts as a new person. */
const member = (role: Role, email?: string) => joinAs(t, owner.api, role, email);

describe('invitations', () => {
  it('invites several addresses at once, and each accepts into its role', async () => {
    const made = await owner.api.inviteMembers({ invitations: [{ email: 'fin@example.com', role: 'finance' }, { email: 'dev@example.com', role: 'developer' }] });
    expect(made.data.map((i) => [i.email, i.role, i.status]).sort()).toEqual([['dev@example.com', 'developer', 'pending'], ['fin@example.com', 'finance', 'pending']]);
    const read = await t.client().readInvitation({ token: await invitationToken(t, 'fin@example.com') });
    expect(read).toMatchObject({ account: 'Demo Admin', email: 'fin@example.com', role: 'finance', existing_person: false });
    const fin = await t.client().acceptInvitation({ token: await invitationToken(t, 'fin@example.com'), name: 'Fin', password: PASSWORD, password_confirmation: PASSWORD });
    expect(fin.member).toMatchObject({ role: 'finance', email: 'fin@example.com' });
    expect(fin.member.permissions).toContain('billing.pay');
    expect((await t.signIn('fin@example.com', PASSWORD)).user.member.role).toBe('finance');
    const listed = await owner.api.teamInvitations();
    expect(listed.data.find((i) => i.email === 'fin@example.com')?.status).toBe('accepted');
  });

  it('refuses a link used twice, revoked, expired, or meant for another sign-in, each with its sentence', async () => {
    const used = await invitationToken(t, 'fin@example.com');
    const again = await t.post('/api/team/invitation/accept', { token: used, name: 'X', password: PASSWORD, password_confirmation: PASSWORD });
    expect(again.json.header, JSON.stringify(again.json)).toMatchObject({ code: 'rspf-team-1109' });
    expect(again.status).toBe(410);

    const [revoked] = (await owner.api.inviteMembers({ invitations: [{ email: 'gone@example.com', role: 'viewer' }] })).data;
    await owner.api.revokeInvitation({ id: revoked?.id as number });
    expect((await t.post('/api/team/invitation', { token: await invitationToken(t, 'gone@example.com') })).json.header.code).toBe('rspf-team-1111');

    await owner.api.inviteMembers({ invitations: [{ email: 'late@example.com', role: 'viewer' }] });
    clock.advance(10 * 86_400_000 + 1);
    const late = await t.post('/api/team/invitation', { token: await invitationToken(t, 'late@example.com') });
    expect(late.json.header).toMatchObject({ code: 'rspf-team-1110', message: 'This invitation has expired. Ask the account for a new one.' });

    // An address that already signs in here: only that person, signed in, may accept.
    await owner.api.inviteMembers({ invitations: [{ email: 'reseller@demo.partner-panel.test', role: 'support' }] });
    const token = await invitationToken(t, 'reseller@demo.partner-panel.test');
    expect((await t.post('/api/team/invitation/accept', { token })).json.header.code).toBe('rspf-team-1113');
    const other = await t.signIn('sub1@demo.partner-panel.test');
    expect((await t.post('/api/team/invitation/accept', { token }, other.token)).json.header.code).toBe('rspf-team-1112');
    const right = await t.signIn('reseller@demo.partner-panel.test');
    const joined = await t.post('/api/team/invitation/accept', { token }, right.token);
    expect(joined.json.body).toMatchObject({ custom_url: 'demo-admin', member: { role: 'support' } });
    const accounts = await right.api.myAccounts();
    expect(accounts.data.map((a) => [a.custom_url, a.role])).toEqual([['demo-reseller', 'owner'], ['demo-admin', 'support']]);
    const switched = await right.api.switchAccount({ reseller_id: accounts.data[1]?.id as number });
    expect(switched).toMatchObject({ custom_url: 'demo-admin', member: { role: 'support' } });
    expect((await right.api.profile()).custom_url).toBe('demo-admin');
  });

  it('gives no one the Owner role but by a transfer, and an Administrator cannot touch the Owner', async () => {
    expect((await t.post('/api/v1/team/invitations', { invitations: [{ email: 'o@example.com', role: 'owner' }] }, owner.token)).json.header.code).toBe('rspf-team-1105');
    const admin = await member('administrator');
    const ownerId = (await owner.api.profile()).member.person_id;
    expect((await t.post('/api/v1/team/members/remove', { person_id: ownerId }, admin.token)).json.header.code).toBe('rspf-team-1103');
    expect((await t.post('/api/v1/team/transfer', { person_id: admin.personId }, admin.token)).json.header.code).toBe('rspf-team-1101');
  });
});

describe('removing or lowering a member', () => {
  it('ends their session at once: the next call is signed out (000 §4)', async () => {
    const ops = await member('operations');
    expect((await t.get('/api/v1/resellers/profile', ops.token)).status).toBe(200);
    await owner.api.removeMember({ person_id: ops.personId });
    const next = await t.get('/api/v1/resellers/profile', ops.token);
    expect(next.status).toBe(401);
    expect(next.json.header.status).toBe('forbidden');
    const viewer = await member('viewer');
    await owner.api.updateMember({ person_id: viewer.personId, role: 'support' });
    expect((await t.get('/api/v1/resellers/profile', viewer.token)).json.header.status).toBe('forbidden');
  });
});

/** A request for a call with an empty body: what the permission decides comes before any field. */
async function callAs(call: AnyCall, token: string) {
  const path = call.path.replace(/\{\w+\}/g, '1');
  if (call.method === 'GET') return t.get(path, token);
  const res = await t.app.inject({
    method: call.method,
    url: path,
    headers: { ...(await csrf()), authorization: `Bearer ${token}` },
    payload: {},
  });
  return { status: res.statusCode, json: res.json() as { header: { code: unknown; status: string } } };
}
async function csrf() {
  const res = await t.app.inject({ method: 'GET', url: '/api/csrf' });
  const token = (res.json() as { body: { csrf_token: string } }).body.csrf_token;
  return { 'csrf-token': token, cookie: `XSRF-TOKEN=${token}` };
}

describe('the role matrix, generated from the contract', () => {
  // A reseller's calls (the operator's own are held by the same table in operator.test.ts).
  const signedIn = Object.entries(contract).filter(([, call]) => call.access === 'reseller' || call.access === 'admin') as [string, AnyCall][];

  it('declares a permission on every signed-in call and none on the others', () => {
    for (const [name, call] of Object.entries(contract) as [string, AnyCall][]) {
      const needs = isSignedInAccess(call.access);
      expect(call.permission !== null, name).toBe(needs);
    }
  });

  it('answers every call × every role as the contract declares: allowed, or 403 with the catalogue sentence', { timeout: 300_000 }, async () => {
    // Calls that end the caller's own session or move it go last, so the rest run signed in.
    const last = new Set(['logout', 'endOtherSessions', 'switchAccount']);
    const ordered = [...signedIn.filter(([n]) => !last.has(n)), ...signedIn.filter(([n]) => last.has(n))];
    for (const role of ROLES) {
      // The Owner's own session for the matrix: its logout must not end the one inviting the others.
      const who = role === 'owner' ? await t.signIn('admin@demo.partner-panel.test') : await member(role);
      for (const [name, call] of ordered) {
        const res = await callAs(call, who.token);
        if (roleMay(role, call.permission as NonNullable<AnyCall['permission']>)) {
          expect(res.json.header.code, `${role} ${name}`).not.toBe('rspf-team-1101');
          expect(res.status, `${role} ${name}`).toBeLessThan(500);
        } else {
          expect({ status: res.status, header: res.json.header }, `${role} ${name}`).toMatchObject({
            status: 403,
            header: { code: 'rspf-team-1101', status: 'error', message: `Your role (${ROLE_NAMES[role]}) does not allow this. Ask an Owner or Administrator of the account.` },
          });
        }
      }
    }
  });
});

describe("an Operations member's daily spending limit", () => {
  it('lets 50 concurrent generations spend exactly up to the limit, and the ledger names the member', async () => {
    const shop = await fundedReseller(t, 'limited-shop@example.com', 1_000_000);
    await shop.api.inviteMembers({ invitations: [{ email: 'ops-limited@example.com', role: 'operations' }] });
    const joined = await t.client().acceptInvitation({ token: await invitationToken(t, 'ops-limited@example.com'), name: 'Ops', password: PASSWORD, password_confirmation: PASSWORD });
    await shop.api.updateMember({ person_id: joined.member.person_id, daily_limit: 100 });
    const ops = t.client(joined.access_token);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => ops.generateCoupons({ quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'LIM' })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    // $45 a coupon: two fit in $100, a third would pass it.
    expect(ok).toHaveLength(2);
    for (const r of refused) expect(r.reason).toMatchObject({ httpStatus: 402, code: 'rspf-wallet-4023' });
    const [spent] = await query<{ cents: number; rows: number }>(
      t,
      sql`select -sum(amount_cents)::int as cents, count(*)::int as rows from wallet_ledger where reseller_id = ${shop.id} and person_id = ${joined.member.person_id}`,
    );
    expect(spent).toEqual({ cents: 9_000, rows: 2 });
    // The day's running total that the check reads is the ledger's sum, and it carries across
    // calls: a limit raised later that day counts what was already spent ($90 + $45 ≤ $150, a
    // second $45 is not).
    expect(await query(t, sql`select spent_cents::int as cents from member_spending where reseller_id = ${shop.id} and person_id = ${joined.member.person_id}`)).toEqual([{ cents: 9_000 }]);
    await shop.api.updateMember({ person_id: joined.member.person_id, daily_limit: 150 });
    await ops.generateCoupons({ quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'LIM' });
    await expect(ops.generateCoupons({ quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'LIM' })).rejects.toMatchObject({
      httpStatus: 402,
      code: 'rspf-wallet-4023',
    });
    expect(await query(t, sql`select spent_cents::int as cents from member_spending where reseller_id = ${shop.id} and person_id = ${joined.member.person_id}`)).toEqual([{ cents: 13_500 }]);
    // The Owner has no limit.
    await shop.api.generateCoupons({ quantity: 3, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'OWN' });
  });
});

const shop = await fundedReseller(t, 'refusing-shop@example.com', 0);
const shopPerson = shop.user.member.person_id;

describe("the team's refusals, each with its catalogue sentence", () => {
  /** The refusal of a call: its HTTP status and envelope, to hold to the catalogue entry. */
  const refused = async (call: Promise<unknown>) =>
    call.then(
      () => ({ refused: false }),
      (e: { httpStatus: number; code: unknown; message: string }) => ({ status: e.httpStatus, code: e.code, message: e.message }),
    );
  const entry = (name: ErrorName, vars: Record<string, string> = {}) => ({ status: errors[name].http, code: errors[name].code, message: formatMessage(errors[name].message, vars) });

  it('1102: a person who is not a member of the account', async () => {
    const elsewhere = await member('viewer');
    const calls = [
      () => shop.api.removeMember({ person_id: elsewhere.personId }),
      () => shop.api.updateMember({ person_id: elsewhere.personId, role: 'support' }),
      () => shop.api.transferOwnership({ person_id: 2_000_000_000 }),
    ];
    for (const call of calls) expect(await refused(call())).toEqual(entry('memberNotFound'));
  });

  it('1104: only the Owner transfers ownership, even past the permission check', async () => {
    const admin = await joinAs(t, shop.api, 'administrator');
    const session = await findSession(t.app.ctx, admin.token);
    expect(session?.role).toBe('administrator');
    expect(await refused(transferOwnership(t.app.ctx, session as NonNullable<typeof session>, shopPerson, '127.0.0.1').catch((e: { entry: { http: number; code: string }; message: string }) => {
      throw { httpStatus: e.entry.http, code: e.entry.code, message: e.message };
    }))).toEqual(entry('ownerOnly'));
    expect(await query(t, sql`select role from memberships where reseller_id = ${shop.id} and person_id = ${shopPerson}`)).toEqual([{ role: 'owner' }]);
  });

  it('1106, 1107: an address already a member, or already invited, refuses the whole call', async () => {
    const joined = await joinAs(t, shop.api, 'support');
    const before = (await shop.api.teamInvitations()).data.length;
    expect(await refused(shop.api.inviteMembers({ invitations: [{ email: 'fresh-1@example.com', role: 'viewer' }, { email: joined.email.toUpperCase(), role: 'viewer' }] }))).toEqual(
      entry('alreadyMember', { email: joined.email.toUpperCase() }),
    );
    await shop.api.inviteMembers({ invitations: [{ email: 'pending-1@example.com', role: 'viewer' }] });
    expect(await refused(shop.api.inviteMembers({ invitations: [{ email: 'fresh-2@example.com', role: 'viewer' }, { email: 'Pending-1@example.com', role: 'finance' }] }))).toEqual(
      entry('invitationPending', { email: 'Pending-1@example.com' }),
    );
    // All or none: neither fresh address was invited.
    expect((await shop.api.teamInvitations()).data.length).toBe(before + 1);
  });

  it("1108: an invitation that is not the account's, or a link that is no one's", async () => {
    const [theirs] = (await owner.api.inviteMembers({ invitations: [{ email: 'someone-elses@example.com', role: 'viewer' }] })).data;
    const calls = [
      () => shop.api.resendInvitation({ id: theirs?.id as number }),
      () => shop.api.revokeInvitation({ id: theirs?.id as number }),
      () => shop.api.revokeInvitation({ id: 2_000_000_000 }),
    ];
    for (const call of calls) expect(await refused(call())).toEqual(entry('invitationNotFound'));
    expect(await refused(t.client().readInvitation({ token: 'x'.repeat(43) }))).toEqual(entry('invitationNotFound'));
  });

  it('1114: an accepted or revoked invitation is neither resent nor revoked', async () => {
    const joined = await joinAs(t, shop.api, 'viewer');
    const accepted = (await shop.api.teamInvitations()).data.find((i) => i.email === joined.email);
    expect(accepted?.status).toBe('accepted');
    const [withdrawn] = (await shop.api.inviteMembers({ invitations: [{ email: 'withdrawn@example.com', role: 'viewer' }] })).data;
    await shop.api.revokeInvitation({ id: withdrawn?.id as number });
    for (const id of [accepted?.id, withdrawn?.id] as number[]) {
      expect(await refused(shop.api.resendInvitation({ id }))).toEqual(entry('invitationClosed'));
      expect(await refused(shop.api.revokeInvitation({ id }))).toEqual(entry('invitationClosed'));
    }
  });

  it('1115: a daily limit only for Operations members', async () => {
    const finance = await joinAs(t, shop.api, 'finance');
    expect(await refused(shop.api.updateMember({ person_id: finance.personId, daily_limit: 50 }))).toEqual(entry('limitOperationsOnly'));
    expect(await refused(shop.api.updateMember({ person_id: finance.personId, role: 'support', daily_limit: 50 }))).toEqual(entry('limitOperationsOnly'));
    expect(await query(t, sql`select role, daily_limit_cents from memberships where person_id = ${finance.personId}`)).toEqual([{ role: 'finance', daily_limit_cents: null }]);
  });

  it('1116, 1118: switching to an account one is not in, or one requiring a second factor one lacks', async () => {
    const person = await joinAs(t, shop.api, 'viewer');
    expect(await refused(person.api.switchAccount({ reseller_id: 1001 }))).toEqual(entry('notAMemberOf'));
    const strict = await fundedReseller(t, 'strict-shop@example.com', 0);
    await strict.api.inviteMembers({ invitations: [{ email: person.email, role: 'viewer' }] });
    await t.client(person.token).acceptInvitation({ token: await invitationToken(t, person.email) });
    await strict.api.requireTeamTwoFactor({ required: true });
    expect(await refused(person.api.switchAccount({ reseller_id: strict.id }))).toEqual(entry('teamTwoFactorRequired'));
    expect((await person.api.profile()).id).toBe(shop.id);
  });

  it('1117: a person whose last account removed them cannot sign in', async () => {
    const gone = await joinAs(t, shop.api, 'support');
    await shop.api.removeMember({ person_id: gone.personId });
    expect(await refused(t.client().login({ email: gone.email, password: PASSWORD }))).toEqual(entry('noAccount'));
  });

  it('1119: no one changes or removes themselves', async () => {
    const admin = await joinAs(t, shop.api, 'administrator');
    expect(await refused(admin.api.updateMember({ person_id: admin.personId, role: 'viewer' }))).toEqual(entry('selfChange'));
    expect(await refused(admin.api.removeMember({ person_id: admin.personId }))).toEqual(entry('selfChange'));
    expect(await refused(shop.api.removeMember({ person_id: shopPerson }))).toEqual(entry('selfChange'));
    expect(await refused(shop.api.transferOwnership({ person_id: shopPerson }))).toEqual(entry('selfChange'));
  });
});
