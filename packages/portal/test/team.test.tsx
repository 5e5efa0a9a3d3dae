/**
 * The Team page's forms, alone inside react-admin's AdminContext against the real server: Invite
 * people (several addresses at once, each with a role; the contract's sentence beneath an emptied
 * field, the server's above the form), Change (an Operations member's daily limit in dollars), and
 * what a role is not offered.
 */
import './support/dom';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errors, messages } from '@partner-panel/sdk';
import CouponListPage from '../src/resources/coupons/CouponList';
import WebhooksPage from '../src/pages/integration/webhooks/WebhooksPage';
import TeamPage from '../src/resources/team/TeamPage';
import { LowBalanceCard } from '../src/pages/profile/LowBalanceCard';
import UserProfile from '../src/resources/users/profile/UserProfile';
import { ShowBase } from 'react-admin';
import { sql } from 'drizzle-orm';
import { MEMBER_PASSWORD, joinAs } from '../../server/test/support/team.js';
import { query } from '../../server/test/support/sql.js';
import { renderAt, signedIn, t } from './support/admin';

afterEach(() => cleanup());

const LIBRARY_WORDS = /Invalid input|expected|received|undefined|\[object/;
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const beneath = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

/** Picks an option of a react-admin SelectInput (MUI's select: a button, then a listbox). */
async function choose(select: HTMLElement, option: string) {
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Invite people', () => {
  it('sends several addresses at once, each with its role, in the contract’s words when a field is wrong', async () => {
    const p = await signedIn('reseller@demo.partner-panel.test');
    renderAt(p, 'team', <TeamPage />);
    await screen.findByText('Fiona Finance');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });

    // Empty: the contract's sentence beneath the address, and nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    const first = within(dialog).getByLabelText('Email address');
    await waitFor(() => expect(beneath(first)).toBe(messages.emailRequired));

    type(first, 'ops@shop.test');
    await choose(within(dialog).getByRole('combobox', { name: 'Role' }), 'Operations');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add another address' }));
    const rows = within(dialog).getAllByTestId('invite-row');
    expect(rows).toHaveLength(2);
    type(within(rows[1] as HTMLElement).getByLabelText('Email address'), 'support@shop.test');
    await choose(within(rows[1] as HTMLElement).getByRole('combobox', { name: 'Role' }), 'Support');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite people' })).toBeNull());
    const sent = await p.dataProvider.read('teamInvitations', undefined);
    expect(sent.data.filter((i) => i.status === 'pending').map((i) => [i.email, i.role]).sort()).toEqual([
      ['ops@shop.test', 'operations'],
      ['support@shop.test', 'support'],
    ]);
    const rowsShown = await screen.findAllByTestId('invitation-row');
    expect(rowsShown.length).toBeGreaterThanOrEqual(2);

    // An address already a member: the server's sentence above the form, all or none.
    fireEvent.click(screen.getByRole('button', { name: 'Invite people' }));
    const again = await screen.findByRole('dialog', { name: 'Invite people' });
    type(within(again).getByLabelText('Email address'), 'finance@demo.partner-panel.test');
    fireEvent.click(within(again).getByRole('button', { name: 'Send invitations' }));
    const alert = await within(again).findByRole('alert');
    expect(alert.textContent).toBe(errors.alreadyMember.message.replace('${email}', 'finance@demo.partner-panel.test'));
    expect(document.body.textContent).not.toMatch(LIBRARY_WORDS);
  });
});

describe('Change a member', () => {
  it('sets an Operations member’s daily limit in dollars, shown as money', async () => {
    const p = await signedIn('reseller@demo.partner-panel.test');
    renderAt(p, 'team', <TeamPage />);
    const row = (await screen.findByText('Dev Developer')).closest('[data-testid="member-row"]') as HTMLElement;
    fireEvent.click(await within(row).findByRole('button', { name: 'Change Dev Developer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Dev Developer' });
    expect(within(dialog).queryByLabelText('Daily spending limit (USD)')).toBeNull();
    await choose(within(dialog).getByRole('combobox', { name: 'Role' }), 'Operations');
    type(await within(dialog).findByLabelText('Daily spending limit (USD)'), '125.5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Dev Developer' })).toBeNull());
    const members = await p.dataProvider.read('teamMembers', undefined);
    expect(members.data.find((m) => m.name === 'Dev Developer')).toMatchObject({ role: 'operations', daily_limit: 125.5 });
    await waitFor(() => expect(screen.getByText('$125.50')).toBeTruthy());
  });
});

describe('what a role is not offered', () => {
  it('Finance (no team permissions) is offered no invitation, change or removal, and no invitations list', async () => {
    const p = await signedIn('finance@demo.partner-panel.test');
    renderAt(p, 'team', <TeamPage />);
    await screen.findByRole('heading', { name: 'Members' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Invitations' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Invite people' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Change / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });
});

describe('buttons a role cannot use', () => {
  it('Finance reads the coupon list without Email Coupon or delete', async () => {
    const owner = await signedIn('reseller@demo.partner-panel.test');
    await owner.dataProvider.generateCoupons({ quantity: 2, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'FIN' });
    const p = await signedIn('finance@demo.partner-panel.test');
    renderAt(p, 'coupons/list', <CouponListPage />);
    await waitFor(() => expect(screen.getAllByTestId('coupon-row').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Email Coupon' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete coupon' })).toBeNull();
  });

  it('the Add endpoint form is offered to a role that manages webhooks, not to one without it', async () => {
    // (Dev Developer is Operations by now, from the test above: the Owner stands for a role with it.)
    const owner = await signedIn('reseller@demo.partner-panel.test');
    renderAt(owner, 'integration/webhooks', <WebhooksPage />);
    await screen.findByRole('button', { name: 'Add endpoint' });
    cleanup();
    const finance = await signedIn('finance@demo.partner-panel.test');
    renderAt(finance, 'integration/webhooks', <WebhooksPage />);
    await screen.findByRole('heading', { name: 'Webhooks' });
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
  });
});

describe('controls a role reads but may not use', () => {
  it('a delivery’s Resend is offered to a role that manages webhooks, not to a Viewer who reads the log', async () => {
    const owner = await t.signIn('reseller@demo.partner-panel.test');
    const endpoint = await owner.api.createWebhookEndpoint({ url: 'http://127.0.0.1:9/resend-role', mode: 'live', event_types: [] });
    await owner.api.testWebhookEndpoint({ endpointId: endpoint.id });
    const viewer = await joinAs(t, owner.api, 'viewer');
    renderAt(await signedIn(viewer.email, MEMBER_PASSWORD), 'integration/webhooks', <WebhooksPage />);
    const log = await screen.findByTestId(`deliveries-${endpoint.id}`);
    await within(log).findByText('webhook.test');
    expect(within(log).queryByRole('button', { name: 'Resend' })).toBeNull();
    cleanup();
    renderAt(await signedIn('reseller@demo.partner-panel.test'), 'integration/webhooks', <WebhooksPage />);
    await within(await screen.findByTestId(`deliveries-${endpoint.id}`)).findByRole('button', { name: 'Resend' });
  });

  it('the low-balance warning line is read by every member and set only by those who manage the account', async () => {
    const owner = await t.signIn('reseller@demo.partner-panel.test');
    const developer = await joinAs(t, owner.api, 'developer');
    renderAt(await signedIn(developer.email, MEMBER_PASSWORD), 'profile', <LowBalanceCard />);
    await screen.findByTestId('low-balance-current');
    expect(screen.queryByRole('button', { name: 'Save warning' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    cleanup();
    renderAt(await signedIn('reseller@demo.partner-panel.test'), 'profile', <LowBalanceCard />);
    await screen.findByRole('button', { name: 'Save warning' });
  });

  it('an admin’s Finance member bills a sub-reseller but is offered none of its status, verification, password or prices', async () => {
    const admin = await t.signIn('admin@demo.partner-panel.test');
    const finance = await joinAs(t, admin.api, 'finance');
    const [sub] = await query<{ id: number }>(t, sql`select id from resellers where lower(email) = 'sub1@demo.partner-panel.test'`);
    const profile = (p: Awaited<ReturnType<typeof signedIn>>) =>
      renderAt(
        p,
        `users/${sub?.id}`,
        <ShowBase resource="users" id={sub?.id}>
          <UserProfile />
        </ShowBase>,
      );
    profile(await signedIn(finance.email, MEMBER_PASSWORD));
    await screen.findByRole('button', { name: 'Send Invoice' });
    screen.getByRole('button', { name: 'Credit or debit wallet' });
    for (const name of ['Verify user', 'Change Password', 'Save prices', 'Generate Coupons']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Generate Coupons' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Require two-factor sign-in' }).hasAttribute('disabled')).toBe(true);
    cleanup();
    profile(await signedIn('admin@demo.partner-panel.test'));
    await screen.findByRole('button', { name: 'Save prices' });
    screen.getByRole('button', { name: 'Change Password' });
    screen.getByRole('link', { name: 'Generate Coupons' });
    expect(screen.getByRole('combobox', { name: 'Status' }).getAttribute('aria-disabled')).toBeNull();
  });
});

describe('the Owner’s own actions', () => {
  it('requires a second factor of every member, and hands the account over behind a confirmation', async () => {
    const p = await signedIn('reseller@demo.partner-panel.test');
    renderAt(p, 'team', <TeamPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Require it of every member' }));
    await screen.findByText('Every member must sign in with a second factor.');
    fireEvent.click(await screen.findByRole('button', { name: 'No longer require it' }));
    await screen.findByText('Members choose whether to sign in with a second factor.');

    fireEvent.click(await screen.findByRole('button', { name: 'Make Owner Fiona Finance' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make Fiona Finance the Owner?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Make Owner' }));
    // The Owner is now an Administrator: the stored member says so, and the Owner's buttons are gone.
    await waitFor(() => expect(p.session.user()?.member.role).toBe('administrator'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Make Owner/ })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Require it of every member' })).toBeNull();
    const members = await p.dataProvider.read('teamMembers', undefined);
    expect(members.data.find((m) => m.role === 'owner')?.name).toBe('Fiona Finance');
  });
});
