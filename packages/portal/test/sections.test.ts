/**
 * The sections' one declaration (src/sections.tsx): every address of the route table has its page
 * there, the menus each role gets come from it through the access rules, and a path's section is
 * found from the pages' own addresses.
 */
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { canAccess, type StoredUser } from '@partner-panel/data-provider';
import { RESTRICTED_RESELLER_ID } from '@partner-panel/sdk';
import { sectionOf, sectionsFor } from '../src/layout/navigation';
import { paths } from '../src/routing/paths';
import { accountPages, sections } from '../src/sections';

const user = (fields: Partial<StoredUser>) => ({ id: 1000, is_admin: false, status: 1, custom_url: 'shop', ...fields }) as StoredUser;
const reseller = user({});
const admin = user({ id: 1001, is_admin: true });
const partner = user({ id: RESTRICTED_RESELLER_ID });

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
    // An admin has its Users section too; reseller 903 has no billing and no pricing page (000 §6).
    expect(menu(admin).map(([key]) => key)).toEqual(['dashboard', 'coupons', 'vpn', 'billing', 'integration', 'users']);
    expect(menu(admin).at(-1)).toEqual(['users', '/shop/users/all', ['/shop/users/all', '/shop/users/white-label']]);
    expect(menu(partner).map(([key]) => key)).toEqual(['dashboard', 'coupons', 'vpn', 'integration']);
    expect(menu(partner)[1]).toEqual(['coupons', '/shop/coupons/generate', ['/shop/coupons/generate', '/shop/coupons/list']]);
    expect(sectionsFor(admin, '/shop').filter((s) => s.phone).map((s) => s.key)).toEqual(['dashboard', 'coupons', 'vpn', 'billing', 'integration', 'users']);
    // The invoice's own page is the Invoices tab's.
    expect(sectionsFor(reseller, '/shop')[3]?.pages[1]?.within).toEqual(['/shop/billing/invoices', '/shop/billing/invoice']);
  });

  it('guard each page by its access: the pages a role is sent away from', () => {
    const refused = (who: StoredUser) => pages.filter((page) => !canAccess(who, { resource: page.access })).map((page) => `${page.path}${page.otherwise ? ` → ${page.otherwise}` : ''}`);
    expect(refused(reseller)).toEqual(['users/all', 'users/white-label', 'user/edit/:id/*']);
    expect(refused(admin)).toEqual([]);
    expect(refused(partner)).toEqual([
      'coupons/price → couponsList',
      'billing/pay',
      'billing/pay/invoice/:id',
      'billing/invoices',
      'billing/unpaid/invoices',
      'billing/transactions',
      'billing/invoice/:id',
      'users/all',
      'users/white-label',
      'user/edit/:id/*',
      'payments/success',
    ]);
  });

  it('find the section of a path from its pages’ addresses', () => {
    expect(sectionOf('/shop/dashboard/redeem')).toBe('dashboard');
    expect(sectionOf('/shop/coupons/anything')).toBe('coupons');
    expect(sectionOf('/shop/billing/invoice/1001')).toBe('billing');
    expect(sectionOf('/shop/user/edit/7/listcoupons')).toBe('users');
    expect(sectionOf('/shop/profile')).toBeNull();
    expect(sectionOf('/shop/payments/success')).toBeNull();
  });
});
