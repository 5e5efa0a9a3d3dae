/**
 * Every form of the portal and of the redeem widget, used carelessly in Chromium. The pages come
 * from the portal's own route table (`routing/paths.ts`), so a new page's form is covered without
 * editing this test. In each field: type then clear, only spaces, 10 000 pasted characters, emoji and
 * right-to-left text, blur each time, and submit while it is empty. Every visible message must be a
 * sentence of ours — never a schema library's words — and no control may disappear. Forms that live
 * in a dialog are found through their openers, which say `aria-haspopup="dialog"` as assistive
 * technology needs them to: each distinct opener on each page is clicked and its dialog's forms tried.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { paths, publicPaths } from '../src/routing/paths.js';
import { expectNoProblems, newTab, signIn, trackRequests } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const LIBRARY_WORDS = /Invalid input|expected|received|NaN|undefined|null|\[object/;
const VALUES = ['', '   ', 'x'.repeat(10_000), '😀🚀 مرحبا בעולם'];
/** Fields a person types into; selects, checkboxes and read-only fields are not typed. */
const TYPED = 'input:is([type=text],[type=email],[type=password],[type=number],[type=tel],[type=search],[type=url],:not([type])):visible:not([readonly]):not([disabled]), textarea:visible:not([readonly]):not([disabled])';
const CONTROLS = 'form input:visible, form textarea:visible, form button:visible';
/** Dialog openers; a list's bulk actions wait, folded away, until rows are ticked. */
const OPENERS = 'button[aria-haspopup=dialog]:visible:enabled:not(.RaBulkActionsToolbar-collapsed *)';

/** What the page says right now: field messages, alerts, toasts. */
async function visibleMessages(page: Page): Promise<string[]> {
  return page.locator('.MuiFormHelperText-root, [role=alert], .MuiSnackbarContent-message, .error, [aria-live]').allTextContents();
}

async function expectOurWords(page: Page, where: string) {
  for (const message of await visibleMessages(page)) expect(message, where).not.toMatch(LIBRARY_WORDS);
}

/** One count of each page's requests, for every form and dialog tried on it. */
const trackers = new WeakMap<Page, ReturnType<typeof trackRequests>>();
function requestsOf(page: Page) {
  let tracker = trackers.get(page);
  if (!tracker) trackers.set(page, (tracker = trackRequests(page)));
  return tracker;
}

/** Tries every typed field of every form within `root` (the page, or a dialog); returns how many fields it tried. */
async function tryForms(page: Page, where: string, root: Locator = page.locator('body')): Promise<number> {
  await page.waitForLoadState('networkidle');
  const forms = root.locator('form:visible');
  const requests = requestsOf(page);
  let tried = 0;
  for (let f = 0; f < (await forms.count()); f++) {
    const form = forms.nth(f);
    const fields = form.locator(TYPED);
    const count = await fields.count();
    const controlsBefore = await root.locator(CONTROLS).count();
    for (let i = 0; i < count; i++) {
      const field = fields.nth(i);
      const label = `${where} form ${f} field ${(await field.getAttribute('name')) ?? i}`;
      // A number input refuses text: it gets what a person could type into it.
      const isNumber = (await field.getAttribute('type')) === 'number';
      await field.fill(isNumber ? '12' : 'typed');
      for (const value of VALUES) {
        await field.fill(isNumber ? value.replace(/\D/g, '').slice(0, 12) : value);
        await field.blur();
        await expectOurWords(page, `${label} = ${JSON.stringify(value.slice(0, 12))}`);
      }
      // Emptied and submitted: refused in our words, the form still whole.
      await field.fill(isNumber ? '12' : 'typed');
      await field.fill('');
      const submit = form.locator('button[type=submit]:visible:enabled').first();
      if (await submit.count()) {
        await submit.click();
        // Refused by the form's own check, or sent and answered: every request the click made has
        // finished and the page has painted what it answered before the next field is tried.
        await requests.quiet();
        await expectOurWords(page, `${label} emptied and submitted`);
      }
      tried++;
    }
    expect(await root.locator(CONTROLS).count(), `${where} form ${f}: no control disappears`).toBeGreaterThanOrEqual(controlsBefore);
  }
  return tried;
}

/**
 * Opens each distinct dialog of the page (one per opener's name: a list's rows share theirs), tries
 * its forms, and closes it. Returns the names of the dialogs that held a typed field.
 */
async function tryDialogs(page: Page, where: string): Promise<string[]> {
  const seen = new Set<string>();
  const withFields: string[] = [];
  for (let i = 0; i < (await page.locator(OPENERS).count()); i++) {
    const opener = page.locator(OPENERS).nth(i);
    const name = ((await opener.getAttribute('aria-label')) ?? (await opener.textContent()) ?? '').replace(/\d+/g, '#').trim();
    if (seen.has(name)) continue;
    seen.add(name);
    // By the keyboard: a list's sticky header may cover a row's button where a pointer would land.
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('[role=dialog]:visible, [role=presentation] .MuiPopover-paper:visible').last();
    await dialog.waitFor();
    if ((await tryForms(page, `${where} dialog "${name}"`, dialog)) > 0) withFields.push(name);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
  return withFields;
}

describe('a careless person', () => {
  it('meets only our sentences in every signed-in form, and every control stays', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'admin@demo.partner-panel.test');
    const routes = paths('/demo-admin');
    // The operator's console is tried as the operator (below): an admin is sent from it to its dashboard.
    const operatorPages = ['programme', 'catalogue', 'operatorResellers', 'money', 'reconciliation', 'whiteLabelEnquiries', 'operatorAudit'];
    const pages = Object.entries(routes).flatMap(([key, value]) => (typeof value === 'string' && key !== 'base' && !operatorPages.includes(key) ? [value] : []));
    pages.push(routes.userEdit(1002));
    let tried = 0;
    const dialogs: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      tried += await tryForms(page, path);
      // The forms were tried with careless values, a list's filters among them (a list may still be
      // reading again for the last): the page afresh, as it opens, for its dialogs.
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      dialogs.push(...(await tryDialogs(page, path)));
    }
    // The profile, the generate page, the VPN forms and the admin's user page at least.
    expect(tried).toBeGreaterThan(8);
    // Dialog-only forms: Change Password (profile and user), 2FA, Send Invoice, Credit/Debit, Email Coupon, White label.
    expect(dialogs, dialogs.join(' | ')).toEqual(expect.arrayContaining(['Change Password', 'Send Invoice', 'Email Coupon']));
    expect(dialogs.length, dialogs.join(' | ')).toBeGreaterThanOrEqual(6);
    expectNoProblems(tab);
    // Every page and dialog of an admin, each field tried seven ways: as long as the walk's own.
  }, 300_000);

  it("meets only our sentences in the operator's forms (Change price; Open an account; Money's filters and Manual adjustment; Reconciliation's range; an enquiry's panel and its note; the audit filters), and every control stays", async () => {
    // An enquiry of the demo reseller, for the pipeline's panel to open.
    await server.app.ctx.db.execute(sql`insert into white_label_enquiries (reseller_id, brand_name, expected_users, message) values (1000, 'Careless VPN', 10, 'A careless enquiry')`);
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'operator@demo.partner-panel.test', undefined, /\/operator\/catalogue$/);
    const routes = paths('/operator');
    const dialogs: string[] = [];
    for (const path of [routes.programme, routes.catalogue, routes.operatorResellers, routes.money, routes.reconciliation, routes.whiteLabelEnquiries, routes.operatorAudit]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await tryForms(page, path);
      dialogs.push(...(await tryDialogs(page, path)));
    }
    expect(dialogs).toEqual(expect.arrayContaining(['Change price of Monthly Plan (# Month), recurring', 'Open an account', 'Manual adjustment', 'Open the enquiry of Careless VPN']));
    expectNoProblems(tab);
  });

  it('meets only our sentences in the public forms and the redeem widget', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    const pages: string[] = Object.values(publicPaths).filter((p) => !p.includes(':'));
    pages.push('/redeem?reseller=demo-reseller');
    let tried = 0;
    for (const path of pages) {
      await page.goto(path);
      tried += await tryForms(page, path);
    }
    expect(tried).toBeGreaterThan(4);
    expectNoProblems(tab);
  });
});
