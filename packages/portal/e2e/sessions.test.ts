/**
 * Sessions a person can see, in Chromium against the real server (docs/api.md "Sessions and
 * security events"): the profile lists the account's sessions with this one marked; signing one
 * out from another browser makes that browser's next call answer forbidden, so it is back at the
 * sign-in page (000 §4); "Sign out everywhere else"; the security events list the sign-ins.
 */
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const email = 'reseller@demo.partner-panel.test';

describe('signed-in sessions', () => {
  it('signs another browser out from the profile: its next call sends it to the sign-in page', async () => {
    const here = await newTab(server.url);
    const there = await newTab(server.url);
    const third = await newTab(server.url);
    await signIn(there.page, email);
    await signIn(third.page, email);
    await signIn(here.page, email);

    const { page } = here;
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    const rows = page.getByTestId('sessions').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => rows.first().getByText('This session').count()).toBe(1);
    expect(await rows.first().locator('td').first().textContent()).toBe('Chrome on Linux');
    expect(await rows.first().locator('td').nth(1).textContent()).toBe('127.0.0.1');
    await page.getByTestId('security-events').getByText('Signed in on Chrome on Linux.').first().waitFor();
    await capture(page, 'profile-sessions');

    // Sign out the oldest other session (the first browser's).
    await rows.nth(2).getByRole('button', { name: 'Sign out the session on Chrome on Linux' }).click();
    await page.getByText('That session is signed out.').first().waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    // Its next call (the dashboard's figures, on a reload) answers forbidden: back at the sign-in page.
    await there.page.reload();
    await there.page.waitForURL(/\/login$/);
    // The third browser is still signed in until "everywhere else".
    await third.page.reload();
    await third.page.waitForURL(/\/dashboard\/overview$/);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByText('1 other session is signed out.').first().waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByText('No other session is signed in.').waitFor();
    await page.getByTestId('security-events').getByText('Signed out every other session (1).').waitFor();
    await third.page.reload();
    await third.page.waitForURL(/\/login$/);
    expectNoProblems(here);
    for (const tab of [here, there, third]) await tab.context.close();
  });
});
