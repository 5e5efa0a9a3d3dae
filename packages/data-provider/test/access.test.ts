import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, type Role } from '@partner-panel/sdk';
import { canAccess, createSession, memberMay, memoryStorage, roleOf, STORAGE_KEYS, encode, type StoredUser } from '../src/index.js';

const user = (over: Partial<StoredUser> = {}): StoredUser => ({
  id: 1000,
  name: 'R',
  email: 'r@x.co',
  status: 1,
  balance: 10,
  custom_url: 'r',
  client_id: 'cl_1',
  is_admin: false,
  is_operator: false,
  verified: true,
  created_at: '2026-01-01T00:00:00Z',
  member: { person_id: 1000, email: 'r@x.co', name: 'R', role: 'owner', permissions: [...PERMISSIONS], daily_limit: null, locale: null, time_zone: null },
  ...over,
});
const memberAs = (role: Role) => user({ member: { person_id: 7, email: 'm@x.co', name: 'M', role, permissions: [...ROLE_PERMISSIONS[role]], daily_limit: null, locale: null, time_zone: null } });

describe('canAccess (000 §6)', () => {
  it('names the four roles', () => {
    expect(roleOf(null)).toBe('visitor');
    expect(roleOf(user())).toBe('reseller');
    expect(roleOf(user({ is_admin: true }))).toBe('admin');
    expect(roleOf(user({ id: 903 }))).toBe('partner');
  });

  it('lets a signed-out visitor reach the public pages and redeem only', () => {
    expect(canAccess(null, { resource: 'public' })).toBe(true);
    expect(canAccess(null, { resource: 'redeem' })).toBe(true);
    for (const resource of ['dashboard', 'profile', 'coupons.list', 'billing', 'users']) {
      expect(canAccess(null, { resource }), resource).toBe(false);
    }
  });

  it('gives a reseller everything under its prefix but the Users section', () => {
    for (const resource of ['dashboard', 'dashboard.wallet', 'coupons.generate', 'coupons.price', 'vpn.create', 'billing', 'integration', 'notifications']) {
      expect(canAccess(user(), { resource }), resource).toBe(true);
    }
    expect(canAccess(user(), { resource: 'users' })).toBe(false);
  });

  it('gives an admin the Users section', () => {
    expect(canAccess(user({ is_admin: true }), { resource: 'users' })).toBe(true);
  });

  it("gives the operator its console, its team and its people's own pages, and none of a reseller's; nobody else the console", () => {
    const operator = user({ is_operator: true });
    for (const resource of ['operator', 'team', 'profile', 'notifications']) expect(canAccess(operator, { resource }), resource).toBe(true);
    for (const resource of ['dashboard', 'dashboard.wallet', 'coupons.generate', 'coupons.list', 'vpn.list', 'billing', 'integration', 'users', 'redeem']) {
      expect(canAccess(operator, { resource }), resource).toBe(false);
    }
    expect(canAccess(user(), { resource: 'operator' })).toBe(false);
    expect(canAccess(user({ is_admin: true }), { resource: 'operator' })).toBe(false);
    expect(canAccess(operator, { resource: 'operator', action: 'changeCataloguePrice' })).toBe(true);
    const developer = { ...user({ is_operator: true }), member: { person_id: 7, email: 'd@x.co', name: 'D', role: 'developer' as const, permissions: [...ROLE_PERMISSIONS.developer], daily_limit: null, locale: null, time_zone: null } };
    expect(canAccess(developer, { resource: 'operator', action: 'catalogue' })).toBe(false);
  });

  it('restricts reseller 903: no wallet, billing, addons, type choice, pricing, VPN creation or VPN tiles', () => {
    const partner = user({ id: 903 });
    for (const resource of ['dashboard.wallet', 'dashboard.vpn', 'billing', 'coupons.addons', 'coupons.billing_type', 'coupons.price', 'vpn.create']) {
      expect(canAccess(partner, { resource }), resource).toBe(false);
    }
    for (const resource of ['dashboard', 'coupons.generate', 'coupons.list', 'vpn.subscriptions', 'vpn.list', 'redeem', 'profile']) {
      expect(canAccess(partner, { resource }), resource).toBe(true);
    }
  });

  it('lets only an active account (status 1) generate or create', () => {
    expect(canAccess(user({ status: 2 }), { resource: 'coupons.generate', action: 'generate' })).toBe(false);
    expect(canAccess(user({ status: 2 }), { resource: 'coupons.generate' })).toBe(true);
    expect(canAccess(user({ status: 1 }), { resource: 'vpn.create', action: 'create' })).toBe(true);
  });
});

describe('canAccess for the members of a team (the contract’s permissions)', () => {
  it('allows a call when the member’s permissions hold its declared permission', () => {
    expect(memberMay(memberAs('finance'), 'payByTestCard')).toBe(true);
    expect(memberMay(memberAs('finance'), 'generateCoupons')).toBe(false);
    expect(memberMay(memberAs('developer'), 'getSecretKey')).toBe(true);
    expect(memberMay(memberAs('viewer'), 'getSecretKey')).toBe(false);
    expect(memberMay(memberAs('support'), 'updateVpnStatus')).toBe(true);
    expect(memberMay(memberAs('support'), 'invoices')).toBe(false);
    // A call of no permission (public) is anyone's.
    expect(memberMay(null, 'login')).toBe(true);
  });

  it('checks the area first, then the call; an action that is not a call is the area’s verb', () => {
    expect(canAccess(memberAs('operations'), { resource: 'coupons.generate', action: 'generateCoupons' })).toBe(true);
    expect(canAccess(memberAs('operations'), { resource: 'coupons.generate', action: 'generate' })).toBe(true);
    expect(canAccess({ ...memberAs('operations'), status: 2 }, { resource: 'coupons.generate', action: 'generate' })).toBe(false);
    expect(canAccess(memberAs('owner'), { resource: 'users', action: 'listUsers' })).toBe(false);
    expect(canAccess({ ...memberAs('finance'), is_admin: true }, { resource: 'users', action: 'createUserInvoice' })).toBe(true);
    expect(canAccess({ ...memberAs('finance'), is_admin: true }, { resource: 'users', action: 'updateUser' })).toBe(false);
  });

  it('reads a user stored before teams as its account’s Owner (migration 0024 made each sign-in so)', () => {
    const storage = memoryStorage();
    const { member: _member, ...before } = user();
    storage.setItem(STORAGE_KEYS.user, encode(JSON.stringify(before)));
    expect(createSession(storage).user()?.member).toMatchObject({ person_id: 1000, role: 'owner', permissions: [...PERMISSIONS] });
  });

  it('keeps the member when an answer about the account alone replaces the stored account', () => {
    const session = createSession(memoryStorage());
    session.signIn(memberAs('finance'), 'token');
    const { member: _member, ...account } = memberAs('finance');
    session.setAccount({ ...account, name: 'Renamed' });
    expect(session.user()).toMatchObject({ name: 'Renamed', member: { role: 'finance' } });
  });
});
