import { describe, expect, it } from 'vitest';
import { canAccess, roleOf, type StoredUser } from '../src/index.js';

const user = (over: Partial<StoredUser> = {}): StoredUser => ({
  id: 1000,
  name: 'R',
  email: 'r@x.co',
  status: 1,
  balance: 10,
  custom_url: 'r',
  client_id: 'cl_1',
  is_admin: false,
  verified: true,
  created_at: '2026-01-01T00:00:00Z',
  ...over,
});

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
