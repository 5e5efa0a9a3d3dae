/**
 * Live notifications in Chromium: a server-side change reaches the bell and the balance tag without
 * a reload (how fast is `pnpm bench`'s to measure); the sound plays at volume 0.1; the bell and the
 * notifications page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab, signIn } from './support/browser.js';
import { credit, notify } from './support/data.js';
import { startServer } from './support/server.js';

const server = await startServer();
const RESELLER_ID = 1000;

/**
 * The number the bell shows (0 when it shows none), checked against its accessible name: the
 * count a person sees is the count a screen reader says, and at 0 the bell holds no text at all.
 */
async function bellCount(page: Page) {
  const bell = page.getByTestId('bell');
  const shown = (await bell.innerText()).trim();
  const name = await bell.getAttribute('aria-label');
  if (shown === '') {
    expect(name).toBe('Notifications');
    expect(await bell.textContent()).toBe('');
    return 0;
  }
  expect(name).toBe(`Notifications: ${shown} unread`);
  return Number(shown.replace('+', ''));
}

/** Waits until the page's socket has subscribed to the reseller's channel. */
const subscribed = (resellerId: number) =>
  expect.poll(() => server.app.ctx.realtime.server?.subscriberCount(`private-reseller.${resellerId}`) ?? 0).toBeGreaterThan(0);

/** Records every sound the page plays, with its volume. */
const recordSounds = () => {
  const played: { src: string; volume: number }[] = [];
  (window as unknown as { __sounds: typeof played }).__sounds = played;
  HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
    played.push({ src: this.src, volume: this.volume });
    return Promise.resolve();
  };
};

describe('live notifications', () => {
  it('a server-side notification raises the bell and a wallet change updates the balance tag, each as it happens, without a reload', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await page.addInitScript(recordSounds);
    await signIn(page, 'reseller@demo.partner-panel.test');
    await subscribed(RESELLER_ID);
    expect(await bellCount(page)).toBe(0);

    await notify(server.app, RESELLER_ID, 'Your 10 coupons are ready', 'coupons/list');
    await expect.poll(() => bellCount(page), { interval: 20 }).toBe(1);
    const sounds = await page.evaluate(() => (window as unknown as { __sounds: { src: string; volume: number }[] }).__sounds);
    expect(sounds).toEqual([{ src: `${server.url}/notification.wav`, volume: 0.1 }]);

    await credit(server.app, RESELLER_ID, 2_500);
    await page.getByTestId('balance-tag').getByText('$5,025.00').waitFor();
    expect(await page.getByTestId('tile-wallet-value').textContent()).toBe('$5,025.00');

    // The bell: the unread one, and a click marks it read and follows its redirect.
    await page.getByTestId('bell').click();
    await capture(page, 'bell-unread');
    await page.getByTestId('bell-item').getByText('Your 10 coupons are ready').click();
    await page.waitForURL(/\/demo-reseller\/coupons\/list$/);
    await expect.poll(() => bellCount(page)).toBe(0);
    expectNoProblems(tab);
  });

  it('catches up on what it missed while the socket server restarted: asked for since the newest it holds, shown once', async () => {
    const { page } = await newTab(server.url);
    // The bell's reads: each address asked for, and the uids each answer held.
    const reads: { url: string; uids: string[] }[] = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/api/v1/resellers/notifications/unread')) return;
      const body = (await response.json()) as { body: { data: { uid: string }[] } };
      reads.push({ url: response.url(), uids: body.body.data.map((row) => row.uid) });
    });
    await notify(server.app, 1002, 'Held before the socket server went down');
    await signIn(page, 'sub1@demo.partner-panel.test');
    await subscribed(1002);
    await expect.poll(() => bellCount(page)).toBe(1);
    const newest = reads.at(-1)?.uids[0];
    expect(newest).toMatch(/^[0-9a-f-]{36}$/);

    const realtime = server.app.ctx.realtime.server;
    const realtimePort = server.realtimePort;
    await realtime?.close();
    await notify(server.app, 1002, 'Sent while the socket server was down');
    await credit(server.app, 1002, 10_000);
    const readsBefore = reads.length;
    await realtime?.listen(realtimePort, '127.0.0.1');
    // pusher-js reconnects on its own schedule, then the portal reads what it missed.
    await expect.poll(() => bellCount(page), { timeout: 60_000 }).toBe(2);
    await page.getByTestId('balance-tag').getByText('$600.00').waitFor();
    // Only what came after the newest one held was asked for, and the whole list was not read again.
    const after = reads.slice(readsBefore);
    expect(after.map((read) => new URL(read.url).search)).toEqual([`?since=${newest}`]);
    expect(after[0]?.uids).toHaveLength(1);

    // A live one after the reconnection: the socket is subscribed again, and each shows once.
    await subscribed(1002);
    await notify(server.app, 1002, 'Sent after the reconnection');
    await expect.poll(() => bellCount(page), { timeout: 30_000 }).toBe(3);
    await page.getByTestId('bell').click();
    const items = page.getByTestId('bell-item');
    await expect.poll(() => items.count()).toBe(3);
    for (const message of ['Held before the socket server went down', 'Sent while the socket server was down', 'Sent after the reconnection']) {
      expect(await items.filter({ hasText: message }).count(), message).toBe(1);
    }
  });

  it('marks all read from the bell', async () => {
    const { page } = await newTab(server.url);
    await signIn(page, 'admin@demo.partner-panel.test');
    await notify(server.app, 1001, 'First');
    await notify(server.app, 1001, 'Second');
    await page.reload();
    await expect.poll(() => bellCount(page)).toBe(2);
    await page.getByTestId('bell').click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByText('No new notifications').waitFor();
  });

  it('lists every notification with infinite scroll, unread highlighted; a click marks one read and follows it', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    for (let i = 1; i <= 40; i++) await notify(server.app, 903, `Notice number ${i}`, i === 40 ? 'profile' : null);
    await signIn(page, 'partner@demo.partner-panel.test');
    await page.goto('/brainrocket/notifications');
    const items = page.getByTestId('notification');
    await expect.poll(() => items.count()).toBe(15);
    await capture(page, 'notifications');
    // Each time the end of the list comes into view, the next page loads.
    await expect
      .poll(async () => {
        await items.last().scrollIntoViewIfNeeded();
        return items.count();
      }, { timeout: 30_000, interval: 250 })
      .toBe(40);
    expect(await page.locator('[data-testid="notification"][data-unread="true"]').count()).toBe(40);
    await items.first().click();
    await page.waitForURL(/\/brainrocket\/profile$/);
    await page.goto('/brainrocket/notifications');
    await expect.poll(() => page.locator('[data-testid="notification"][data-unread="false"]').count()).toBe(1);
    expect(await items.first().textContent()).toContain('Notice number 40');
    expectNoProblems(tab);
  });
});
