import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PAGE_SIZE, type NoticeText } from '@partner-panel/sdk';
import { transact } from '../src/db/unit.js';
import { linkHash, testApp } from './support/app.js';
import { query } from './support/sql.js';
import { MEMBER_PASSWORD, invitationToken, joinAs } from './support/team.js';

const t = await testApp();
const reseller = await t.signIn('reseller@demo.partner-panel.test');
const other = await t.signIn('admin@demo.partner-panel.test');

async function notify(resellerId: number, n: number) {
  for (let i = 0; i < n; i++) {
    await transact(t.app.ctx, (unit) =>
      t.app.ctx.notifier.notify(unit, resellerId, { type: 'coupons_generated', message: `Batch ${i}` as NoticeText, redirect: 'coupons/list', refId: i + 1 }),
    );
  }
}

describe('the account events notify the reseller', () => {
  it('e-mail verified, password changed, status changed', async () => {
    const password = 'Notify!Password1';
    await t.client().register({ email: 'notify@example.com', name: 'Notify', password, password_confirmation: password });
    await t.client().verifyEmail({ hash: await linkHash(t, 'notify@example.com', 'verification') });
    const me = await t.signIn('notify@example.com', password);
    await me.api.updateProfile({ update: 'status', value: 2 });
    await me.api.changePassword({ email: 'notify@example.com', client_id: me.user.client_id, old_password: password, password: 'Notify!Password2', password_confirmation: 'Notify!Password2' });
    const again = await t.signIn('notify@example.com', 'Notify!Password2');
    const { data } = await again.api.notifications({ page: 1 });
    expect(data.map((n) => JSON.parse(n.data).type)).toEqual(['password_changed', 'status_changed', 'email_verified']);
    expect(JSON.parse(data[1]?.data ?? '{}').message).toBe('Your account is now inactive: generating coupons and creating VPN accounts are paused.');
  });

  it('writes nothing when the change fails', async () => {
    const before = (await reseller.api.notifications({ page: 1 })).total;
    await expect(reseller.api.updateProfile({ update: 'status', value: 1 })).rejects.toMatchObject({ message: 'Nothing to update' });
    expect((await reseller.api.notifications({ page: 1 })).total).toBe(before);
  });
});

describe('notifications calls (000 §7)', () => {
  it('answers a page with data and last_page; data is JSON text with message, type, created_at, redirect and Id', async () => {
    await notify(reseller.user.id, 20);
    const res = await t.post('/api/v1/resellers/notifications', { page: 1 }, reseller.token);
    expect(res.json.header).toMatchObject({ code: 60002, status: 'success' });
    const body = res.json.body as { data: { uid: string; read_at: null; data: string }[]; last_page: number; total: number; current_page: number };
    expect(body).toMatchObject({ total: 20, last_page: 2, current_page: 1 });
    expect(body.data).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    const first = body.data[0];
    expect(first?.read_at).toBeNull();
    expect(JSON.parse(first?.data ?? '')).toEqual({ message: 'Batch 19', type: 'coupons_generated', created_at: expect.any(String), redirect: 'coupons/list', Id: 20 });
    const second = await reseller.api.notifications({ page: 2 });
    expect(second.data).toHaveLength(5);
    expect(new Set([...body.data, ...second.data].map((n) => n.uid)).size).toBe(20);
  });

  it('lists the unread ones with their count', async () => {
    const res = await t.get('/api/v1/resellers/notifications/unread', reseller.token);
    expect(res.json.header).toMatchObject({ code: 60001, status: 'success' });
    expect((res.json.body as { total: number }).total).toBe(20);
  });

  it('marks one read by uid, then all; answers the unread count left', async () => {
    const { data } = await reseller.api.unreadNotifications();
    const uid = data[0]?.uid as string;
    const one = await t.post('/api/v1/resellers/notifications/markread', { uid }, reseller.token);
    expect(one.json).toMatchObject({ header: { code: 60003, message: 'Notification marked as read' }, body: { unread: 19 } });
    const page = await reseller.api.notifications({ page: 1 });
    expect(page.data.find((n) => n.uid === uid)?.read_at).not.toBeNull();
    const all = await t.post('/api/v1/resellers/notifications/markread', {}, reseller.token);
    expect(all.json).toMatchObject({ header: { message: 'All notifications marked as read' }, body: { unread: 0 } });
    expect((await reseller.api.unreadNotifications()).total).toBe(0);
  });

  it("never shows or touches another reseller's notifications", async () => {
    await notify(other.user.id, 1);
    const theirs = (await other.api.unreadNotifications()).data[0]?.uid as string;
    expect((await reseller.api.notifications({ page: 1 })).data.some((n) => n.uid === theirs)).toBe(false);
    const res = await t.post('/api/v1/resellers/notifications/markread', { uid: theirs }, reseller.token);
    expect(res.status).toBe(404);
    expect(res.json.header).toMatchObject({ code: 'rspf-notification-6001', message: 'Notification not found.' });
    expect((await other.api.unreadNotifications()).total).toBe(1);
    // Marking all of mine read leaves theirs alone.
    await reseller.api.markNotificationsRead({});
    expect((await other.api.unreadNotifications()).total).toBe(1);
  });

  it('refuses a uid that is not a uuid, and a page under 1', async () => {
    expect((await t.post('/api/v1/resellers/notifications/markread', { uid: "1' or 1=1" }, reseller.token)).status).toBe(422);
    expect((await t.post('/api/v1/resellers/notifications', { page: 0 }, reseller.token)).status).toBe(422);
  });

  it('answers only the unread ones written after the `since` cursor, each once, with the full unread count', async () => {
    await reseller.api.markNotificationsRead({});
    await notify(reseller.user.id, 2);
    const held = await reseller.api.unreadNotifications();
    expect(held.data.map((n) => JSON.parse(n.data).message)).toEqual(['Batch 1', 'Batch 0']);
    const newest = held.data[0]?.uid as string;
    expect(await reseller.api.unreadNotifications({ since: newest })).toEqual({ data: [], total: 2 });

    // Another reseller's notifications written meanwhile are never in the answer.
    await notify(other.user.id, 1);
    await notify(reseller.user.id, 3);
    const res = await t.get(`/api/v1/resellers/notifications/unread?since=${newest}`, reseller.token);
    expect(res.json.header).toMatchObject({ code: 60001, status: 'success' });
    const missed = res.json.body as { data: { uid: string; data: string }[]; total: number };
    expect(missed.data.map((n) => JSON.parse(n.data).message)).toEqual(['Batch 2', 'Batch 1', 'Batch 0']);
    expect(missed.total).toBe(5);
    expect(missed.data.some((n) => held.data.some((h) => h.uid === n.uid))).toBe(false);

    // From the newest of those on, nothing again; a read one after the cursor is not unread.
    const latest = missed.data[0]?.uid as string;
    expect((await reseller.api.unreadNotifications({ since: latest })).data).toEqual([]);
    await reseller.api.markNotificationsRead({ uid: missed.data[1]?.uid as string });
    expect((await reseller.api.unreadNotifications({ since: newest })).data.map((n) => n.uid)).toEqual([latest, missed.data[2]?.uid]);
    // A read notification is still a cursor.
    expect((await reseller.api.unreadNotifications({ since: missed.data[1]?.uid as string })).data.map((n) => n.uid)).toEqual([latest]);
  });

  it("refuses a cursor that is not a uuid, unknown, or another reseller's, with a catalogue sentence", async () => {
    for (const since of ['12', "' or 1=1 --", '', 'x'.repeat(5000)]) {
      const res = await t.get(`/api/v1/resellers/notifications/unread?since=${encodeURIComponent(since)}`, reseller.token);
      expect(res.status, since).toBe(422);
      expect(res.json.header.status).toBe('error');
      expect(res.json.header.message).toMatch(/^[A-Z].* /);
    }
    const unknown = await t.get('/api/v1/resellers/notifications/unread?since=00000000-0000-4000-8000-000000000000', reseller.token);
    const theirs = (await other.api.unreadNotifications()).data[0]?.uid as string;
    const foreign = await t.get(`/api/v1/resellers/notifications/unread?since=${theirs}`, reseller.token);
    for (const res of [unknown, foreign]) {
      expect(res.status).toBe(404);
      expect(res.json.header).toMatchObject({ status: 'error', code: 'rspf-notification-6001', message: 'Notification not found.' });
    }
  });

  it('needs a session', async () => {
    expect((await t.get('/api/v1/resellers/notifications/unread')).json.header.status).toBe('forbidden');
  });
});

describe("each member's own read state (issue 34 §5)", () => {
  it('counts and marks per person: what one member reads stays unread for the others, and the bell follows the person', async () => {
    const shop = await t.signIn('admin@demo.partner-panel.test');
    await shop.api.markNotificationsRead({});
    const early = await joinAs(t, shop.api, 'finance');
    await notify(shop.user.id, 3);
    const late = await joinAs(t, shop.api, 'viewer');
    await notify(shop.user.id, 1);
    // Each has a bell of their own: the Owner and the first member all four, the late one the one written since.
    expect((await shop.api.unreadNotifications()).total).toBe(4);
    expect((await early.api.unreadNotifications()).total).toBe(4);
    const lateBell = await late.api.unreadNotifications();
    expect(lateBell.data.map((n) => JSON.parse(n.data).message)).toEqual(['Batch 0']);
    expect(lateBell.total).toBe(1);
    // What predates a member reads as read, since they joined.
    const latePage = await late.api.notifications({ page: 1 });
    expect(latePage.data.slice(0, 4).map((n) => n.read_at === null)).toEqual([true, false, false, false]);

    // One member marks one read, then all: the Owner's bell does not move.
    const uid = (await early.api.unreadNotifications()).data[1]?.uid as string;
    expect(await early.api.markNotificationsRead({ uid })).toEqual({ unread: 3 });
    expect((await shop.api.notifications({ page: 1 })).data.find((n) => n.uid === uid)?.read_at).toBeNull();
    expect((await early.api.notifications({ page: 1 })).data.find((n) => n.uid === uid)?.read_at).not.toBeNull();
    expect(await early.api.markNotificationsRead({})).toEqual({ unread: 0 });
    expect((await shop.api.unreadNotifications()).total).toBe(4);
    expect((await late.api.unreadNotifications()).total).toBe(1);
    // A cursor of the account is anyone's cursor, read or not by them.
    expect((await early.api.unreadNotifications({ since: uid })).data).toEqual([]);
    // The Owner reading everything leaves the late member's bell alone.
    await shop.api.markNotificationsRead({});
    expect((await late.api.unreadNotifications()).total).toBe(1);

    // The same person in two accounts has a bell in each: the demo reseller's Owner joins this one.
    await shop.api.inviteMembers({ invitations: [{ email: 'reseller@demo.partner-panel.test', role: 'viewer' }] });
    const own = await reseller.api.unreadNotifications();
    await t.client(reseller.token).acceptInvitation({ token: await invitationToken(t, 'reseller@demo.partner-panel.test') });
    await notify(shop.user.id, 1);
    expect((await reseller.api.unreadNotifications()).total).toBe(own.total);
    await reseller.api.switchAccount({ reseller_id: shop.user.id });
    expect((await reseller.api.unreadNotifications()).data.map((n) => JSON.parse(n.data).message)).toEqual(['Batch 0']);
    await reseller.api.markNotificationsRead({});
    await reseller.api.switchAccount({ reseller_id: reseller.user.id });
    expect((await reseller.api.unreadNotifications()).total).toBe(own.total);
  });

  it("tells only the member of their own password change or reset: no one else's bell or page holds it", async () => {
    const shop = await t.signIn('admin@demo.partner-panel.test');
    await shop.api.markNotificationsRead({});
    const member = await joinAs(t, shop.api, 'viewer');
    const profile = await member.api.profile();
    await member.api.changePassword({ email: member.email, client_id: profile.client_id, old_password: MEMBER_PASSWORD, password: 'Member!Changed1', password_confirmation: 'Member!Changed1' });
    const again = await t.signIn(member.email, 'Member!Changed1');
    const theirs = (await again.api.unreadNotifications()).data.map((n) => JSON.parse(n.data).type);
    expect(theirs).toEqual(['password_changed']);
    expect((await shop.api.unreadNotifications()).total).toBe(0);
    const uid = (await again.api.unreadNotifications()).data[0]?.uid as string;
    expect((await shop.api.notifications({ page: 1 })).data.some((n) => n.uid === uid)).toBe(false);
    // Not a cursor or a target for anyone else either: as unknown as a missing one.
    expect((await t.post('/api/v1/resellers/notifications/markread', { uid }, shop.token)).json.header.code).toBe('rspf-notification-6001');
    expect((await t.get(`/api/v1/resellers/notifications/unread?since=${uid}`, shop.token)).json.header.code).toBe('rspf-notification-6001');
  });

  it('forgets a removed member\'s bell in the account', async () => {
    const shop = await t.signIn('admin@demo.partner-panel.test');
    const gone = await joinAs(t, shop.api, 'support');
    await notify(shop.user.id, 2);
    expect((await gone.api.unreadNotifications()).total).toBe(2);
    await shop.api.removeMember({ person_id: gone.personId });
    expect(await query(t, sql`select count(*)::int as n from notification_states where person_id = ${gone.personId}`)).toEqual([{ n: 0 }]);
  });
});
