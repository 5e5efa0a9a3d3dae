/** Every route of 000 §2 in Chromium: guards, redirects, reloads, roles, desktop and mobile. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, MOBILE, newTab, signIn, trackRequests } from './support/browser.js';
import { credit } from './support/data.js';
import { startServer } from './support/server.js';

const server = await startServer();
const RESELLER = 'reseller@demo.partner-panel.test';
const path = (url: string) => new URL(url).pathname;

describe('signed-out visitors', () => {
  it('reach the public pages, and are sent to /login from everything else', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    for (const p of ['/login', '/register', '/forgot-password']) {
      await page.goto(p);
      expect(path(page.url())).toBe(p);
    }
    for (const p of ['/', '/dashboard', '/demo-reseller/profile', '/coupons', '/anything/at/all']) {
      await page.goto(p);
      await page.waitForURL(/\/login$/);
    }
    expectNoProblems(tab);
  });

  it('go to /login from a hash under 15 characters', async () => {
    const { page } = await newTab(server.url);
    for (const p of ['/verification/short-hash', '/reset-password/12345678901234']) {
      await page.goto(p);
      await page.waitForURL(/\/login$/);
    }
    await page.goto(`/reset-password/${'y'.repeat(43)}`);
    await page.getByRole('main').getByText('This password reset link is invalid or has expired.').waitFor();
  });

  it('on an old browser see "Browser not supported" at /, and every other path goes there', async () => {
    const { context, page } = await newTab(server.url);
    await context.addInitScript(() => {
      delete (HTMLScriptElement.prototype as { noModule?: boolean }).noModule;
    });
    await page.goto('/login');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByText('Browser not supported').waitFor();
    await page.getByText('Please update your browser').waitFor();
    expect(await page.locator('#root').innerHTML()).toBe('');
    await capture(page, 'legacy-browser');
  });
});

describe('a signed-in reseller', () => {
  it('is sent from the public-only pages to /dashboard, and from the short forms to its own pages', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, RESELLER);
    const cases: [string, string][] = [
      ['/login', '/demo-reseller/dashboard/overview'],
      ['/register', '/demo-reseller/dashboard/overview'],
      ['/forgot-password', '/demo-reseller/dashboard/overview'],
      [`/verification/${'v'.repeat(20)}`, '/demo-reseller/dashboard/overview'],
      [`/reset-password/${'r'.repeat(20)}`, '/demo-reseller/dashboard/overview'],
      ['/', '/demo-reseller/dashboard/overview'],
      ['/dashboard', '/demo-reseller/dashboard/overview'],
      ['/coupons', '/demo-reseller/coupons/generate'],
      ['/vpn', '/demo-reseller/vpn/subscriptions'],
      ['/billing', '/demo-reseller/billing/pay'],
      ['/unknown', '/demo-reseller/dashboard/overview'],
      ['/a/b/c/d/e/f', '/demo-reseller/dashboard/overview'],
      ['/someone-else/dashboard/overview', '/demo-reseller/dashboard/overview'],
      ['/someone-else/coupons/list', '/demo-reseller/coupons/list'],
    ];
    for (const [from, to] of cases) {
      await page.goto(from);
      await page.waitForURL((u) => u.pathname === to);
    }
    expectNoProblems(tab);
  });

  // Each at both sizes with axe, its dialogs too: walk.test.ts ("every screen of the route table").
  it('opens every signed-in route of 000 §2 straight from the address bar (a reload)', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, RESELLER);
    const routes: [string, string][] = [
      ['/demo-reseller/dashboard/overview', 'Control Panel'],
      ['/demo-reseller/dashboard/exploredocs', 'Explore Docs'],
      ['/demo-reseller/dashboard/redeem', 'Redeem Embed Code'],
      ['/demo-reseller/coupons/generate', 'Generate Coupons'],
      ['/demo-reseller/coupons/list', 'Coupons List'],
      ['/demo-reseller/coupons/price', 'Product Pricing'],
      ['/demo-reseller/vpn/subscriptions', 'Manage VPN Subscriptions'],
      ['/demo-reseller/vpn/subscriptions/create', 'Manage VPN Subscriptions'],
      ['/demo-reseller/vpn/subscriptions/update', 'Manage VPN Subscriptions'],
      ['/demo-reseller/vpn/subscriptions/enable', 'Manage VPN Subscriptions'],
      ['/demo-reseller/vpn/subscriptions/delete', 'Manage VPN Subscriptions'],
      ['/demo-reseller/vpn/list', 'VPN Subscription List'],
      ['/demo-reseller/billing/pay', 'Add Funds'],
      ['/demo-reseller/billing/pay/invoice/1001', 'Pay Invoice No #1001'],
      ['/demo-reseller/billing/invoices', 'Invoices'],
      ['/demo-reseller/billing/unpaid/invoices', 'Unpaid Invoices'],
      ['/demo-reseller/billing/transactions', 'Transactions'],
      ['/demo-reseller/billing/invoice/1001', 'Invoice #1001'],
      ['/demo-reseller/integration/form', 'Redeem Form'],
      ['/demo-reseller/integration/keys', 'API Secret Key'],
      ['/demo-reseller/integration/sandbox', 'Sandbox'],
      ['/demo-reseller/notifications', 'Notifications'],
      ['/demo-reseller/profile', 'Profile'],
    ];
    for (const [route, heading] of routes) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      expect(path(page.url()), route).toBe(route);
      expect(await page.title()).toBe(`${heading} · Reseller Dashboard`);
    }
    // The generic /{menu}/{submenu} patterns with one to three further parameters render the shell.
    for (const route of ['/demo-reseller/anything', '/demo-reseller/a/b', '/demo-reseller/a/b/c', '/demo-reseller/a/b/c/d']) {
      await page.goto(route);
      await page.getByTestId('shell-page').waitFor();
      await page.getByTestId('balance-tag').waitFor();
      expect(path(page.url())).toBe(route);
    }
    expectNoProblems(tab);
  });

  it('is refused the admin routes without is_admin', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, RESELLER);
    for (const route of ['/demo-reseller/users/all', '/demo-reseller/user/edit/1002', '/demo-reseller/user/edit/1002/listcoupons', '/demo-reseller/user/edit/1002/listsusbscriptions', '/demo-reseller/user/edit/1002/generatecoupon']) {
      await page.goto(route);
      await page.waitForURL((u) => u.pathname === '/demo-reseller/dashboard/overview');
    }
    expect(await page.getByTestId('nav-users').count()).toBe(0);
  });

  it('sees the shell: bell, balance tag, user menu, icon sidebar; and the mobile top navbar on a phone', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, RESELLER);
    await page.getByTestId('bell').click();
    await page.getByText('No new notifications').waitFor();
    await page.keyboard.press('Escape');
    for (const section of ['dashboard', 'coupons', 'vpn', 'billing', 'integration']) {
      // The sidebar comes back once the bell's menu has closed.
      await expect.poll(() => page.getByTestId(`nav-${section}`).count(), { message: section }).toBe(1);
    }
    await page.getByTestId('nav-coupons').click();
    await page.waitForURL(/\/demo-reseller\/coupons\/generate$/);

    await page.setViewportSize(MOBILE);
    await page.goto('/demo-reseller/dashboard/overview');
    const nav = page.getByTestId('mobile-nav');
    await nav.waitFor();
    const items = await nav.locator('a, button').allTextContents();
    // 000 §2's phone list, and Billing for a reseller who has billing (ours).
    expect(items).toEqual(['Control Panel', 'Coupons', 'Manage VPN', 'Billing', 'Integration', 'Profile', 'Logout']);
    expect(await page.getByTestId('nav-dashboard').count()).toBe(0);
    await nav.getByText('Manage VPN').click();
    await page.waitForURL(/\/demo-reseller\/vpn\/subscriptions$/);
    await nav.getByText('Logout').click();
    await page.waitForURL(/\/login$/);
    expectNoProblems(tab);
  });

  it('refreshes the balance tag with a 2-second indicator', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, RESELLER);
    expect(await page.getByTestId('balance-tag').textContent()).toBe('$5,000.00');
    await credit(server.app, 1000, 12_345);
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    const started = Date.now();
    await page.getByTestId('balance-refreshing').waitFor();
    await page.getByTestId('balance-refreshing').waitFor({ state: 'detached' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1800);
    expect(await page.getByTestId('balance-tag').textContent()).toBe('$5,123.45');
    expect(await page.getByTestId('tile-wallet-value').textContent()).toBe('$5,123.45');
  });

  it('reveals Total Amount Credited, and shows the deactivated banner for status Inactive', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'admin@demo.partner-panel.test');
    await page.goto('/demo-admin/profile');
    expect(await page.getByTestId('total-credited').textContent()).toBe('••••••');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => page.getByTestId('total-credited').textContent()).toBe('$10,000.00');
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    // Going inactive stops every purchase, so it is asked first: cancelling keeps the account active.
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Deactivate your account?').waitFor();
    await capture(page, 'profile-deactivate-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('deactivated-banner').count()).toBe(0);
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByTestId('deactivated-banner').waitFor();
    // 000 §2: an inactive account has no Generate Coupons button.
    expect(await page.getByTestId('profile-generate').count()).toBe(0);
    await capture(page, 'profile-deactivated');
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await page.getByTestId('deactivated-banner').waitFor({ state: 'detached' });
    await page.getByTestId('profile-generate').click();
    await page.waitForURL(/\/demo-admin\/coupons\/generate$/);
  });

  it('is signed out when the server ends the session (header status forbidden)', async () => {
    const { page } = await newTab(server.url);
    const inFlight = new Set<unknown>();
    page.on('request', (r) => inFlight.add(r));
    page.on('requestfinished', (r) => inFlight.delete(r));
    page.on('requestfailed', (r) => inFlight.delete(r));
    // The live channel signs its socket in once the first screen's reads are done (RealtimeBridge).
    const socketSignedIn = page.waitForResponse((r) => new URL(r.url()).pathname === '/broadcasting/user-auth');
    await signIn(page, 'sub1@demo.partner-panel.test');
    // Let the dashboard's own calls finish (the counters show at once, fetched at sign-in; its
    // charts, the bell and the live channel are still asking), so that the refresh is the call that
    // meets the revoked token.
    await expect.poll(() => page.getByTestId('tile-total-coupons-value').textContent()).toBe('0');
    await socketSignedIn;
    await expect.poll(() => inFlight.size).toBe(0);
    await server.app.ctx.db.execute(sql`update access_tokens set revoked_at = now() where reseller_id = (select id from resellers where email = 'sub1@demo.partner-panel.test')`);
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('pp.user'))).toBeNull();
  });

  it('stays signed in when a reload or a new address cuts requests short, but is signed out by a real network failure', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, RESELLER);
    // Hold the database until the page is left (a new address, then a reload), so that the
    // dashboard's call is in flight on the server meanwhile.
    let release = () => {};
    const left = new Promise<void>((resolve) => (release = resolve));
    const held = server.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await left;
    });
    const sent = page.waitForRequest('**/api/v1/dashboard');
    await page.goto('/demo-reseller/dashboard/overview');
    await sent;
    await page.goto('/demo-reseller/profile');
    const requests = trackRequests(page);
    await page.reload();
    release();
    await held;
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    // Every call of the reloaded page has been answered and handled: a sign-out would have happened.
    await requests.quiet();
    expect(new URL(page.url()).pathname).toBe('/demo-reseller/profile');
    expect(await page.evaluate(() => localStorage.getItem('pp.user'))).not.toBeNull();

    // A call that fails on the network (000 §4: a network TypeError) ends the session.
    await page.route('**/api/v1/resellers/profile', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('pp.user'))).toBeNull();
  });

  it('sees Thank You, the progress messages and the new balance after a payment, then goes to the root', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'admin@demo.partner-panel.test');
    await credit(server.app, 1001, 250_000);
    await page.goto('/demo-admin/payments/success');
    await page.getByText('Thank You!').waitFor();
    await page.getByText('Processing your payment…').waitFor();
    await capture(page, 'payment-success');
    await page.getByText('Verifying Your Payment…').waitFor();
    await page.getByText('Your payment is confirmed. Your balance is $12,500.00.').waitFor();
    expect(await page.getByTestId('balance-tag').textContent()).toBe('$12,500.00');
    await page.waitForURL((u) => u.pathname === '/demo-admin/dashboard/overview');
  });
});

describe('an admin reseller', () => {
  it('reaches the Users section and its sub-pages', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'admin@demo.partner-panel.test');
    await page.getByTestId('nav-users').click();
    await page.waitForURL(/\/demo-admin\/users\/all$/);
    await page.getByRole('heading', { level: 1, name: 'Resellers List' }).waitFor();
    const pages: [string, string][] = [
      ['/demo-admin/user/edit/1002', 'Profile'],
      ['/demo-admin/user/edit/1002/listcoupons', 'Coupons List'],
      ['/demo-admin/user/edit/1002/listsusbscriptions', 'Admins VPN List'],
      ['/demo-admin/user/edit/1002/generatecoupon', 'Generate Coupons'],
    ];
    for (const [route, heading] of pages) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      expect(path(page.url())).toBe(route);
    }
  });
});

describe('reseller 903', () => {
  it('gets the restricted shell: no billing, no wallet, no VPN tiles, no pricing page, no VPN creation', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'partner@demo.partner-panel.test');
    await page.getByTestId('tile-coupons-24h').waitFor();
    const tiles = await page.locator('[data-testid^="tile-"][data-testid$="-value"]').count();
    expect(tiles).toBe(3);
    for (const hidden of ['tile-wallet', 'tile-vpn-24h', 'tile-active-vpn', 'balance-tag', 'nav-billing']) {
      expect(await page.getByTestId(hidden).count(), hidden).toBe(0);
    }
    await capture(page, 'dashboard-903');
    const redirects: [string, string][] = [
      ['/billing', '/brainrocket/dashboard/overview'],
      ['/brainrocket/billing/pay', '/brainrocket/dashboard/overview'],
      ['/brainrocket/billing/transactions', '/brainrocket/dashboard/overview'],
      ['/brainrocket/coupons/price', '/brainrocket/coupons/list'],
      ['/brainrocket/vpn/subscriptions/create', '/brainrocket/vpn/subscriptions/update'],
    ];
    for (const [from, to] of redirects) {
      await page.goto(from);
      await page.waitForURL((u) => u.pathname === to);
    }
    // The last redirect's page has finished loading what it asks for before the menu is used: a
    // click while it still settles was seen to be overtaken when two test files ran at once.
    await page.waitForLoadState('networkidle');
    await page.getByTestId('nav-coupons').click();
    await page.waitForURL(/\/coupons\/generate$/);
    expect(await page.getByRole('tab', { name: 'Product Pricing' }).count()).toBe(0);
    // Its phone navbar has no Billing either.
    await page.setViewportSize(MOBILE);
    await page.getByTestId('mobile-nav').waitFor();
    expect(await page.getByTestId('mobile-nav').locator('a, button').allTextContents()).toEqual(['Control Panel', 'Coupons', 'Manage VPN', 'Integration', 'Profile', 'Logout']);
    expectNoProblems(tab);
  });
});
