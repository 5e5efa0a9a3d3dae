import { chromium } from 'playwright-core';
import { startServer } from '/work/wt-25l/packages/server/bench/harness.js';
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
for (let i = 0; i < 2; i++) {
const page = await (await browser.newContext()).newPage();
await page.goto(`${server.url}/login`);
await page.getByLabel('Email address').fill('reseller@demo.partner-panel.test');
await page.getByRole('button', { name: 'Continue' }).click();
await page.getByLabel('Password', { exact: true }).fill('DemoPass2026!');
await page.waitForTimeout(2500);
const t0 = await page.evaluate(() => performance.now());
await page.getByLabel('Password', { exact: true }).press('Enter');
await page.getByTestId('tile-coupons-24h-value').filter({ hasText: /\d/ }).waitFor();
const t1 = await page.evaluate(() => performance.now());
console.log('enter→tile', Math.round(t1 - t0));
const entries = await page.evaluate((t) => performance.getEntriesByType('resource').filter((r) => r.startTime > t - 5).map((r) => `${Math.round(r.startTime - t)}→${Math.round((r as PerformanceResourceTiming).responseEnd - t)} ${new URL(r.name).pathname}`), t0);
console.log(entries.join('\n'));
}
await browser.close(); await server.close();
