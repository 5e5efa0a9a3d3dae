/**
 * Teams in Chromium against the real server (issue 34): the demo reseller's Owner invites two
 * people in one go (Finance and Developer); each accepts from the dev inbox with a name and a
 * password, signs in, and sees only their pages; the Developer opening Generate Coupons gets the
 * 'not allowed' page; the Finance member adds funds with the test gateway; removing the Developer
 * ends their next call with 'forbidden' (back to the sign-in page, 000 §4) and closes their socket.
 */
import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab, signIn, watchSockets } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const OWNER = 'reseller@demo.partner-panel.test';
const PASSWORD = 'Team!Member2026';
const YEAR = String(new Date().getUTCFullYear() + 2);
const people = {
  finance: { email: 'fay@team.example.com', name: 'Fay Ledger', role: 'Finance' },
  developer: { email: 'dan@team.example.com', name: 'Dan Hooks', role: 'Developer' },
};

/** The invitation link mailed to an address, from the dev inbox. */
async function invitationLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const { mails } = (await (await fetch(`${server.url}/dev/mail?format=json&to=${encodeURIComponent(to)}`)).json()) as { mails: { text: string }[] };
      link = mails.map((m) => /https?:\/\/\S+(\/invitation\/[\w-]+)/.exec(m.text)?.[1]).find(Boolean);
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/** The sidebar's sections, by their keys. */
const sidebar = async (page: Page) => {
  await page.getByTestId('nav-dashboard').first().waitFor();
  return page.locator('[data-testid^="nav-"]').evaluateAll((links) => [...new Set(links.map((l) => l.getAttribute('data-testid')?.slice(4)))]);
};

async function acceptAs(page: Page, who: (typeof people)[keyof typeof people]) {
  await page.goto(await invitationLink(who.email));
  await page.getByRole('heading', { level: 1, name: 'Join Demo Reseller' }).waitFor();
  await page.getByText(`${who.email} is invited to Demo Reseller as ${who.role}.`, { exact: false }).waitFor();
  await capture(page, `team-invitation-${who.role.toLowerCase()}`);
  await page.getByLabel('Full Name').fill(who.name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Join the team' }).click();
  await page.waitForURL(/\/demo-reseller\/dashboard\/overview$/);
}

describe('a team', () => {
  it('invites a Finance and a Developer member in one go; each joins, signs in and sees only their pages; removal signs the Developer out', async () => {
    const owner = await newTab(server.url);
    await signIn(owner.page, OWNER);
    const { page } = owner;

    // --- the Team page, from the user menu
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Team' }).click();
    await page.waitForURL(/\/demo-reseller\/team$/);
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    await page.getByTestId('member-row').filter({ hasText: 'Fiona Finance' }).waitFor();

    // --- two addresses, each with its role, in one invitation
    await page.getByRole('button', { name: 'Invite people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite people' });
    const rows = dialog.getByTestId('invite-row');
    await rows.nth(0).getByLabel('Email address').fill(people.finance.email);
    await rows.nth(0).getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Finance' }).click();
    await dialog.getByRole('button', { name: 'Add another address' }).click();
    await rows.nth(1).getByLabel('Email address').fill(people.developer.email);
    await rows.nth(1).getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Developer' }).click();
    await capture(page, 'team-invite');
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await page.getByText('2 invitations sent.').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    for (const who of Object.values(people)) await page.getByTestId('invitation-row').filter({ hasText: who.email }).getByText('Pending').waitFor();
    await capture(page, 'team');

    // --- the Developer joins from the inbox: keys, webhooks, sandbox and docs only
    const developer = await newTab(server.url);
    await acceptAs(developer.page, people.developer);
    expect(await sidebar(developer.page)).toEqual(['dashboard', 'integration']);
    await developer.page.goto('/demo-reseller/coupons/generate');
    await developer.page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
    await developer.page.getByText('Your role in this account (Developer) does not allow this page.').waitFor();
    await capture(developer.page, 'team-not-allowed');
    await developer.page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await developer.page.waitForURL(/\/dashboard\/overview$/);

    // It signs in with its own password too (a new browser), and hears the live channel.
    const dev = await newTab(server.url);
    const sockets = watchSockets(dev.page);
    await signIn(dev.page, people.developer.email, PASSWORD);
    await sockets.ready();
    expect(await sidebar(dev.page)).toEqual(['dashboard', 'integration']);

    // --- the Finance member joins and adds funds
    const finance = await newTab(server.url);
    await acceptAs(finance.page, people.finance);
    expect(await sidebar(finance.page)).toEqual(['dashboard', 'coupons', 'vpn', 'billing']);
    await finance.page.goto('/demo-reseller/integration/keys');
    await finance.page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
    await finance.page.goto('/demo-reseller/billing/pay');
    const form = finance.page.getByTestId('payment-form');
    await form.getByLabel('Amount (USD)').fill('2500');
    await form.getByLabel('Name on card').fill(people.finance.name);
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry month').fill('12');
    await form.getByLabel('Expiry year').fill(YEAR);
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: 'Pay by card' }).click();
    await finance.page.getByText('Your payment is confirmed. Your balance is $7,500.00.').waitFor();

    // --- both have joined; the Owner removes the Developer
    await page.reload();
    for (const who of Object.values(people)) await page.getByTestId('invitation-row').filter({ hasText: who.email }).getByText('Accepted').waitFor();
    // Change: the role, and a limit only for Operations (captured with axe at both sizes).
    await page.getByRole('button', { name: `Change ${people.finance.name}` }).click();
    const change = page.getByRole('dialog', { name: `Change ${people.finance.name}` });
    await change.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Operations' }).click();
    await change.getByLabel('Daily spending limit (USD)').waitFor();
    await capture(page, 'team-change');
    await change.getByRole('button', { name: 'Cancel' }).click();
    await change.waitFor({ state: 'hidden' });

    const devSocket = sockets.sockets.at(-1) as WebSocket;
    const closed = devSocket.waitForEvent('close');
    await page.getByRole('button', { name: `Remove ${people.developer.name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${people.developer.name} from the team?` });
    await confirm.waitFor();
    await capture(page, 'team-remove');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Member removed; their sessions were signed out.').first().waitFor();
    await expect.poll(() => page.getByTestId('member-row').filter({ hasText: people.developer.name }).count()).toBe(0);

    // Their socket is closed at once, and their next call answers 'forbidden': back to sign-in.
    await closed;
    expect(devSocket.isClosed()).toBe(true);
    await dev.page.getByTestId('nav-integration').first().click();
    await dev.page.waitForURL(/\/login$/);

    for (const tab of [owner, developer, finance]) expectNoProblems(tab);
    for (const tab of [owner, developer, dev, finance]) await tab.context.close();
  });

  it('lets a person who already signs in here join another account, then switch between the two from the user menu', async () => {
    // The admin reseller invites the demo reseller's Owner as a Viewer.
    const admin = await newTab(server.url);
    await signIn(admin.page, 'admin@demo.partner-panel.test');
    await admin.page.goto('/demo-admin/team');
    await admin.page.getByRole('button', { name: 'Invite people' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Invite people' });
    await dialog.getByLabel('Email address').fill(OWNER);
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await admin.page.getByText('1 invitation sent.').first().waitFor();

    // Signed out, the link says to sign in first; the sign-in page comes back to it.
    const tab = await newTab(server.url);
    const { page } = tab;
    const sockets = watchSockets(page);
    await page.goto(await invitationLink(OWNER));
    await page.getByText(`${OWNER} already signs in here. Sign in as that person, then accept the invitation.`).waitFor();
    await capture(page, 'team-invitation-existing');
    await page.getByRole('link', { name: 'Sign in to accept' }).click();
    await page.getByLabel('Email address').fill(OWNER);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('DemoPass2026!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/invitation\/[\w-]+$/);
    await page.getByText(`You are signed in as ${OWNER}.`).waitFor();
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    // Joined: in the admin's account, as a Viewer (nothing that spends).
    await page.waitForURL(/\/demo-admin\/dashboard\/overview$/);
    await sockets.ready();
    expect(await sidebar(page)).toEqual(['dashboard', 'coupons', 'vpn', 'billing', 'integration', 'users']);
    await page.goto('/demo-admin/coupons/generate');
    await page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();

    // The user menu lists both accounts; switching moves the prefix, the pages and the live channel.
    const subscribed = () => sockets.heard('pusher_internal:subscription_succeeded');
    const before = subscribed();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Demo Admin (Viewer), the account you are in' }).waitFor();
    await page.getByRole('menuitem', { name: 'Switch to Demo Reseller (Owner)' }).click();
    await page.waitForURL(/\/demo-reseller\/dashboard\/overview$/);
    await page.getByText('Switched account.').first().waitFor();
    // A new connection, subscribed on the new account's channel.
    await expect.poll(subscribed).toBeGreaterThan(before);
    await page.goto('/demo-reseller/coupons/generate');
    await page.getByRole('heading', { level: 1, name: 'Generate Coupons' }).waitFor();

    for (const t of [admin, tab]) expectNoProblems(t);
    for (const t of [admin, tab]) await t.context.close();
  });
});
