/**
 * Renewals on a clock the test moves: renewed from the wallet at the end of the period, suspended
 * when the wallet cannot pay, warned three days before; and two server processes running the job
 * at once on one database renew each due account exactly once.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { addMonths } from '../src/dates.js';
import { RENEWALS_TASK, renewalJobs, runRenewals } from '../src/modules/vpn/renewals.js';
import { manualClock, testApp } from './support/app.js';
import { balanceCents, fundedReseller, ledger, query } from './support/sql.js';

const DAY = 86_400_000;
const monthly = { quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: 'renew@example.com', addon_id: '' } as const;

describe('renewals', () => {
  it('renews at the end date, warns when the balance will not cover the next ones, suspends when it cannot pay', async () => {
    const clock = manualClock(new Date('2026-01-10T12:00:00Z'));
    const t = await testApp({ clock, env: { SESSION_TTL_HOURS: '2160' } });
    const owner = await fundedReseller(t, 'renewer@example.com', 700); // $7.00: two monthly accounts ($3.00 each), then $1.00 left
    const a = (await owner.api.createVpnAccount(monthly)).account;
    const b = (await owner.api.createVpnAccount({ ...monthly, email: 'renew2@example.com' })).account;
    expect(await balanceCents(t, owner.id)).toBe(100);
    await t.database.db.execute(sql`update resellers set balance_cents = 400 where id = ${owner.id}`); // covers one renewal, not two
    await t.database.db.execute(sql`insert into wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, description) values (${owner.id}, 300, 400, 'admin_credit', 'Test top-up')`);

    // Nothing is due yet.
    expect(await runRenewals(t.app.ctx)).toEqual({ renewed: 0, suspended: 0, warned: 0 });

    // Two days before the end: $4.00 does not cover $6.00 of renewals — one warning, once.
    clock.set(new Date('2026-02-08T12:00:00Z'));
    expect(await runRenewals(t.app.ctx)).toEqual({ renewed: 0, suspended: 0, warned: 1 });
    expect(await runRenewals(t.app.ctx)).toEqual({ renewed: 0, suspended: 0, warned: 0 });
    const [warning] = (await owner.api.unreadNotifications()).data.map((n) => JSON.parse(n.data));
    expect(warning).toMatchObject({
      type: 'low_balance',
      message: 'Your balance ($4.00) does not cover the 2 renewals due in the next 3 days ($6.00). Add funds to keep these VPN accounts active.',
      redirect: 'billing/pay',
    });

    // At the end date: the first renews from the wallet (a month later), the second cannot be paid.
    clock.set(new Date('2026-02-10T12:00:01Z'));
    expect(await runRenewals(t.app.ctx)).toEqual({ renewed: 1, suspended: 1, warned: 0 });
    const [renewed, suspended] = [
      (await owner.api.searchVpnAccounts({ search: 'username', value: a.vpn_username })).account_details[0],
      (await owner.api.searchVpnAccounts({ search: 'username', value: b.vpn_username })).account_details[0],
    ];
    expect(renewed).toMatchObject({ hosting_status: 'active', end_date: '2026-03-10T12:00:00.000Z' });
    expect(suspended).toMatchObject({ hosting_status: 'suspended', status: 'Suspended' });
    expect(await balanceCents(t, owner.id)).toBe(100);
    expect((await ledger(t, owner.id)).filter((r) => r.kind === 'vpn_renewal')).toHaveLength(1);
    const kinds = (await owner.api.notifications({ page: 1 })).data.slice(0, 2).map((n) => JSON.parse(n.data).type);
    expect(kinds.sort()).toEqual(['vpn_renewed', 'vpn_suspended']);
    // Run again: nothing is due twice.
    expect(await runRenewals(t.app.ctx)).toEqual({ renewed: 0, suspended: 0, warned: 0 });

    // After a top-up, enabling the suspended account pays its next month, from now.
    await t.database.db.execute(sql`update resellers set balance_cents = 1000 where id = ${owner.id}`);
    await t.database.db.execute(sql`insert into wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, description) values (${owner.id}, 900, 1000, 'admin_credit', 'Test top-up')`);
    // A deactivated account may not pay for it.
    await t.database.db.execute(sql`update resellers set status = 2 where id = ${owner.id}`);
    const refused = await t.post('/api/v1/resellers/vpn/update/status', { username: b.vpn_username, status: 'enable' }, owner.token);
    expect(refused.status).toBe(403);
    expect(refused.json.header.code).toBe('rspf-account-1051');
    expect(await balanceCents(t, owner.id)).toBe(1000);
    await t.database.db.execute(sql`update resellers set status = 1 where id = ${owner.id}`);
    const back = await owner.api.updateVpnStatus({ username: b.vpn_username, status: 'enable' });
    expect(back.account).toMatchObject({ hosting_status: 'active', end_date: '2026-03-10T12:00:01.000Z' });
    expect(await balanceCents(t, owner.id)).toBe(700);
  });

  it('renews a withdrawn plan at the price last paid; one with no price to fall back on is suspended, and the rest still renew', async () => {
    const clock = manualClock(new Date('2026-01-10T12:00:00Z'));
    const t = await testApp({ clock, env: { SESSION_TTL_HOURS: '2160' } });
    const owner = await fundedReseller(t, 'withdrawn@example.com', 10_000);
    const kept = (await owner.api.createVpnAccount(monthly)).account;
    const priceless = (await owner.api.createVpnAccount({ ...monthly, email: 'priceless@example.com' })).account;
    const quarterly = (await owner.api.createVpnAccount({ ...monthly, billing_cycle: 'quarterly', product_id: 102, email: 'quarterly@example.com' })).account;
    await t.database.db.execute(sql`update products set active = false where id = 101`);
    await t.database.db.execute(sql`update vpn_accounts set renewal_price_cents = 0 where username = ${priceless.vpn_username}`);
    const before = await balanceCents(t, owner.id);

    clock.set(new Date('2026-04-10T12:00:01Z'));
    expect(await runRenewals(t.app.ctx)).toEqual({ renewed: 4, suspended: 1, warned: 0 });
    const { api } = await t.signIn('withdrawn@example.com', 'Funded!Password1'); // three months on: a new session
    const find = async (username: string) => (await api.searchVpnAccounts({ search: 'username', value: username })).account_details[0];
    // The withdrawn monthly plan renewed three times at its $3.00, the quarterly once at its price.
    expect(await find(kept.vpn_username)).toMatchObject({ hosting_status: 'active', end_date: '2026-05-10T12:00:00.000Z' });
    expect(await find(quarterly.vpn_username)).toMatchObject({ hosting_status: 'active', end_date: '2026-07-10T12:00:00.000Z' });
    expect(await find(priceless.vpn_username)).toMatchObject({ hosting_status: 'suspended' });
    const renewals = (await ledger(t, owner.id)).filter((r) => r.kind === 'vpn_renewal');
    expect(renewals.map((r) => -r.amount_cents).sort()).toEqual([300, 300, 300, 800].sort());
    expect(await balanceCents(t, owner.id)).toBe(before - 1700);
    const messages = (await api.notifications({ page: 1 })).data.map((n) => JSON.parse(n.data).message as string);
    expect(messages).toContain(`VPN account ${priceless.vpn_username} was suspended: its plan is no longer sold, so it could not be renewed.`);
  });

  it('counts periods in calendar months that end within their month', () => {
    const plus = (iso: string, months: number) => addMonths(new Date(iso), months).toISOString();
    expect(plus('2026-01-31T10:00:00.000Z', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(plus('2028-01-31T10:00:00.000Z', 1)).toBe('2028-02-29T10:00:00.000Z');
    expect(plus('2026-08-31T23:30:00.000Z', 1)).toBe('2026-09-30T23:30:00.000Z');
    expect(plus('2026-11-15T00:00:00.000Z', 3)).toBe('2027-02-15T00:00:00.000Z');
    expect(plus('2026-03-31T00:00:00.000Z', 24)).toBe('2028-03-31T00:00:00.000Z');
  });

  it('leaves onetime accounts alone', async () => {
    const clock = manualClock(new Date('2026-01-10T12:00:00Z'));
    const t = await testApp({ clock, env: { SESSION_TTL_HOURS: '2160' } });
    const owner = await fundedReseller(t, 'onetime@example.com', 10_000);
    await owner.api.createVpnAccount({ ...monthly, product_id: 201, billing_type: 2 });
    clock.advance(40 * DAY);
    expect(await runRenewals(t.app.ctx)).toEqual({ renewed: 0, suspended: 0, warned: 0 });
    expect((await owner.api.listVpnAccounts({})).data[0]?.status).toBe('Expired');
  });

  it('renews each due subscription exactly once when two server processes run the job at once', async () => {
    const clock = manualClock(new Date('2026-01-10T12:00:00Z'));
    const t = await testApp({ clock, poolSize: 10, env: { SESSION_TTL_HOURS: '2160' } });
    const owner = await fundedReseller(t, 'busy@example.com', 100_000);
    for (let i = 0; i < 40; i++) await owner.api.createVpnAccount({ ...monthly, email: `c${i}@example.com` });
    const second = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', RENEWALS_INTERVAL_SECONDS: '0' }), { database: t.database, clock, logger: false });
    try {
      clock.set(new Date('2026-02-10T12:00:01Z'));
      const [one, two] = await Promise.all([runRenewals(t.app.ctx), runRenewals(second.ctx)]);
      expect(one.renewed + two.renewed).toBe(40);
      expect(one.suspended + two.suspended).toBe(0);
      const renewals = (await ledger(t, owner.id)).filter((r) => r.kind === 'vpn_renewal');
      expect(renewals).toHaveLength(40);
      expect(new Set(renewals.map((r) => r.reference)).size).toBe(40);
      const ends = await query<{ end_at: Date }>(t, sql`select end_at from vpn_accounts where reseller_id = ${owner.id}`);
      expect(ends.every((r) => new Date(r.end_at).toISOString() === '2026-03-10T12:00:00.000Z')).toBe(true);
      expect(await balanceCents(t, owner.id)).toBe(100_000 - 80 * 300);
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('the renewal job', () => {
  it('is a recurring job of the queue, every RENEWALS_INTERVAL_SECONDS on the minute; an interval of no whole minutes is refused', async () => {
    const t = await testApp();
    const { tasks, schedule } = renewalJobs(t.app.ctx, 300);
    expect(Object.keys(tasks)).toEqual([RENEWALS_TASK]);
    const [item] = schedule;
    expect(item).toMatchObject({ task: RENEWALS_TASK, identifier: RENEWALS_TASK, options: { jobKey: RENEWALS_TASK, maxAttempts: 1 } });
    const match = item?.match as (d: { min: number; hour: number; date: number; month: number; dow: number }) => boolean;
    const at = (hour: number, min: number) => match({ hour, min, date: 1, month: 1, dow: 1 });
    expect([at(0, 0), at(0, 5), at(13, 55)]).toEqual([true, true, true]);
    expect([at(0, 1), at(0, 7), at(13, 59)]).toEqual([false, false, false]);
    expect(renewalJobs(t.app.ctx, 60).schedule[0]?.match).toBeTypeOf('function');
    expect(() => loadConfig({ RENEWALS_INTERVAL_SECONDS: '90' })).toThrow(/whole number of minutes/);
    expect(loadConfig({ RENEWALS_INTERVAL_SECONDS: '0' }).renewalsIntervalMs).toBe(0);
  });
});
