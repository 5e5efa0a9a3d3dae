/**
 * The dashboard over time and the forecast in Chromium (ours, beside 000 §2). The server runs on a
 * clock the test moves: the demo reseller generates coupons two days ago and yesterday (through the
 * API, the clock set back) and today (in the browser), and some are redeemed; then the charts' tables show exactly those counts and that spend, the wallet
 * tile's forecast matches the ledger, the threshold set on the profile shows on the dashboard, an
 * admin sees its users ranked, and partner 903 sees its credit line, never a wallet.
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { createClient, messages } from '@partner-panel/sdk';
import { describe, expect, it } from 'vitest';
import { injectFetch, manualClock } from '../../server/test/support/app.js';
import { capture, expectNoProblems, expectOnPhoneScreen, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const clock = manualClock(new Date());
const server = await startServer(
  // Sessions outlive the days the test walks through; every coupon may be redeemed from one address.
  { SESSION_TTL_HOURS: '2160', RATE_LIMIT_REDEEM_PER_IP: '10000', RATE_LIMIT_REDEEM_PER_PREFIX: '10000' },
  { clock },
);

const PASSWORD = 'DemoPass2026!';
async function api(email: string) {
  const session: { token?: string } = {};
  const client = createClient({ fetch: injectFetch(server.app), log: () => undefined, getToken: () => session.token });
  session.token = (await client.login({ email, password: PASSWORD })).access_token;
  return client;
}
const rows = async <T,>(query: ReturnType<typeof sql>) => ((await server.app.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
const monthly = { billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: 'INS' } as const;
const redeemer = { name: 'Ada Lovelace', password: 'Redeem!Pass2026', password_confirmation: 'Redeem!Pass2026', addon_id: '', token: '' };

/** Midday (UTC) `days` before today, the server's day. */
const today = new Date();
const daysAgo = (days: number, hour = 12) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days, hour));
const dayLabel = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (days: number) => dayLabel.format(daysAgo(days));
const usd = (dollars: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(dollars);

/** Generates monthly coupons through the Generate form, as the reseller does; answers what they cost (the ledger's row). */
async function generateInBrowser(page: Page, quantity: number) {
  await page.goto('/demo-reseller/coupons/generate');
  await page.getByRole('radio', { name: 'Recursive', exact: true }).check();
  await page.getByLabel('Billing cycle').click();
  await page.getByRole('option', { name: /^Monthly Plan/ }).click();
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByLabel('Code prefix').fill('INS');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.locator('.MuiSnackbarContent-message').getByText(`${quantity} coupons generated successfully.`).waitFor();
  const [paid] = await rows<{ cents: string }>(sql`
    select -l.amount_cents as cents from wallet_ledger l join resellers r on r.id = l.reseller_id
    where r.custom_url = 'demo-reseller' and l.kind = 'coupon_purchase' order by l.id desc limit 1`);
  return { amount: Number(paid?.cents) / 100 };
}

/** The demo reseller's balance, in cents. */
const balanceCents = async () => Number((await rows<{ b: string }>(sql`select balance_cents as b from resellers where custom_url = 'demo-reseller'`))[0]?.b);

/** A chart's data table, opened: its rows as the cells' texts. */
async function chartTable(page: Page, chart: string) {
  const card = page.getByTestId(chart);
  const toggle = card.getByRole('button', { name: 'Show as table' });
  if (await toggle.isVisible()) await toggle.click();
  const table = page.getByTestId(`${chart}-table`);
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
}

// The demo reseller's days: five coupons two days ago (one redeemed), three yesterday (two
// redeemed: one of each day); two more today, in the browser. Northwind, the demo admin's user,
// buys two yesterday.
clock.set(daysAgo(2, 10));
const reseller = await api('reseller@demo.partner-panel.test');
const first = await reseller.generateCoupons({ ...monthly, quantity: 5 });
await reseller.redeem({ ...redeemer, email: 'one@example.com', coupon: first.codes[0] as string });
clock.set(daysAgo(1, 15));
const second = await reseller.generateCoupons({ ...monthly, quantity: 3 });
await reseller.redeem({ ...redeemer, email: 'two@example.com', coupon: first.codes[1] as string });
await reseller.redeem({ ...redeemer, email: 'three@example.com', coupon: second.codes[0] as string });
const northwind = await (await api('sub1@demo.partner-panel.test')).generateCoupons({ ...monthly, quantity: 2 });
clock.set(new Date());

describe('the dashboard over time (ours, beside 000 §2)', () => {
  it("shows the demo reseller's days exactly, each chart with its table, and the wallet tile's forecast as the ledger says", async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');
    // Today's two, from the Generate form.
    const third = await generateInBrowser(page, 2);
    await page.goto('/demo-reseller/dashboard/overview');
    // The spec's six tiles stay as they were.
    await page.getByTestId('wallet-forecast').waitFor();
    expect(await page.locator('[data-testid^="tile-"]:not([data-testid$="-value"])').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-testid')))).toEqual([
      'tile-coupons-24h', 'tile-vpn-24h', 'tile-wallet', 'tile-total-coupons', 'tile-redeemed', 'tile-active-vpn',
    ]);
    await page.getByRole('heading', { level: 2, name: 'Over time' }).waitFor();
    expect(await page.getByTestId('insight-totals').textContent()).toBe(
      `In this range: ${usd(first.amount + second.amount + third.amount)} spent, 10 coupons generated, 3 redeemed.`,
    );

    // Seven days, oldest first; the activity on the last three.
    const spend = await chartTable(page, 'chart-spend');
    expect(spend).toEqual([6, 5, 4, 3, 2, 1, 0].map((d) => [label(d), usd(d === 2 ? first.amount : d === 1 ? second.amount : d === 0 ? third.amount : 0)]));
    const coupons = await chartTable(page, 'chart-coupons');
    expect(coupons.slice(0, 4)).toEqual([6, 5, 4, 3].map((d) => [label(d), '0', '0']));
    expect(coupons.slice(4)).toEqual([
      [label(2), '5', '1'],
      [label(1), '3', '2'],
      [label(0), '2', '0'],
    ]);
    expect((await chartTable(page, 'chart-active')).map((r) => r[1])).toEqual(['0', '0', '0', '0', '1', '3', '3']);
    // Redeemed out of those kept, up to each day: 1/5, 3/8, 3/10.
    expect((await chartTable(page, 'chart-rate')).map((r) => r[1])).toEqual(['None yet', 'None yet', 'None yet', 'None yet', '20%', '37.5%', '30%']);
    // The table hides again; its button says which way it goes.
    await page.getByTestId('chart-rate').getByRole('button', { name: 'Hide table' }).click();
    await page.getByTestId('chart-rate-table').waitFor({ state: 'detached' });

    // The wallet tile's forecast: the days the balance lasts at the last 30 days' spend, from the ledger.
    const [ledger] = await rows<{ spend: string; balance: string }>(sql`
      select -sum(l.amount_cents) filter (where l.kind in ('coupon_purchase', 'coupon_refund', 'vpn_purchase', 'vpn_renewal')) as spend,
             (select balance_cents from resellers where custom_url = 'demo-reseller') as balance
      from wallet_ledger l join resellers r on r.id = l.reseller_id where r.custom_url = 'demo-reseller'`);
    const spent = Number(ledger?.spend);
    const balance = Number(ledger?.balance);
    expect(spent).toBe(Math.round((first.amount + second.amount + third.amount) * 100));
    expect(await page.getByTestId('tile-wallet-value').textContent()).toBe(usd(balance / 100));
    expect(await page.getByTestId('forecast-days').textContent()).toBe(
      `Lasts about ${Math.floor(balance / (spent / 30)).toLocaleString('en')} days at your last 30 days' spend (${usd(spent / 100)}).`,
    );
    // The three redeemed monthly accounts renew a month after their redemption: none within 7 days;
    // within 30 days, those whose month ends by then (after a 31-day month, early in the day, only one).
    const now = clock.now();
    const [due] = await rows<{ n: string; n30: string; cents30: string }>(sql`
      select count(*) as n, count(*) filter (where v.end_at <= ${new Date(now.getTime() + 30 * 86_400_000)}) as n30,
             coalesce(sum(v.renewal_price_cents) filter (where v.end_at <= ${new Date(now.getTime() + 30 * 86_400_000)}), 0) as cents30
      from vpn_accounts v join resellers r on r.id = v.reseller_id where r.custom_url = 'demo-reseller'`);
    expect(Number(due?.n)).toBe(3);
    expect(Number(due?.n30)).toBeGreaterThan(0);
    expect(await page.getByTestId('forecast-renewals-7').textContent()).toBe(`Renewals due in 7 days: 0 (${usd(0)})`);
    expect(await page.getByTestId('forecast-renewals-30').textContent()).toBe(`Renewals due in 30 days: ${Number(due?.n30)} (${usd(Number(due?.cents30) / 100)})`);
    expect(await page.getByTestId('forecast-threshold').textContent()).toBe('Set a warning');

    // Every chart table open, at both sizes: nothing serious for axe, nothing wider than a phone.
    for (const chart of ['chart-spend', 'chart-coupons', 'chart-active', 'chart-rate']) await chartTable(page, chart);
    await capture(page, 'dashboard-over-time');
    await expectOnPhoneScreen(page, page.getByTestId('chart-coupons'));
    await expectOnPhoneScreen(page, page.getByTestId('insight-range'));

    // Thirty days: the same activity on the last three of thirty rows; 12 months: one row a month.
    await page.getByRole('button', { name: '30 days' }).click();
    await expect.poll(async () => (await chartTable(page, 'chart-coupons')).length).toBe(30);
    expect((await chartTable(page, 'chart-coupons')).slice(-3)).toEqual([[label(2), '5', '1'], [label(1), '3', '2'], [label(0), '2', '0']]);
    await page.getByRole('button', { name: '12 months' }).click();
    await expect.poll(async () => (await chartTable(page, 'chart-spend')).length).toBe(12);
    // The range lives in the address: a reload keeps it, and so does coming back to the page.
    expect(new URL(page.url()).searchParams.get('range')).toBe('12m');
    await page.reload();
    await page.getByRole('button', { name: '12 months', pressed: true }).waitFor();
    await expect.poll(async () => (await chartTable(page, 'chart-spend')).length).toBe(12);
    await page.goto('/demo-reseller/coupons/list');
    await page.getByRole('heading', { level: 1, name: 'Coupons List' }).waitFor();
    await page.goBack();
    await page.getByRole('button', { name: '12 months', pressed: true }).waitFor();
    expect(await page.getByRole('button', { name: '7 days', pressed: true }).count()).toBe(0);
    const months = await chartTable(page, 'chart-spend');
    const monthOf = (d: Date) => d.toISOString().slice(0, 7);
    const byMonth = new Map<string, number>();
    for (const [d, amount] of [[2, first.amount], [1, second.amount], [0, third.amount]] as const) {
      byMonth.set(monthOf(daysAgo(d)), (byMonth.get(monthOf(daysAgo(d))) ?? 0) + amount);
    }
    const monthLabel = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    expect(months.slice(-2)).toEqual(
      [1, 0].map((back) => {
        const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
        return [monthLabel.format(first), usd(byMonth.get(monthOf(first)) ?? 0)];
      }),
    );
    expectNoProblems(tab);
  }, 240_000);

  it('sets the low-balance warning on the profile, with the catalogue sentence on bad input, shows it on the dashboard, and warns once when a generation crosses it', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/profile');
    const card = page.getByTestId('low-balance');
    await card.getByRole('heading', { name: 'Low-balance warning' }).waitFor();
    expect(await page.getByTestId('low-balance-current').textContent()).toBe('No warning set.');
    for (const bad of ['abc', '0', '1000000.01']) {
      await card.getByLabel('Warn me below (USD)').fill(bad);
      await card.getByRole('button', { name: 'Save warning' }).click();
      await card.getByText(messages.lowBalanceThreshold).waitFor();
    }
    await card.getByLabel('Warn me below (USD)').fill('1000');
    await card.getByRole('button', { name: 'Save warning' }).click();
    await page.locator('.MuiSnackbarContent-message').getByText('Low-balance warning saved').waitFor();
    await expect.poll(() => page.getByTestId('low-balance-current').textContent()).toBe(`Warning below ${usd(1000)}.`);
    expect(await card.getByLabel('Warn me below (USD)').inputValue()).toBe('1000.00');
    await capture(page, 'profile-low-balance');

    await page.goto('/demo-reseller/dashboard/overview');
    await expect.poll(() => page.getByTestId('forecast-threshold').textContent()).toBe(`Low-balance warning below ${usd(1000)}`);

    // A line just under the balance: the next generation crosses it and warns once, by notification
    // and e-mail; the one after, already under the line, says nothing more.
    const line = (await balanceCents()) - 100;
    await page.goto('/demo-reseller/profile');
    await card.getByLabel('Warn me below (USD)').fill((line / 100).toFixed(2));
    await card.getByRole('button', { name: 'Save warning' }).click();
    await expect.poll(() => page.getByTestId('low-balance-current').textContent()).toBe(`Warning below ${usd(line / 100)}.`);
    await generateInBrowser(page, 2);
    const after = await balanceCents();
    await generateInBrowser(page, 2);
    const warning = `Your balance (${usd(after / 100)}) fell below the ${usd(line / 100)} you set. Add funds to keep generating coupons and renewing VPN accounts.`;
    await page.goto('/demo-reseller/notifications');
    await page.getByTestId('notification').first().waitFor();
    expect(await page.getByTestId('notification').filter({ hasText: 'fell below the' }).allTextContents()).toEqual([expect.stringContaining(warning)]);
    // The e-mail leaves after the commit: the outbox is read until it is there, then once more.
    const warningMails = async () => {
      const res = await server.app.inject({ method: 'GET', url: '/dev/mail?format=json&to=reseller%40demo.partner-panel.test' });
      return (res.json() as { mails: { kind: string; text: string }[] }).mails.filter((m) => m.kind === 'low_balance').map((m) => m.text.includes(warning));
    };
    await expect.poll(warningMails).toEqual([true]);
    await page.goto('/demo-reseller/dashboard/overview');
    await expect.poll(() => page.getByTestId('forecast-threshold').textContent()).toBe(`Below your warning line of ${usd(line / 100)}`);

    // Emptied, the warning is off.
    await page.goto('/demo-reseller/profile');
    await card.getByLabel('Warn me below (USD)').fill('');
    await card.getByRole('button', { name: 'Save warning' }).click();
    await page.locator('.MuiSnackbarContent-message').getByText('Low-balance warning turned off').waitFor();
    await expect.poll(() => page.getByTestId('low-balance-current').textContent()).toBe('No warning set.');
    expectNoProblems({ ...tab, problems: tab.problems.filter((p) => !/status of 422/.test(p)) });
  }, 180_000);

  it("shows an admin its users ranked by spend, each linking to the user's page", async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'admin@demo.partner-panel.test');
    const ranking = page.getByTestId('ranking');
    await ranking.getByRole('heading', { name: 'Your users ranked' }).waitFor();
    const rowsShown = ranking.getByTestId('ranking-row');
    await expect.poll(() => rowsShown.count()).toBe(2);
    const cells = await rowsShown.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
    expect(cells).toEqual([
      ['1', 'Northwind Sub-resellersub1@demo.partner-panel.test', usd(northwind.amount), '2', '0'],
      ['2', 'Contoso Sub-resellersub2@demo.partner-panel.test', usd(0), '0', '0'],
    ]);
    await capture(page, 'dashboard-admin-ranking');
    await expectOnPhoneScreen(page, page.getByTestId('ranking-table'));
    const [sub1] = await rows<{ id: number }>(sql`select id from resellers where email = 'sub1@demo.partner-panel.test'`);
    await ranking.getByRole('link', { name: 'Northwind Sub-reseller' }).click();
    await page.waitForURL((u) => u.pathname === `/demo-admin/user/edit/${sub1?.id}`);
    expectNoProblems(tab);
  }, 180_000);

  it('shows partner 903 its credit line, used and left, and never a wallet', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'partner@demo.partner-panel.test');
    const tile = page.getByTestId('tile-credit');
    await tile.getByTestId('credit-used').waitFor();
    const [partner] = await rows<{ balance: string; limit: string }>(sql`select balance_cents as balance, credit_limit_cents as limit from resellers where id = 903`);
    const limit = Number(partner?.limit);
    const used = Math.max(0, -Number(partner?.balance));
    expect(limit).toBeGreaterThan(0);
    expect(await tile.getByTestId('credit-left').textContent()).toBe(`Left: ${usd((limit - used) / 100)}`);
    expect(await tile.getByTestId('credit-used').textContent()).toBe(`Used: ${usd(used / 100)} of ${usd(limit / 100)}`);
    expect(await page.getByTestId('tile-wallet').count()).toBe(0);
    // No subscriptions chart where the spec hides the VPN tiles.
    await page.getByTestId('chart-spend').waitFor();
    expect(await page.getByTestId('chart-active').count()).toBe(0);
    expect(await page.getByTestId('over-time').textContent()).not.toMatch(/wallet/i);
    expect(await tile.textContent()).not.toMatch(/wallet/i);
    await capture(page, 'dashboard-partner-credit');

    await page.goto('/brainrocket/profile');
    const card = page.getByTestId('low-balance');
    await card.getByRole('heading', { name: 'Credit line warning' }).waitFor();
    expect(await card.textContent()).not.toMatch(/wallet|balance/i);
    expectNoProblems(tab);
  }, 180_000);
});
