/**
 * The operator's programme dashboard (issue 35), in browsers against the real server: the demo
 * operator opens Programme from its console; each KPI card shows what the database holds for 30
 * days and for the 30 before; switched to 7 days, the cards follow (and the address keeps the
 * range); the Health card names a failing webhook endpoint with its reseller, and counts the queue
 * and the mail not delivered.
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProgrammeDashboard, ProgrammeTotals } from '@partner-panel/sdk';
import { programmeDashboard } from '../../server/src/modules/operator/dashboard.js';
import { capture, expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer({ JOB_WORKERS: '0' });
const { ctx } = server.app;

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const number = new Intl.NumberFormat('en-US');
const KEYS: (keyof ProgrammeTotals)[] = ['active_resellers', 'spend', 'coupons_generated', 'coupons_redeemed', 'vpn_active', 'new_resellers'];
const shown = (key: keyof ProgrammeTotals, value: number) => (key === 'spend' ? money.format(value) : number.format(value));

/** Each card's value and its previous range's line are what the database holds now. */
async function expectCards(page: Page, expected: ProgrammeDashboard) {
  for (const key of KEYS) {
    const card = page.getByTestId(`kpi-${key}`);
    await expect.poll(() => card.getByTestId('kpi-value').textContent(), { message: key }).toBe(shown(key, expected.totals[key]));
    expect(await card.getByTestId('kpi-previous').textContent(), key).toBe(`Previous range: ${shown(key, expected.previous[key])}`);
  }
}

describe("the operator's programme dashboard", () => {
  it('shows the figures the database holds, follows the range, and the health of webhooks, the queue and mail', async () => {
    // Today's figures for two demo resellers, as the rollups would hold them, and a failing endpoint.
    const ids = (await ctx.db.execute(sql`select id, email from resellers where email in ('reseller@demo.partner-panel.test', 'admin@demo.partner-panel.test')`)).rows as { id: number; email: string }[];
    const reseller = Number(ids.find((r) => r.email.startsWith('reseller@'))?.id);
    const admin = Number(ids.find((r) => r.email.startsWith('admin@'))?.id);
    // Appended as the rollup triggers append a statement's figures; the fold moves them on its timer.
    await ctx.db.execute(sql`insert into reseller_daily_delta (reseller_id, day, spend_cents, coupons_generated, coupons_redeemed, vpn_started)
      values (${reseller}, (now() at time zone 'utc')::date, 12345, 7, 2, 2), (${admin}, (now() at time zone 'utc')::date - 10, 5000, 3, 1, 1)`);
    await ctx.db.execute(sql`insert into webhook_endpoints (reseller_id, mode, url, secret_sealed, failing_since) values (${reseller}, 'live', 'https://broken.example.com/hooks', 'x', now() - interval '2 hours')`);
    await ctx.db.execute(sql`select graphile_worker.add_job('programme.waiting', '{}'::json)`);

    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'operator@demo.partner-panel.test', undefined, /\/operator\/catalogue$/);
    await page.getByRole('tab', { name: 'Programme' }).or(page.getByRole('link', { name: 'Programme' })).first().click();
    await page.getByRole('heading', { name: 'Programme', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/operator/programme');

    const month = await programmeDashboard(ctx, 30);
    expect(month.totals.active_resellers).toBeGreaterThanOrEqual(2);
    await expectCards(page, month);
    await capture(page, 'operator-programme');

    await page.getByTestId('programme-range').getByRole('button', { name: '7 days' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe('7');
    const week = await programmeDashboard(ctx, 7);
    expect(week.totals.spend).toBeLessThan(month.totals.spend);
    await expectCards(page, week);

    const health = page.getByTestId('programme-health');
    await expect.poll(() => health.getByTestId('health-webhook').filter({ hasText: 'https://broken.example.com/hooks' }).count()).toBe(1);
    expect(await health.getByTestId('health-webhook').filter({ hasText: 'https://broken.example.com/hooks' }).textContent()).toContain('Demo Reseller');
    expect(await health.getByTestId('health-webhooks-failing').textContent()).toBe(number.format(week.health.webhooks.failing));
    expect(await health.getByTestId('health-queue-depth').textContent()).toBe(number.format(week.health.queue.depth));
    expect(week.health.queue.depth).toBeGreaterThanOrEqual(1);
    expect(await health.getByTestId('health-mail-undelivered').textContent()).toBe(number.format(week.health.mail.undelivered));

    // A chart's figures as a table: today's spend among them.
    const spend = page.getByTestId('programme-chart-spend');
    await spend.getByRole('button', { name: 'Show as table' }).click();
    await expect.poll(() => spend.getByTestId('programme-chart-spend-table').getByRole('row').count()).toBe(8);
    expectNoProblems(tab);
  }, 120_000);
});
