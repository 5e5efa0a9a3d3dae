/**
 * The live events besides the v2 API's own: coupons generated and deleted, the wallet credited,
 * invoices created and paid, and the renewal job's renewed, renewal_failed, expired and low
 * balance — each once, with its object, on a clock the test moves.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@partner-panel/sdk';
import type { Tx } from '../src/db/index.js';
import { recordEvent } from '../src/modules/events/record.js';
import { pruneEvents } from '../src/modules/events/retention.js';
import { runRenewals } from '../src/modules/vpn/renewals.js';
import { manualClock, testApp } from './support/app.js';
import { CARDS, payTestCard } from './support/billing.js';
import { documentedEvents, expectEventsDocumented, undocumented } from './support/events.js';
import { fundedReseller, query } from './support/sql.js';

const clock = manualClock(new Date('2026-01-10T12:00:00Z'));
const t = await testApp({ clock, env: { SESSION_TTL_HOURS: '2160', JOB_WORKERS: '0' } });

const eventsOf = async (resellerId: number) =>
  (await query<{ type: string; mode: string; subject: string | null; data: { object: Record<string, unknown> } }>(t, sql`select type, mode, subject, data from events where reseller_id = ${resellerId} order by seq`)).map((e) => ({
    type: e.type,
    mode: e.mode,
    subject: e.subject,
    object: e.data.object,
  }));

describe('live events', () => {
  it('coupons generated and deleted, the refund credited, a deposit invoiced and paid', async () => {
    const me = await fundedReseller(t, 'events-money@example.com', 20_000);
    const made = await me.api.generateCoupons({ quantity: 2, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: 'EVT' });
    const [coupon] = await query<{ id: number; code: string }>(t, sql`select id, code from coupons where reseller_id = ${me.id} order by id limit 1`);
    await me.api.deleteCoupon({ couponID: Number(coupon?.id) });
    const { started } = await payTestCard(me.api, CARDS.ok, { amount: 2100 });
    await me.api.verifyPayment({ payment_id: started.payment_id });
    const events = await eventsOf(me.id);
    expect(events.map((e) => e.type)).toEqual(['coupon.generated', 'wallet.credited', 'coupon.deleted', 'invoice.created', 'wallet.credited', 'invoice.paid']);
    expect(events.every((e) => e.mode === 'live')).toBe(true);
    expect(events[0]?.object).toMatchObject({ object: 'coupon_batch', quantity: 2, billing_cycle: 'biennially', codes: made.codes });
    expect(events[1]?.object).toMatchObject({ object: 'wallet_credit', kind: 'coupon_refund' });
    expect(events[2]?.object).toEqual({ object: 'coupon', id: Number(coupon?.id), code: coupon?.code, refunded: expect.any(Number) });
    // A deposit's invoice is pending until the money is confirmed (docs/api.md), never unpaid.
    expect(events[3]?.object).toMatchObject({ object: 'invoice', status: 'pending', amount: 2100 });
    expect(events[4]?.object).toMatchObject({ object: 'wallet_credit', amount: 2100, kind: 'deposit' });
    expect(events[5]?.object).toMatchObject({ object: 'invoice', status: 'paid', amount: 2100, id: events[3]?.object.id });
  });

  it('a redeemed coupon: the user created and the coupon redeemed, about that user', async () => {
    const me = await fundedReseller(t, 'events-redeem@example.com', 20_000);
    const [code] = (await me.api.generateCoupons({ quantity: 1, billing_cycle: 'annually', product_id: 104, addon_type: '', billing_type: 1, prefix: 'RDE' })).codes;
    const password = 'Redeem!Pass2026';
    const res = await t.post('/api/redeem', { name: 'Ada', email: 'ada-events@example.com', password, password_confirmation: password, coupon: code, addon_id: '', token: '' });
    expect(res.status).toBe(200);
    const events = (await eventsOf(me.id)).slice(1);
    expect(events.map((e) => e.type)).toEqual(['vpn_user.created', 'coupon.redeemed']);
    const userId = events[0]?.object.userId;
    expect(events[1]).toMatchObject({ subject: `vpn_user:${userId}`, object: { object: 'coupon', code, email: 'ada-events@example.com', vpn_user_id: userId } });
  });

  it('the renewal job: a low balance warned once, a renewal, a renewal that failed, a one-time account expired once', async () => {
    const owner = await fundedReseller(t, 'events-renewals@example.com', 700);
    const monthly = { quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, addon_id: '' } as const;
    const a = (await owner.api.createVpnAccount({ ...monthly, email: 'evr1@example.com' })).account;
    const b = (await owner.api.createVpnAccount({ ...monthly, email: 'evr2@example.com' })).account;
    await t.database.db.execute(sql`update resellers set balance_cents = 400 where id = ${owner.id}`);
    await t.database.db.execute(sql`insert into wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, description) values (${owner.id}, 300, 400, 'admin_credit', 'Test top-up')`);
    // A one-time account ending with the others.
    const [onetime] = await query<{ id: number }>(t, sql`
      insert into vpn_accounts (reseller_id, username, password_hash, email, product_id, billing_type, cycle, hosting_status, source, start_at, end_at)
      values (${owner.id}, 'evronetime', 'x', 'evr3@example.com', 101, 2, 'monthly', 'active', 'portal', ${clock.now()}, ${new Date('2026-02-10T12:00:00Z')}) returning id`);
    const before = (await eventsOf(owner.id)).length;

    clock.set(new Date('2026-02-08T12:00:00Z'));
    await runRenewals(t.app.ctx);
    await runRenewals(t.app.ctx);
    clock.set(new Date('2026-02-10T12:00:01Z'));
    await runRenewals(t.app.ctx);
    await runRenewals(t.app.ctx);
    const events = (await eventsOf(owner.id)).slice(before);
    expect(events.map((e) => e.type).sort()).toEqual(['vpn_user.expired', 'vpn_user.renewal_failed', 'vpn_user.renewed', 'vpn_user.suspended', 'wallet.low_balance'].sort());
    const byType = Object.fromEntries(events.map((e) => [e.type, e]));
    expect(byType['wallet.low_balance']?.object).toEqual({ object: 'wallet', balance: 4, credit_limit: 0, renewals_due: 2, amount_due: 6, due_within_days: 3 });
    expect(byType['vpn_user.renewed']).toMatchObject({ subject: `vpn_user:${a.hosting_id}`, object: { userId: a.hosting_id, status: 'active', end_date: '2026-03-10T12:00:00.000Z' } });
    expect(byType['vpn_user.renewal_failed']).toMatchObject({ subject: `vpn_user:${b.hosting_id}`, object: { userId: b.hosting_id, status: 'suspended' } });
    expect(byType['vpn_user.expired']).toMatchObject({ subject: `vpn_user:${onetime?.id}`, object: { userId: Number(onetime?.id), status: 'expired' } });
  });
});

/** A wallet.credited object, for events written straight into the table. */
const CREDITED = JSON.stringify({ object: { object: 'wallet_credit', amount: 1, balance: 1, kind: 'admin_credit', description: 'Test credit' } });

describe('events written before vpn_user.* carried created_at', () => {
  it("are given it by migration 0021: the account's time, or the event's when the account is gone", async () => {
    const me = await fundedReseller(t, 'events-backfill@example.com', 20_000);
    const [code] = (await me.api.generateCoupons({ quantity: 1, billing_cycle: 'annually', product_id: 104, addon_type: '', billing_type: 1, prefix: 'BKF' })).codes;
    const password = 'Redeem!Pass2026';
    await t.post('/api/redeem', { name: 'Ada', email: 'ada-backfill@example.com', password, password_confirmation: password, coupon: code, addon_id: '', token: '' });
    const [made] = await query<{ user_id: number; created_at: string }>(
      t,
      sql`select id as user_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at from vpn_accounts where reseller_id = ${me.id}`,
    );
    // As such events were stored before: the object without created_at, and one about an account deleted since.
    await query(t, sql`update events set data = data #- '{object,created_at}' where reseller_id = ${me.id} and type like 'vpn_user.%'`);
    await query(t, sql`insert into events (id, reseller_id, mode, type, subject, data, created_at)
      select 'evt_backfill_gone', reseller_id, mode, 'vpn_user.deleted', 'vpn_user:999999', jsonb_set(data, '{object,userId}', '999999'), timestamptz '2026-01-09T08:00:00Z'
      from events where reseller_id = ${me.id} and type = 'vpn_user.created'`);
    const migration = readFileSync(new URL('../drizzle/0021_vpn_user_events_created_at.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await query(t, sql.raw(statement));
    const after = await query<{ id: string; created_at: string | null }>(t, sql`select id, data->'object'->>'created_at' as created_at from events where reseller_id = ${me.id} and type like 'vpn_user.%' order by seq`);
    expect(after).toHaveLength(2);
    expect(after[0]?.created_at).toBe(made?.created_at);
    expect(after[1]).toEqual({ id: 'evt_backfill_gone', created_at: '2026-01-09T08:00:00.000Z' });
  });
});

describe('retention', () => {
  it('deletes events older than 30 days with their deliveries, and keeps the rest', async () => {
    const me = await fundedReseller(t, 'events-retention@example.com', 0);
    await t.database.db.execute(sql`
      insert into events (id, reseller_id, mode, type, data, created_at) values
        ('evt_retention_old', ${me.id}, 'live', 'wallet.credited', ${CREDITED}, now() - interval '31 days'),
        ('evt_retention_edge', ${me.id}, 'live', 'wallet.credited', ${CREDITED}, now() - interval '29 days 23 hours'),
        ('evt_retention_new', ${me.id}, 'live', 'wallet.credited', ${CREDITED}, now())`);
    const [endpoint] = await query<{ id: number }>(t, sql`insert into webhook_endpoints (reseller_id, mode, url, event_types, secret_sealed)
      select ${me.id}, 'live', 'https://example.com/hook', '[]', 'x' returning id`);
    await t.database.db.execute(sql`insert into webhook_deliveries (endpoint_id, event_id) values (${endpoint?.id}, 'evt_retention_old'), (${endpoint?.id}, 'evt_retention_new')`);
    expect(await pruneEvents(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = await query<{ id: string }>(t, sql`select id from events where reseller_id = ${me.id} order by seq`);
    expect(left.map((e) => e.id)).toEqual(['evt_retention_edge', 'evt_retention_new']);
    const deliveries = await query<{ event_id: string }>(t, sql`select event_id from webhook_deliveries where endpoint_id = ${endpoint?.id}`);
    expect(deliveries.map((d) => d.event_id)).toEqual(['evt_retention_new']);
    expect(await pruneEvents(t.database.db)).toBe(0);
  });
});

describe('every event type, as docs/openapi.json publishes it', () => {
  it('a VPN user changed, suspended, enabled and deleted (each with created_at), a declined deposit cancelled, a test event', async () => {
    const me = await fundedReseller(t, 'events-every@example.com', 20_000);
    const { account } = await me.api.createVpnAccount({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, addon_id: '', email: 'every1@example.com' });
    const username = account.vpn_username;
    await me.api.updateVpnEmail({ username, email: 'every2@example.com' });
    await me.api.updateVpnStatus({ username, status: 'disable' });
    await me.api.updateVpnStatus({ username, status: 'enable' });
    await me.api.deleteVpnAccount({ username, status: 'delete' });
    const { started } = await payTestCard(me.api, CARDS.declined, { amount: 2000 });
    // The gateway's notification of the decline may come after its answer.
    await expect.poll(async () => (await me.api.invoice({ id: started.invoice_id })).status).toBe('Cancelled');
    const endpoint = await me.api.createWebhookEndpoint({ url: 'http://127.0.0.1:9/every', mode: 'live' });
    await me.api.testWebhookEndpoint({ endpointId: endpoint.id });

    const events = await eventsOf(me.id);
    expect(events.map((e) => e.type)).toEqual([
      'vpn_user.created',
      'vpn_user.updated',
      'vpn_user.suspended',
      'vpn_user.enabled',
      'vpn_user.deleted',
      'invoice.created',
      'invoice.cancelled',
      'webhook.test',
    ]);
    const [row] = await query<{ created_at: string }>(t, sql`select created_at from vpn_accounts where id = ${account.hosting_id}`);
    for (const e of events.slice(0, 5)) expect(e.object).toMatchObject({ object: 'vpn_user', userId: account.hosting_id, created_at: new Date(row?.created_at ?? 0).toISOString() });
    // The declined deposit's invoice closes with the event that says so, in the status the invoice has.
    expect(events[5]?.object).toMatchObject({ object: 'invoice', id: started.invoice_id, status: 'pending' });
    expect(events[6]?.object).toMatchObject({ object: 'invoice', id: started.invoice_id, status: 'cancelled', paid_at: null });
  });

  it('this file wrote every type there is, each as the document describes it', async () => {
    const seen = await expectEventsDocumented(t.database);
    expect([...seen].sort()).toEqual([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].sort());
  });

  it('a payload unlike its schema is refused: by the document, and outside production by recordEvent before it is written', async () => {
    const validators = documentedEvents();
    const event = { id: 'evt_check', object: 'event', created: 1_768_046_400, livemode: true };
    const invoice = {
      object: 'invoice',
      id: 1001,
      status: 'pending',
      amount: 2000,
      description: 'Wallet Deposit',
      created_at: '2026-01-10T12:00:00.000Z',
      due_at: '2026-01-10T12:00:00.000Z',
      paid_at: null,
    };
    const user = { object: 'vpn_user', userId: 1, username: 'u1', email: 'u1@example.com', status: 'active', billing_type: 1, billing_cycle: 'monthly', end_date: '2026-02-10T12:00:00.000Z', created_at: '2026-01-10T12:00:00.000Z' };
    expect(undocumented(validators, { ...event, type: 'invoice.created', data: { object: invoice } })).toBeNull();
    expect(undocumented(validators, { ...event, type: 'vpn_user.created', data: { object: user } })).toBeNull();
    expect(undocumented(validators, { ...event, type: 'invoice.created', data: { object: { ...invoice, status: 'Pending' } } })).toMatch(/status must be equal to one of the allowed values/);
    const { created_at: _created, ...withoutCreated } = user;
    expect(undocumented(validators, { ...event, type: 'vpn_user.updated', data: { object: withoutCreated } })).toMatch(/must have required property 'created_at'/);
    expect(undocumented(validators, { ...event, type: 'wallet.credited', data: { object: { ...invoice, object: 'wallet_credit' } } })).toMatch(/additional properties/);
    expect(undocumented(validators, { ...event, type: 'invoice.refunded', data: { object: invoice } })).toMatch(/no such type/);

    // recordEvent takes only its type's object (type-checked: these two do not compile).
    const typed = (tx: Tx) => [
      // @ts-expect-error an invoice's status is one of INVOICE_STATUSES, never the capitalised label
      recordEvent(tx, { resellerId: 1, mode: 'live', type: 'invoice.created', object: { ...invoice, object: 'invoice', status: 'Pending' } }),
      // @ts-expect-error a coupon.deleted object is not a vpn_user.updated one
      recordEvent(tx, { resellerId: 1, mode: 'live', type: 'vpn_user.updated', object: { object: 'coupon', id: 1, code: 'C', refunded: 1 } }),
    ];
    void typed;

    const me = await fundedReseller(t, 'events-unlike@example.com', 0);
    await expect(
      t.database.db.transaction((tx) => recordEvent(tx, { resellerId: me.id, mode: 'live', type: 'invoice.created', object: { ...invoice, status: 'Pending' } as never })),
    ).rejects.toThrow(/the invoice.created event does not match its schema/);
    await expect(
      t.database.db.transaction((tx) => recordEvent(tx, { resellerId: me.id, mode: 'live', type: 'vpn_user.updated', object: withoutCreated as never })),
    ).rejects.toThrow(/the vpn_user.updated event does not match its schema/);
    expect(await eventsOf(me.id)).toEqual([]);
  });
});
