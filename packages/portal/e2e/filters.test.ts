/**
 * Filters that filter, also when the server is slow and its answers arrive out of order (001 §2.3,
 * §3, 002 §2.6): the list answers are held back in the browser — the first one longest — so an
 * answer for an older filter lands after the newer one's. The table shows only the rows of the
 * filter in force; an inverted date range is refused beside its field and every control stays.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '@partner-panel/sdk';
import { expectNoProblems, newTab, painted, signIn } from './support/browser.js';
import { seedActivity } from './support/data.js';
import { startServer } from './support/server.js';

const server = await startServer();
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Holds back the answers of a list call: the n-th answer waits delays[n] ms (the last delay for
 * the rest), so an earlier request can be answered after a later one. `landed()` resolves once
 * every answer held so far has reached the page and the page has painted since: a check after it
 * cannot pass before the late answer had its chance to show.
 */
async function slowAnswers(page: Page, path: string, delays: number[]) {
  let n = 0;
  let held: Promise<unknown>[] = [];
  let delivered = 0;
  // By path alone: the SDK's calls carry a query string.
  await page.route((url) => url.pathname === path, async (route: Route) => {
    const delay = delays[Math.min(n++, delays.length - 1)] as number;
    const finished = page.waitForEvent('requestfinished', { predicate: (r) => r === route.request(), timeout: 30_000 }).catch(() => undefined);
    held.push(finished);
    const response = await route.fetch();
    // The slow server itself, not a wait of the test's.
    await new Promise((r) => setTimeout(r, delay));
    await route.fulfill({ response }).catch(() => undefined);
    await finished;
    delivered++;
  });
  return {
    reset: (next: number[]) => ((n = 0), (held = []), delays.splice(0, delays.length, ...next)),
    /** Answers delivered to the page so far. */
    delivered: () => delivered,
    async landed() {
      await expect.poll(() => held.length, { message: 'the requests were made' }).toBeGreaterThan(0);
      await Promise.all(held);
      await painted(page);
    },
  };
}

/** The controls a filtered list must keep whatever is typed: the toggle, Export CSV and the fields. */
async function expectControls(page: Page, fields: string[]) {
  await page.getByRole('button', { name: 'Filter' }).waitFor();
  await page.getByRole('button', { name: 'Export CSV' }).waitFor();
  for (const label of fields) await page.getByLabel(label, { exact: true }).waitFor();
}

describe('a coupon list filtered while the server is slow', () => {
  it('shows only the rows of the range in force, the last one wins, a reload keeps it, and an inverted range is refused beside the field', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/coupons/generate');
    await page.getByLabel('Quantity').fill('3');
    await page.getByLabel('Code prefix').fill('SLOW');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByTestId('generated').getByText(/^Your 3 new coupons/).waitFor();

    const slow = await slowAnswers(page, '/api/v1/coupons', [300]);
    await page.goto('/demo-reseller/coupons/list');
    const rows = page.getByTestId('coupon-row');
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByRole('button', { name: 'Filter' }).click();
    const filters = page.getByTestId('coupon-filters');
    const from = filters.getByLabel('From', { exact: true });
    const to = filters.getByLabel('To', { exact: true });

    // A range without them: 'No Records Found!', and never today's rows while its answer is awaited.
    slow.reset([1_500]);
    await from.fill('2020-01-01');
    await to.fill('2020-01-31');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toContain('2020-01-31');
    // Its answer is still on its way (1.5 s): the table must not show the earlier filter's rows meanwhile.
    const delivered = slow.delivered();
    await painted(page);
    expect(await rows.count(), 'rows of the earlier filter shown under the new one').toBe(0);
    expect(slow.delivered(), 'checked while the answer was still held back').toBe(delivered);
    await page.getByText('No Records Found!').waitFor();

    // A range with them: they are listed.
    await to.fill(today());
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBe(3);

    // Two changes in quick succession, the first answered last: the second one wins.
    slow.reset([2_500, 200]);
    await to.fill('2020-01-31');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await to.fill(today());
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await slow.landed(); // the first answer too
    expect(await rows.count()).toBe(3);
    expect(await page.getByText('No Records Found!').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('filter')).toContain(today());

    // And the other way round: the range without them, asked last, wins over the earlier one.
    slow.reset([2_500, 200]);
    await from.fill(today());
    await filters.getByRole('button', { name: 'Apply' }).click();
    await from.fill('2020-01-01');
    await to.fill('2020-01-31');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No Records Found!').waitFor();
    await slow.landed();
    expect(await rows.count()).toBe(0);

    // A reload keeps the filter, its fields and its rows.
    slow.reset([300]);
    await page.reload();
    await page.getByText('No Records Found!').waitFor();
    expect(await page.getByTestId('coupon-filters').getByLabel('To', { exact: true }).inputValue()).toBe('2020-01-31');
    expect(await rows.count()).toBe(0);

    // An inverted range: refused beside the To field, the list keeps the filter in force, and every
    // control stays — also after leaving and coming back.
    const before = new URL(page.url()).searchParams.get('filter');
    await page.getByTestId('coupon-filters').getByLabel('From', { exact: true }).fill('2020-02-15');
    await page.getByTestId('coupon-filters').getByLabel('To', { exact: true }).fill('2020-02-01');
    await page.getByTestId('coupon-filters').getByText(messages.dateRangeInverted).waitFor();
    await page.getByRole('button', { name: 'Apply' }).click();
    await painted(page);
    await expectControls(page, ['From', 'To', 'Coupon Code']);
    await page.getByTestId('coupon-filters').getByText(messages.dateRangeInverted).waitFor();
    expect(new URL(page.url()).searchParams.get('filter')).toBe(before);
    await page.goto('/demo-reseller/dashboard/overview');
    await page.goto('/demo-reseller/coupons/list');
    await expectControls(page, ['From', 'To', 'Coupon Code']);
    expect(await page.getByTestId('coupon-filters').getByLabel('To', { exact: true }).inputValue()).toBe('2020-01-31');

    // The same range in the address: the server's refusal is the toast, and the controls stay.
    await page.goto(`/demo-reseller/coupons/list?filter=${encodeURIComponent(JSON.stringify({ dateStart: '2020-02-15', dateEnd: '2020-02-01' }))}`);
    await page.locator('.MuiSnackbarContent-message').getByText(messages.dateRangeInverted).waitFor();
    await expectControls(page, ['From', 'To', 'Coupon Code']);
    await page.getByText('No Records Found!').waitFor();
    expectNoProblems(tab);
  });

  it('an admin’s user VPN list filters its range under slow answers, refuses an inverted one beside the field and keeps its controls', async () => {
    await seedActivity(server.app, 1002);
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'admin@demo.partner-panel.test');
    const slow = await slowAnswers(page, '/api/v1/resellers/get/user/listvpn', [300]);
    const list = '/demo-admin/user/edit/1002/listsusbscriptions';
    await page.goto(list);
    const rows = page.getByTestId('vpn-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const listed = await rows.count();
    await page.getByRole('button', { name: 'Filter' }).click();
    const filters = page.getByTestId('coupon-filters');
    slow.reset([2_500, 200]);
    await filters.getByLabel('From', { exact: true }).fill('2020-01-01');
    await filters.getByLabel('To', { exact: true }).fill(today());
    await filters.getByRole('button', { name: 'Apply' }).click();
    await filters.getByLabel('To', { exact: true }).fill('2020-01-31');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No Records Found!').waitFor();
    await slow.landed();
    expect(await rows.count()).toBe(0);
    await filters.getByLabel('To', { exact: true }).fill(today());
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBe(listed);

    await filters.getByLabel('From', { exact: true }).fill('2020-02-15');
    await filters.getByLabel('To', { exact: true }).fill('2020-02-01');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await filters.getByText(messages.dateRangeInverted).waitFor();
    await painted(page);
    await expectControls(page, ['From', 'To', 'Billing Type']);
    expect(await rows.count()).toBe(listed);
    await page.goto('/demo-admin/users/all');
    await page.goto(list);
    await expectControls(page, ['From', 'To', 'Billing Type']);
    await expect.poll(() => rows.count()).toBe(listed);
    expectNoProblems(tab);
  });
});

describe('the users list filtered while the server is slow', () => {
  it('shows the rows of the last e-mail typed, whatever order the answers come in, and keeps it on reload', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'admin@demo.partner-panel.test');
    const slow = await slowAnswers(page, '/api/v1/resellers/get/users', [200]);
    await page.goto('/demo-admin/users/all');
    const rows = page.getByTestId('user-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const email = page.getByLabel('Email', { exact: true });
    slow.reset([2_500, 200]);
    await email.fill('sub1');
    await page.getByRole('button', { name: 'Apply' }).click();
    await email.fill('sub2');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('sub2@demo.partner-panel.test')]);
    await slow.landed();
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('sub2@demo.partner-panel.test')]);
    slow.reset([200]);
    await page.reload();
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('sub2@demo.partner-panel.test')]);
    expect(await email.inputValue()).toBe('sub2');
    expectNoProblems(tab);
  });
});
