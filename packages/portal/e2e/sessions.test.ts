/**
 * Sessions a person can see, in Chromium against the real server (docs/api.md "Sessions and
 * security events"): the profile lists the account's sessions with this one marked; signing one
 * out from another browser makes that browser's next call answer forbidden, so it is back at the
 * sign-in page (000 §4), and closes its live socket at once, while this browser's hears on;
 * "Sign out everywhere else"; the security events list the sign-ins; on a phone both lists fit.
 */
import { sql } from 'drizzle-orm';
import type { WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REALTIME_EVENTS } from '@partner-panel/sdk';
import { MOBILE, capture, expectNoProblems, expectOnPhoneScreen, newTab, signIn, watchSockets } from './support/browser.js';
import { notify } from './support/data.js';
import { startServer } from './support/server.js';

const server = await startServer();
const email = 'reseller@demo.partner-panel.test';
const RESELLER_ID = 1000;

/** The id of the newest session: the one a sign-in just opened. */
async function newestSession() {
  const { rows } = (await server.app.ctx.db.execute(sql`select max(id)::int as id from access_tokens where kind = 'session'`)) as unknown as { rows: { id: number }[] };
  return Number(rows[0]?.id);
}

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

  it("closes the socket of a session signed out from another browser at once; this browser's still hears", async () => {
    const here = await newTab(server.url);
    const there = await newTab(server.url);
    const mine = watchSockets(here.page);
    const theirs = watchSockets(there.page);
    await signIn(there.page, email);
    const theirSession = await newestSession();
    await signIn(here.page, email);
    await Promise.all([mine.ready(), theirs.ready()]);
    const theirSocket = theirs.sockets.at(-1) as WebSocket;
    const closed = theirSocket.waitForEvent('close');

    const { page } = here;
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByTestId(`session-${theirSession}`).getByRole('button', { name: 'Sign out the session on Chrome on Linux' }).click();
    await closed;
    expect(theirSocket.isClosed()).toBe(true);
    const theirsBefore = theirs.heard(REALTIME_EVENTS.notification);

    await notify(server.app, RESELLER_ID, 'Heard by the session still signed in');
    await expect.poll(() => mine.heard(REALTIME_EVENTS.notification)).toBe(1);
    expect(mine.sockets.every((ws) => !ws.isClosed())).toBe(true);
    expect(theirs.heard(REALTIME_EVENTS.notification)).toBe(theirsBefore);
    expect(theirs.sockets.filter((ws) => !ws.isClosed())).toEqual([]);
    expectNoProblems(here);
    for (const tab of [here, there]) await tab.context.close();
  });

  it('fits the sessions and the security events on a phone: no sideways scrolling, "Sign out" in reach', async () => {
    const other = await newTab(server.url);
    await signIn(other.page, email);
    const tab = await newTab(server.url, MOBILE);
    const { page } = tab;
    await signIn(page, email);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    const signOut = page.getByTestId('sessions').getByRole('button', { name: 'Sign out the session on Chrome on Linux' }).first();
    await signOut.waitFor({ timeout: 8000 }).catch(async () => { await page.screenshot({ path: '/tmp/sockets-phone.png', fullPage: true }); throw new Error(page.url()); });
    await page.getByTestId('security-events').getByText('Signed in on Chrome on Linux.').first().waitFor();
    const width = () => page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    await expect.poll(async () => {
      const w = await width();
      return w.document <= w.viewport;
    }).toBe(true);
    await expectOnPhoneScreen(page, signOut);
    await expectOnPhoneScreen(page, page.getByTestId('security-events'));
    expect(await signOut.isVisible()).toBe(true);
    await capture(page, 'profile-sessions-phone');
    expectNoProblems(tab);
    for (const t of [tab, other]) await t.context.close();
  });
});
