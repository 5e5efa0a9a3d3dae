/**
 * What a new user meets on every screen, tried in Chromium: every screen of the route table and
 * every dialog its buttons open, accessible at both sizes (axe); fields that re-check as they are
 * fixed, prices that refuse impossible quantities, toasts that hide nothing, searches that say when
 * nothing matched, tiles that follow another tab, confirmations, named users, and the spec's own
 * failure messages (000 §8, 001 §8) when the server or the network lets the page down.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { paths, publicPaths } from '../src/routing/paths.js';
import { capture, DESKTOP, expectNoProblems, goTo, MOBILE, newTab, signIn, trackRequests } from './support/browser.js';
import { seedActivity } from './support/data.js';
import { startServer } from './support/server.js';

const server = await startServer();

/** An answer with no message of its own, so the page falls back to the spec's text. */
const silentFailure = (route: Route) =>
  route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ header: { code: 'rspf-500', status: 'error', message: '' }, body: null }) });

const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbarContent-message').getByText(text);

/** A capture's name from an address: `/demo-admin/vpn/list` → `walk-demo-admin_vpn_list`. */
const screenName = (address: string) => `walk-${address.replace(/^\//, '').replace(/[^\w-]+/g, '_')}`;
/** Dialog openers, as careless.test.ts finds them; a list's bulk actions wait, folded away, until rows are ticked. */
const OPENERS = 'button[aria-haspopup=dialog]:visible:enabled:not(.RaBulkActionsToolbar-collapsed *)';
const OPEN_DIALOG = '[role=dialog]:visible, [role=presentation] .MuiPopover-paper:visible';

/**
 * Opens each dialog of the page not yet seen elsewhere (one per opener's name: the bell and the
 * pricing modal are the same on every page, a list's rows share theirs), captures it at both
 * sizes, and closes it.
 */
/** The route table's pages of the operator's console (paths.ts), walked as the operator. */
const OPERATOR_PAGES = ['programme', 'catalogue', 'operatorResellers', 'money', 'reconciliation', 'whiteLabelEnquiries', 'operatorAudit'];

async function captureDialogs(page: Page, where: string, seen: Set<string>) {
  for (let i = 0; i < (await page.locator(OPENERS).count()); i++) {
    const opener = page.locator(OPENERS).nth(i);
    const name = ((await opener.getAttribute('aria-label')) ?? (await opener.textContent()) ?? '').replace(/\d+/g, '#').trim();
    if (seen.has(name)) continue;
    seen.add(name);
    // By the keyboard: a list's sticky header may cover a row's button where a pointer would land.
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator(OPEN_DIALOG).last();
    await dialog.waitFor();
    await capture(page, `${screenName(where)}-${name.replace(/[^\w-]+/g, '_')}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
}

describe('Generate Coupons, tried as a new user would', () => {
  it('re-checks a field as it is fixed, and shows no price for a quantity it would refuse', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/coupons/generate');
    const total = page.getByTestId('generate-total');
    await expect.poll(() => total.textContent()).toBe('$45.00');
    for (const refused of ['-3', '2.5', '61', '']) {
      await page.getByLabel('Quantity').fill(refused);
      await expect.poll(() => total.textContent(), { message: refused }).toBe('—');
    }
    await page.getByLabel('Quantity').fill('2');
    await expect.poll(() => total.textContent()).toBe('$90.00');

    // An error shown after a submit goes as soon as the value is fixed, without another submit.
    await page.getByLabel('Code prefix').fill('ab$');
    await page.getByLabel('Quantity').fill('61');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByText('The prefix may contain only letters, digits and dashes').waitFor();
    await page.getByText('Quantity must be between 1 and 60').waitFor();
    await page.getByLabel('Code prefix').fill('AB');
    await page.getByText('The prefix may contain only letters, digits and dashes').waitFor({ state: 'detached' });
    await page.getByLabel('Quantity').fill('6');
    await page.getByText('Quantity must be between 1 and 60').waitFor({ state: 'detached' });
    expectNoProblems(tab);
  });

  it('toasts the server message clear of the Generate button at 1280×800, and does not repeat it in the lot', async () => {
    const { page } = await newTab(server.url, DESKTOP);
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/coupons/generate');
    await page.getByLabel('Quantity').fill('2');
    const button = page.getByRole('button', { name: 'Generate', exact: true });
    await button.click();
    const message = toast(page, '2 coupons generated successfully.');
    await message.waitFor();
    const [a, b] = [await button.boundingBox(), await message.boundingBox()];
    const overlaps = a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps).toBe(false);
    expect(await page.getByTestId('generated').getByText('2 coupons generated successfully.').count()).toBe(0);
  });

  it('toasts clear of the Generate button on a 390-px phone too, wherever the button sits on the screen', async () => {
    const { page } = await newTab(server.url, MOBILE);
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/coupons/generate');
    const button = page.getByRole('button', { name: 'Generate', exact: true });
    const overlap = async (text: string) => {
      const message = toast(page, text);
      await message.waitFor();
      const [a, b] = [await button.boundingBox(), await message.boundingBox()];
      return Boolean(a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height);
    };
    // The button at the foot of the screen (where a phone's toast used to be), then as high as it goes.
    await page.getByLabel('Quantity').fill('2');
    await button.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await button.click({ noWaitAfter: true });
    expect(await overlap('2 coupons generated successfully.')).toBe(false);
    await page.locator('.MuiSnackbarContent-message').waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByLabel('Quantity').fill('3');
    await button.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await button.click();
    expect(await overlap('3 coupons generated successfully.')).toBe(false);
  });
});

describe('another tab', () => {
  it('sees the dashboard tiles move after a generation, as the balance and the bell do', async () => {
    const first = await newTab(server.url);
    const second = await newTab(server.url);
    await signIn(first.page, 'admin@demo.partner-panel.test');
    await signIn(second.page, 'admin@demo.partner-panel.test');
    await expect.poll(() => server.app.ctx.realtime.server?.subscriberCount('private-reseller.1001') ?? 0).toBeGreaterThan(1);
    const tile = second.page.getByTestId('tile-coupons-24h-value');
    await expect.poll(() => tile.textContent()).toBe('0');
    await first.page.goto('/demo-admin/coupons/generate');
    await first.page.getByLabel('Quantity').fill('3');
    await first.page.getByRole('button', { name: 'Generate', exact: true }).click();
    await toast(first.page, '3 coupons generated successfully.').waitFor();
    await expect.poll(() => tile.textContent()).toBe('3');
    expect(await second.page.getByTestId('tile-total-coupons-value').textContent()).toBe('3');
  });
});

describe('Manage VPN Subscriptions', () => {
  it('says when a search matched nothing, instead of inviting a search', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/vpn/subscriptions/update');
    const panel = page.getByTestId('vpn-nothing-found');
    await expect.poll(() => panel.textContent()).toBe('Search for a VPN account above to see it here.');
    const form = page.getByTestId('vpn-search');
    await form.getByLabel('Search by').click();
    await page.getByRole('option', { name: 'Email', exact: true }).click();
    await form.getByLabel('Search for').fill('nobody@example.com');
    await form.getByRole('button', { name: 'Fetch VPN Details' }).click();
    await expect.poll(() => panel.textContent()).toBe('No VPN account matches this search.');
  });
});

describe('the profile', () => {
  it('shows the password rule in Change Password before anything goes wrong', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'sub1@demo.partner-panel.test');
    await page.goto('/northwind/profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('dialog').getByText(/^At least 12 characters, with a number/).waitFor();
  });
});

describe("an admin's user pages", () => {
  it('name the user, with its e-mail and balance', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'admin@demo.partner-panel.test');
    await page.goto('/demo-admin/users/all');
    await page.getByTestId('user-row').filter({ hasText: 'sub1@demo.partner-panel.test' }).getByRole('link', { name: 'Open' }).click();
    await page.getByTestId('user-identity').getByText(/^.+ · sub1@demo\.partner-panel\.test · Balance \$[\d,.]+$/).waitFor();
    await page.getByRole('tab', { name: 'Coupons List' }).click();
    await page.getByTestId('user-identity').getByText(/sub1@demo\.partner-panel\.test/).waitFor();
  });
});

describe('failures the spec words (000 §8, 001 §8)', () => {
  it('a failed coupon e-mail toasts exactly "Failed to send coupon email"; a failed list toasts its fallback and empties', async () => {
    const { page } = await newTab(server.url);
    await seedActivity(server.app, 1000);
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/coupons/list');
    const rows = page.getByTestId('coupon-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await page.route('**/api/v1/resellers/coupon/send', silentFailure);
    // A fresh, unredeemed coupon of the seed.
    await rows.filter({ hasText: 'E2E1000X1' }).getByRole('button', { name: 'Email Coupon' }).click();
    await page.getByRole('dialog').getByLabel('Email address').fill('buyer@example.com');
    await capture(page, 'coupons-email-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await toast(page, /^Failed to send coupon email$/).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.route('**/api/v1/coupons?*', silentFailure);
    await page.reload();
    await toast(page, 'code : rspf-003, Unable to fetch coupon list').waitFor();
    await page.getByTestId('no-records').waitFor();
    expect(await rows.count()).toBe(0);
  });

  it('the pricing page and the pricing modal read products/pricing', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'reseller@demo.partner-panel.test');
    const onPage = page.waitForRequest((r) => r.url().endsWith('/api/v1/resellers/products/pricing') && r.method() === 'POST');
    await page.goto('/demo-reseller/coupons/price');
    await onPage;
    await page.goto('/demo-reseller/coupons/generate');
    const inModal = page.waitForRequest((r) => r.url().endsWith('/api/v1/resellers/products/pricing'));
    await page.getByRole('button', { name: 'View pricing for products' }).click();
    await inModal;
    await page.getByRole('dialog').getByText('Biennially Plan (2 Years)').waitFor();
  });

  it('a form that cannot start says "Failed to initialize form. Please refresh the page."', async () => {
    const { page } = await newTab(server.url);
    await page.route('**/api/settings', (route) => route.abort('failed'));
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill('reseller@demo.partner-panel.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // Shown where the form is, and toasted (000 §8: the forgot flow toasts too).
    await page.getByRole('main').getByRole('alert').getByText(/^Failed to initialize form\. Please refresh the page\.$/).waitFor();
    await page.getByTestId('toast').getByText(/^Failed to initialize form\. Please refresh the page\.$/).waitFor();
  });

  it('a logout the server cannot record still signs out, and says rspf-logout-1012', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.route('**/api/logout', silentFailure);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('alert').getByText('code : rspf-logout-1012, Unable to Logout').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pp.user'))).toBeNull();
  });

  it('a page whose code cannot load offers a reload instead of a blank screen', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.route('**/assets/NotificationsPage-*.js', (route) => route.abort('failed'));
    await page.getByTestId('bell').click();
    await page.getByRole('link', { name: 'See all notifications' }).click();
    await page.getByTestId('page-error').waitFor();
    await capture(page, 'page-error');
    await page.unroute('**/assets/NotificationsPage-*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
  });
});

// Last: it seeds the admin's lists and an invoice, which the tiles and lists above count from zero.
describe('every screen of the route table, at 1280 and 390 px: no moderate, serious or critical axe finding', () => {
  it('the signed-out pages, the sign-in\'s second step and the redeem pages', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    // A link's hash of the length mail carries, which the server does not know: the pages' failures.
    const screens = Object.values(publicPaths).map((address) => address.replace(':hash', 'h'.repeat(43)));
    // The redeem page of a reseller (framed by its site), and a partner's page of its own (002 §2).
    screens.push('/redeem?reseller=demo-reseller', '/redeem/brainrocket');
    for (const address of screens) {
      await page.goto(address);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await capture(page, screenName(address));
    }
    await page.goto('/login');
    await page.getByLabel('Email address').fill('reseller@demo.partner-panel.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).waitFor();
    await capture(page, screenName('/login-password'));
    expectNoProblems(tab);
  });

  it("an admin's every page (the route table's, and those its links and tabs lead to) and every dialog they open", async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    // Lists with rows (their row dialogs), and a deposit of its own started, to open and to pay.
    await seedActivity(server.app, 1001);
    const [invoice] = (
      (await server.app.ctx.db.execute(
        sql`insert into invoices (reseller_id, amount_cents, description, status, due_at) values (1001, 250000, 'Wallet Deposit', 'pending', now()) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await signIn(page, 'admin@demo.partner-panel.test');
    const base = '/demo-admin';
    const table = paths(base);
    // The operator's console is walked as the operator (below): an admin is sent from it to its dashboard.
    const queue = Object.entries(table).flatMap(([key, value]) => (typeof value === 'string' && key !== 'base' && !OPERATOR_PAGES.includes(key) ? [value] : []));
    // The parametrised pages, and an address of the generic /{menu}/{submenu} patterns (the shell alone).
    queue.push(table.userEdit(1002), table.invoice(Number(invoice?.id)), table.payInvoice(Number(invoice?.id)), `${base}/no-such/page`);
    // One screen per address pattern: every user's page is the same screen.
    const pattern = (address: string) => address.replace(/\/\d+(?=\/|$)/g, '/{id}');
    const walked = new Set(queue.map(pattern));
    const dialogs = new Set<string>();
    const reach = (address: string) => {
      if (!address.startsWith(`${base}/`) || walked.has(pattern(address))) return;
      walked.add(pattern(address));
      queue.push(address);
    };
    const requests = trackRequests(page);
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      await goTo(page, requests, next);
      expect(new URL(page.url()).pathname).toBe(next);
      await capture(page, screenName(next));
      await captureDialogs(page, next, dialogs);
      // Still there: nothing a page left behind took this one elsewhere meanwhile (the payment
      // success page goes to the root of itself once it has confirmed, as 000 §2 has it).
      if (next !== table.paymentSuccess) expect(new URL(page.url()).pathname).toBe(next);
      // Where its links lead, and where its tabs that are buttons (Manage VPN's, the sandbox's) go.
      for (const href of await page.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))) reach(href);
      const tabs = page.locator('[role=tab]:not(a):not([aria-selected=true])');
      for (let i = 0; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        reach(new URL(page.url()).pathname);
      }
    }
    // The route table's pages and those only linked: the webhooks, a
    // user's tabs, Manage VPN's tabs.
    for (const linked of ['/integration/webhooks', '/user/edit/{id}/listcoupons', '/vpn/subscriptions/delete']) expect(walked).toContain(`${base}${linked}`);
    // The bell (named with its unread count, when any), the pricing modal, a row's e-mail and
    // delete, the two-factor and password dialogs.
    expect([...dialogs].map((name) => name.replace(/: .*$/, ''))).toEqual(
      expect.arrayContaining(['Notifications', 'View pricing for products', 'Email Coupon', 'Delete coupon', 'Turn on', 'Change Password']),
    );
    expectNoProblems(tab);
  }, 300_000);

  it("the operator's every page (its console, Team, Profile, Notifications) and every dialog they open", async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'operator@demo.partner-panel.test', undefined, /\/operator\/catalogue$/);
    const table = paths('/operator');
    const dialogs = new Set<string>();
    const requests = trackRequests(page);
    for (const next of [table.programme, table.catalogue, table.operatorResellers, table.money, table.reconciliation, table.whiteLabelEnquiries, table.operatorAudit, table.team, table.profile, table.notifications]) {
      await goTo(page, requests, next);
      expect(new URL(page.url()).pathname).toBe(next);
      await capture(page, screenName(next));
      await captureDialogs(page, next, dialogs);
    }
    expect([...dialogs]).toEqual(expect.arrayContaining(['Change price of Monthly Plan (# Month), recurring', 'Withdraw', 'Open an account', 'Manual adjustment']));
    expectNoProblems(tab);
  }, 300_000);
});
