/**
 * A committed event is never lost: the real server process is killed (SIGKILL) after a change
 * committed and before its webhook went out; the next process on the same database delivers it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { PartnerPanel } from '@partner-panel/sdk';
import { freshDatabase } from './support/db.js';
import { startMain, type MainProcess } from './support/process.js';
import { receiver } from './support/receiver.js';

const database = await freshDatabase(1);
await database.close();
let main: MainProcess | null = null;

afterAll(async () => {
  await main?.stop();
  await database.drop().catch(() => undefined);
});

async function start(env: Record<string, string> = {}) {
  main = await startMain({ DATABASE_URL: database.url, NODE_ENV: 'development', RENEWALS_INTERVAL_SECONDS: '0', ...env });
  const key = /Sandbox API key of [^:]+: (sk_test_\S+)/.exec(main.output)?.[1];
  if (!key) throw new Error(`no sandbox key in the banner:\n${main.output}`);
  return new PartnerPanel({ secretKey: key, baseUrl: main.url, maxRetries: 0 });
}

describe('a server killed between the commit and the delivery', () => {
  it('loses no event: the next process delivers it, signed, exactly as committed', async () => {
    const hook = await receiver();
    // The first process takes no jobs, so the delivery is certainly still to be made when it dies.
    let pp = await start({ JOB_WORKERS: '0' });
    const endpoint = await pp.webhookEndpoints.create({ url: hook.url });
    const user = await pp.users.create({ username: 'killeduser', password: 'Str0ng!Password', email: 'killed@example.com' });
    const running = main as MainProcess;
    running.child.kill('SIGKILL');
    await running.exited;
    main = null;
    expect(hook.received).toEqual([]);

    pp = await start();
    const [got] = await hook.waitFor(1, 30_000);
    const event = new Webhook(endpoint.secret).verify(got?.body ?? '', got?.headers as Record<string, string>) as { type: string; data: { object: { userId: number } } };
    expect(event).toMatchObject({ type: 'vpn_user.created', data: { object: { userId: user.userId, username: 'killeduser' } } });
    const [delivery] = await pp.webhookEndpoints.deliveries(endpoint.id).toArray();
    expect(delivery).toMatchObject({ status: 'succeeded', event_id: got?.headers['webhook-id'] });
    expect(delivery?.attempts).toHaveLength(1);
  });
});
