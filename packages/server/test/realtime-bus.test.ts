/**
 * The PostgreSQL bus (REALTIME_BUS=postgres, adapters/realtime/bus.ts): two app instances on one
 * database, each with its own embedded socket server and its own listening connection. An event
 * announced in a transaction on the first reaches sockets on both; a rolled-back change announces
 * nothing; a message over NOTIFY's limit travels by id and arrives whole; a session ended on one
 * closes its socket on the other; the listener comes back after its connection is cut.
 *
 * "Nothing arrived" is checked without waiting on the clock: PostgreSQL delivers notifications in
 * commit order, so once a marker committed after a change has arrived, anything that change sent
 * would have arrived before it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, type NoticeText } from '@partner-panel/sdk';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { transact } from '../src/db/unit.js';
import { INLINE_LIMIT } from '../src/adapters/realtime/bus.js';
import { testApp } from './support/app.js';
import { query } from './support/sql.js';
import { closedWith, connected, pusherClient, signedIn } from './support/realtime.js';
import { closeApp } from './support/teardown.js';

const env = { REALTIME_PORT: '0', REALTIME_BUS: 'postgres' };
const t = await testApp({ env });
// The second instance: the same database, its own socket server and listener. Registered after
// the first's, so it closes first (vitest runs afterAll hooks in reverse), before the database drops.
const second = await buildApp(
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://panel.test', DATA_DIR: '/nonexistent', ...env }),
  { database: t.database, logger: false },
);
await second.ready();
afterAll(() => closeApp(second));

const servers = [t.app.ctx.realtime.server, second.ctx.realtime.server];
if (!servers[0] || !servers[1]) throw new Error('both instances run the embedded socket server');
const ports = [await servers[0].listen(0, '127.0.0.1'), await servers[1].listen(0, '127.0.0.1')];

const reseller = await t.signIn('reseller@demo.partner-panel.test');
const channel = `reseller.${reseller.user.id}`;

/** A pusher-js client on each instance's socket server, subscribed to the reseller's channel, and the messages each heard. */
async function listeners() {
  return Promise.all(
    ports.map(async (port) => {
      const { pusher, echo } = pusherClient(port, reseller.api);
      await connected(pusher);
      const heard: string[] = [];
      const waiters: { message: string; resolve: () => void }[] = [];
      const subscribed = new Promise<void>((resolve) => echo.private(channel).subscribed(() => resolve()));
      echo.private(channel).listen(`.${REALTIME_EVENTS.notification}`, (event: { data: string }) => {
        const { message } = JSON.parse(event.data) as { message: string };
        heard.push(message);
        for (const w of waiters.filter((w) => w.message === message)) w.resolve();
      });
      await subscribed;
      const hears = (message: string) =>
        heard.includes(message) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ message, resolve }));
      return { heard, hears };
    }),
  );
}

const notify = (message: string) =>
  transact(t.app.ctx, (unit) => t.app.ctx.notifier.notify(unit, reseller.user.id, { type: 'coupons_generated', message: message as NoticeText }));

describe('the realtime bus through PostgreSQL', () => {
  it('delivers an event announced in a transaction on one instance to sockets on both', async () => {
    const [first, other] = await listeners();
    await notify('Announced on the first instance');
    await Promise.all([first?.hears('Announced on the first instance'), other?.hears('Announced on the first instance')]);
    expect(first?.heard).toEqual(['Announced on the first instance']);
    expect(other?.heard).toEqual(['Announced on the first instance']);
  });

  it('announces nothing for a rolled-back change', async () => {
    const both = await listeners();
    const failure = new Error('the change fails after its notification');
    await expect(
      transact(t.app.ctx, async (unit) => {
        await t.app.ctx.notifier.notify(unit, reseller.user.id, { type: 'coupons_generated', message: 'Rolled back' as NoticeText });
        // Large too, so the payload table is checked as well.
        await t.app.ctx.notifier.notify(unit, reseller.user.id, { type: 'coupons_generated', message: 'R'.repeat(INLINE_LIMIT * 2) as NoticeText });
        throw failure;
      }),
    ).rejects.toBe(failure);
    // Failing at the very end, after the messages were sent: they were sent in the transaction, so
    // its rollback takes them back (a message sent on another connection would have gone out).
    await expect(
      transact(t.app.ctx, async (unit) => {
        await t.app.ctx.notifier.notify(unit, reseller.user.id, { type: 'coupons_generated', message: 'Rolled back at the end' as NoticeText });
        await t.app.ctx.notifier.notify(unit, reseller.user.id, { type: 'coupons_generated', message: 'E'.repeat(INLINE_LIMIT * 2) as NoticeText });
        unit.beforeCommit(() => Promise.reject(failure));
      }),
    ).rejects.toBe(failure);
    await notify('Committed after the rollback');
    await Promise.all(both.map((l) => l.hears('Committed after the rollback')));
    for (const l of both) expect(l.heard).toEqual(['Committed after the rollback']);
    expect(await query(t, sql`select count(*)::int as n from realtime_payloads`)).toEqual([{ n: 0 }]);
  });

  it('carries a message over the NOTIFY limit by id, whole, to both instances', async () => {
    const both = await listeners();
    const large = `Large ${'x'.repeat(INLINE_LIMIT * 3)}`;
    await notify(large);
    await Promise.all(both.map((l) => l.hears(large)));
    for (const l of both) expect(l.heard).toEqual([large]);
    expect(await query(t, sql`select count(*)::int as n from realtime_payloads`)).toEqual([{ n: 1 }]);
  });

  it("closes a session's socket on the other instance when the session ends on the first", async () => {
    const other = await t.signIn('reseller@demo.partner-panel.test');
    const { pusher } = pusherClient(ports[1] as number, other.api, undefined, { signIn: true });
    await connected(pusher);
    await signedIn(pusher);
    const closed = closedWith(pusher);
    const target = (await other.api.listSessions()).find((s) => s.current);
    await reseller.api.endSession({ id: Number(target?.id) });
    expect(await closed).toBe(4009);
  });

  it('listens again after its connection is cut', async () => {
    const both = await listeners();
    const cut = await query<{ pid: number }>(t, sql`select pid from pg_stat_activity where query = 'LISTEN partner_panel_realtime'`);
    expect(cut).toHaveLength(2);
    await query(t, sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN partner_panel_realtime'`);
    // Both listeners are back when two LISTEN connections other than the cut ones exist.
    await expect
      .poll(async () => (await query<{ pid: number }>(t, sql`select pid from pg_stat_activity where query = 'LISTEN partner_panel_realtime'`)).filter((r) => !cut.some((c) => c.pid === r.pid)).length, { timeout: 30_000 })
      .toBe(2);
    await notify('After the listeners came back');
    await Promise.all(both.map((l) => l.hears('After the listeners came back')));
  });
});
