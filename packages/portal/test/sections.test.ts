/**
 * The sections' one declaration (src/sections.tsx): every address of the route table has its page
 * there, the menus each role gets come from it through the access rules, and a path's section is
 * found from the pages' own addresses.
 */
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { canAccess, type StoredUser } from '@partner-panel/data-provider';
import { RESTRICTED_RESELLER_ID, ROLE_PERMISSIONS, type Role } from '@partner-panel/sdk';
import { mayOpen, sectionOf, sectionsFor } from '../src/layout/navigation';
import { paths } from '../src/routing/paths';
import { accountPages, sections } from '../src/sections';

/** A member of the account with a role: its permissions are the contract's table. */
const memberOf = (role: Role) => ({ person_id: 1, email: 'p@shop.test', name: 'P', role, permissions: [...ROLE_PERMISSIONS[role]], daily_limit: null });
const user = (fields: Partial<StoredUser>, role: Role = 'owner') => ({ id: 1000, is_admin: false, status: 1, custom_url: 'shop', member: memberOf(role), ...fields }) as StoredUser;
const reseller = user({});
const admin = user({ id: 1001, is_admin: true });
const partner = user({ id: RESTRICTED_RESELLER_ID });
const operator = user({ id: 1004, is_operator: true });

const pages = [...sections.flatMap((s) => s.pages), ...accountPages];
const generic = (path: string) => path.startsWith(':');
/** The declared page that serves an address under the prefix, other than the generic shell. */
const pageAt = (address: string) => pages.find((page) => !generic(page.path) && matchPath(`/shop/${page.path}`, address));

describe('the sections', () => {
  it('declare a page for every address of the route table', () => {
    const links = paths('/shop');
    const addresses = Object.entries(links).flatMap(([key, value]) => (typeof value === 'string' && key !== 'base' ? [value] : []));
    addresses.push(links.userEdit(7), `${links.userEdit(7)}/listcoupons`, links.invoice(1001), links.payInvoice(1001), `${links.subscriptions}/update`, `${links.sandbox}/search`);
    expect(addresses.filter((address) => !pageAt(address))).toEqual([]);
    expect(new Set(pages.map((page) => page.path)).size, 'one page per path').toBe(pages.length);
  });

  it('give each role its menu: sections, tabs and the phone navbar', () => {
    const menu = (who: StoredUser) => sectionsFor(who, '/shop').map((s) => [s.key, s.to, s.pages.map((page) => page.to)]);
    expect(menu(reseller)).toEqual([
      ['dashboard', '/shop/dashboard/overview', ['/shop/dashboard/overview', '/shop/dashboard/redeem', '/shop/dashboard/exploredocs']],
      ['coupons', '/shop/coupons/generate', ['/shop/coupons/generate', '/shop/coupons/list', '/shop/coupons/price']],
      ['vpn', '/shop/vpn/subscriptions', ['/shop/vpn/subscriptions', '/shop/vpn/list']],
      ['billing', '/shop/billing/pay', ['/shop/billing/pay', '/shop/billing/invoices', '/shop/billing/unpaid/invoices', '/shop/billing/transactions']],
      ['integration', '/shop/integration/form', ['/shop/integration/form', '/shop/integration/keys', '/shop/integration/sandbox', '/shop/integration/webhooks']],
    ]);
    // The Team page is the user menu's, not the sidebar's.
    expect(sectionsFor(reseller, '/shop', 'userMenu').map((s) => [s.key, s.to])).toEqual([['team', '/shop/team']]);
    // An admin has its Users section too; reseller 903 has no billing and no pricing page (000 §6).
    expect(menu(admin).map(([key]) => key)).toEqual(['dashboard', 'coupons', 'vpn', 'billing', 'integration', 'users']);
    expect(menu(admin).at(-1)).toEqual(['users', '/shop/users/all', ['/shop/users/all']]);
    // The operator (the provider's own account): its console alone, and its team in the user menu.
    expect(menu(operator)).toEqual([['operator', '/shop/programme', ['/shop/programme', '/shop/catalogue', '/shop/resellers', '/shop/money', '/shop/money/reconciliation', '/shop/white-label', '/shop/audit']]]);
    expect(sectionsFor(operator, '/shop', 'userMenu').map((s) => [s.key, s.to])).toEqual([['team', '/shop/team']]);
    expect(menu(user({ id: 1004, is_operator: true }, 'developer'))).toEqual([]);
    expect(menu(partner).map(([key]) => key)).toEqual(['dashboard', 'coupons', 'vpn', 'integration']);
    expect(menu(partner)[1]).toEqual(['coupons', '/shop/coupons/generate', ['/shop/coupons/generate', '/shop/coupons/list']]);
    expect(sectionsFor(admin, '/shop').filter((s) => s.phone).map((s) => s.key)).toEqual(['dashboard', 'coupons', 'vpn', 'billing', 'integration', 'users']);
    // The invoice's own page is the Invoices tab's.
    expect(sectionsFor(reseller, '/shop')[3]?.pages[1]?.within).toEqual(['/shop/billing/invoices', '/shop/billing/invoice']);
  });

  it('guard each page by its access: the pages a role is sent away from', () => {
    const refused = (who: StoredUser) => pages.filter((page) => !canAccess(who, { resource: page.access })).map((page) => `${page.path}${page.otherwise ? ` → ${page.otherwise}` : ''}`);
    expect(refused(reseller)).toEqual(['users/all', 'user/edit/:id/*', 'programme', 'catalogue', 'resellers', 'money', 'money/reconciliation', 'white-label', 'audit']);
    expect(refused(admin)).toEqual(['programme', 'catalogue', 'resellers', 'money', 'money/reconciliation', 'white-label', 'audit']);
    // The operator has no wallet, coupons or customers: every reseller's page sends it to its catalogue.
    expect(pages.filter((page) => canAccess(operator, { resource: page.access })).map((page) => page.path)).toEqual(['programme', 'catalogue', 'resellers', 'money', 'money/reconciliation', 'white-label', 'audit', 'team', 'notifications', 'profile']);
    expect(refused(partner)).toEqual([
      'coupons/price → couponsList',
      'billing/pay',
      'billing/pay/invoice/:id',
      'billing/invoices',
      'billing/unpaid/invoices',
      'billing/transactions',
      'billing/invoice/:id',
      'users/all',
      'user/edit/:id/*',
      'programme',
      'catalogue',
      'resellers',
      'money',
      'money/reconciliation',
      'white-label',
      'audit',
      'payments/success',
    ]);
  });

  it('find the section of a path from its pages’ addresses', () => {
    expect(sectionOf('/shop/dashboard/redeem')).toBe('dashboard');
    expect(sectionOf('/shop/coupons/anything')).toBe('coupons');
    expect(sectionOf('/shop/billing/invoice/1001')).toBe('billing');
    expect(sectionOf('/shop/user/edit/7/listcoupons')).toBe('users');
    expect(sectionOf('/shop/profile')).toBeNull();
    expect(sectionOf('/shop/team')).toBe('team');
    expect(sectionOf('/shop/payments/success')).toBeNull();
  });
});

/**
 * Each role of a team against the sections: the menu it gets, the pages whose address shows it the
 * 'not allowed' page (their call's permission, from the contract, is not the role's), and the
 * user menu's Team entry. The admin reseller's members, to cover its Users section too.
 */
describe('the sections for each role of a team', () => {
  const as = (role: Role) => user({ id: 1001, is_admin: true }, role);
  const menu = (role: Role) => Object.fromEntries(sectionsFor(as(role), '/shop').map((s) => [s.key, s.pages.map((page) => page.path)]));
  const notAllowed = (role: Role) => pages.filter((page) => canAccess(as(role), { resource: page.access }) && !mayOpen(as(role), page)).map((page) => page.path);
  const team = (role: Role) => sectionsFor(as(role), '/shop', 'userMenu').map((s) => s.key);

  it('Owner and Administrator: every page', () => {
    for (const role of ['owner', 'administrator'] as const) {
      expect(notAllowed(role), role).toEqual([]);
      expect(Object.keys(menu(role)), role).toEqual(['dashboard', 'coupons', 'vpn', 'billing', 'integration', 'users']);
      expect(team(role), role).toEqual(['team']);
    }
  });

  it('Finance: money and reading, no generation, no keys, no VPN changes, no team', () => {
    expect(menu('finance')).toEqual({
      dashboard: ['dashboard/overview', 'dashboard/redeem', 'dashboard/exploredocs'],
      coupons: ['coupons/list', 'coupons/price'],
      vpn: ['vpn/list'],
      billing: ['billing/pay', 'billing/invoices', 'billing/unpaid/invoices', 'billing/transactions'],
      users: ['users/all'],
    });
    expect(notAllowed('finance')).toEqual(['coupons/generate', 'vpn/subscriptions/*', 'integration/form', 'integration/keys', 'integration/sandbox/*', 'integration/webhooks', 'team']);
    expect(team('finance')).toEqual([]);
  });

  it('Operations: generation and VPN accounts, no money pages, no keys', () => {
    expect(Object.keys(menu('operations'))).toEqual(['dashboard', 'coupons', 'vpn', 'users']);
    expect(menu('operations').coupons).toEqual(['coupons/generate', 'coupons/list', 'coupons/price']);
    expect(notAllowed('operations')).toEqual(expect.arrayContaining(['billing/pay', 'billing/invoices', 'integration/keys', 'integration/webhooks', 'payments/success']));
  });

  it('Developer: keys, webhooks, sandbox and docs; Generate Coupons is not allowed', () => {
    expect(menu('developer')).toEqual({
      dashboard: ['dashboard/overview', 'dashboard/redeem', 'dashboard/exploredocs'],
      integration: ['integration/keys', 'integration/sandbox/*', 'integration/webhooks'],
    });
    expect(notAllowed('developer')).toEqual(expect.arrayContaining(['coupons/generate', 'coupons/list', 'billing/pay', 'vpn/list', 'users/all']));
    expect(team('developer')).toEqual([]);
  });

  it('Support: coupons and VPN accounts to read, enable or disable; no money pages, no generation', () => {
    expect(menu('support')).toEqual({
      dashboard: ['dashboard/overview', 'dashboard/redeem', 'dashboard/exploredocs'],
      coupons: ['coupons/list', 'coupons/price'],
      vpn: ['vpn/subscriptions/*', 'vpn/list'],
      users: ['users/all'],
    });
    expect(notAllowed('support')).toEqual(expect.arrayContaining(['coupons/generate', 'billing/pay', 'billing/invoices', 'billing/transactions', 'integration/keys']));
  });

  it('Viewer: reads everything but keys and secrets; changes nothing', () => {
    expect(Object.keys(menu('viewer'))).toEqual(['dashboard', 'coupons', 'vpn', 'billing', 'integration', 'users']);
    expect(menu('viewer').billing).toEqual(['billing/invoices', 'billing/unpaid/invoices', 'billing/transactions']);
    expect(menu('viewer').integration).toEqual(['integration/webhooks']);
    expect(notAllowed('viewer')).toEqual(['coupons/generate', 'vpn/subscriptions/*', 'billing/pay', 'billing/pay/invoice/:id', 'integration/form', 'integration/keys', 'integration/sandbox/*', 'payments/success']);
    expect(team('viewer')).toEqual(['team']);
  });

  it('asks the contract: a call’s declared permission decides, through the auth provider’s canAccess', () => {
    const developer = as('developer');
    expect(canAccess(developer, { resource: 'coupons.generate', action: 'generateCoupons' })).toBe(false);
    expect(canAccess(developer, { resource: 'integration', action: 'getSecretKey' })).toBe(true);
    expect(canAccess(as('administrator'), { resource: 'team', action: 'transferOwnership' })).toBe(false);
    expect(canAccess(as('owner'), { resource: 'team', action: 'transferOwnership' })).toBe(true);
    // A public call needs no permission; an area's own rule still holds.
    expect(canAccess(developer, { resource: 'redeem', action: 'redeem' })).toBe(true);
    expect(canAccess(user({}, 'owner'), { resource: 'users', action: 'listUsers' })).toBe(false);
  });
});
