/**
 * Every form of the portal and of the redeem widget, used carelessly in Chromium. The pages come
 * from the portal's own route table (`routing/paths.ts`), so a new page's form is covered without
 * editing this test. In each field: type then clear, only spaces, 10 000 pasted characters, emoji and
 * right-to-left text, blur each time, and submit while it is empty. Every visible message must be a
 * sentence of ours — never a schema library's words — and no control may disappear.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paths, publicPaths } from '../src/routing/paths.js';
import { expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const LIBRARY_WORDS = /Invalid input|expected|received|NaN|undefined|null|\[object/;
const VALUES = ['', '   ', 'x'.repeat(10_000), '😀🚀 مرحبا בעולם'];
/** Fields a person types into; selects, checkboxes and read-only fields are not typed. */
const TYPED = 'input:is([type=text],[type=email],[type=password],[type=number],[type=tel],[type=search],[type=url],:not([type])):visible:not([readonly]):not([disabled]), textarea:visible:not([readonly]):not([disabled])';
const CONTROLS = 'form input:visible, form textarea:visible, form button:visible';

/** What the page says right now: field messages, alerts, toasts. */
async function visibleMessages(page: Page): Promise<string[]> {
  return page.locator('.MuiFormHelperText-root, [role=alert], .MuiSnackbarContent-message, .error, [aria-live]').allTextContents();
}

async function expectOurWords(page: Page, where: string) {
  for (const message of await visibleMessages(page)) expect(message, where).not.toMatch(LIBRARY_WORDS);
}

/** Tries every typed field of every form on the page; returns how many fields it tried. */
async function tryForms(page: Page, where: string): Promise<number> {
  await page.waitForLoadState('networkidle');
  const forms = page.locator('form:visible');
  let tried = 0;
  for (let f = 0; f < (await forms.count()); f++) {
    const form = forms.nth(f);
    const fields = form.locator(TYPED);
    const count = await fields.count();
    const controlsBefore = await page.locator(CONTROLS).count();
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
        await page.waitForTimeout(150);
        await expectOurWords(page, `${label} emptied and submitted`);
      }
      tried++;
    }
    expect(await page.locator(CONTROLS).count(), `${where} form ${f}: no control disappears`).toBeGreaterThanOrEqual(controlsBefore);
  }
  return tried;
}

describe('a careless person', () => {
  it('meets only our sentences in every signed-in form, and every control stays', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'admin@demo.partner-panel.test');
    const routes = paths('/demo-admin');
    const pages = Object.entries(routes).flatMap(([key, value]) => (typeof value === 'string' && key !== 'base' ? [value] : []));
    pages.push(routes.userEdit(1002));
    let tried = 0;
    for (const path of pages) {
      await page.goto(path);
      tried += await tryForms(page, path);
    }
    // The profile, the generate page, the VPN forms and the admin's user page at least.
    expect(tried).toBeGreaterThan(8);
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
