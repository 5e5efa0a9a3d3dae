/**
 * The SMTP transport against a real SMTP peer (smtp-server), and the outbox's guarantees: a mail
 * is delivered by a job of the queue, queued in the transaction that writes it.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIL_TASK } from '../src/adapters/mail/index.js';
import { testApp, type TestApp } from './support/app.js';
import { fundedReseller, query } from './support/sql.js';

/** Delivery jobs waiting (this file's job-less app) or still to run. */
const mailJobs = async (t: TestApp) =>
  (await query<{ n: number }>(t, sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${MAIL_TASK} and attempts < max_attempts`))[0]?.n;

interface Received {
  from: string;
  to: string[];
  raw: string;
}

async function smtpPeer(options: { failFirst?: number } = {}) {
  const received: Received[] = [];
  let failures = options.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const error = new Error('mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${port}`, received };
}

describe('SMTP transport', () => {
  it('delivers the verification mail through SMTP after the sign-up commits', async () => {
    const peer = await smtpPeer();
    const t = await testApp({ env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: peer.url, MAIL_FROM: 'Panel <panel@example.com>' } });
    await t.client().register({ email: 'smtp@example.com', name: 'Smtp User', password: 'Str0ng!Password', password_confirmation: 'Str0ng!Password' });
    // Sent by the job the mail's insert queued, with no other push.
    await expect.poll(() => peer.received.length).toBe(1);
    expect(peer.received[0]?.from).toBe('panel@example.com');
    expect(peer.received[0]?.to).toEqual(['smtp@example.com']);
    expect(peer.received[0]?.raw).toContain('Subject: Verify your email address');
    expect(peer.received[0]?.raw.replace(/=\r\n/g, '')).toMatch(/http:\/\/panel\.test\/verification\/[\w-]{43}/);
    const sent = () => query<{ sent_at: unknown; transport: string; attempts: number }>(t, sql`select sent_at, transport, attempts from mail_outbox`);
    // Marked sent in the job's transaction, which commits after the peer has the mail.
    await expect.poll(async () => (await sent())[0]?.sent_at ?? null).not.toBeNull();
    expect(await sent()).toHaveLength(1);
    expect((await sent())[0]).toMatchObject({ transport: 'smtp', attempts: 1 });
  });

  it('keeps a mail the server refused and delivers it on a later run', async () => {
    const peer = await smtpPeer({ failFirst: 1 });
    const t = await testApp({ env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: peer.url } });
    await t.client().forgotPassword({ email: 'reseller@demo.partner-panel.test' });
    const pending = () => query<{ attempts: number; last_error: string | null; sent_at: unknown }>(t, sql`select attempts, last_error, sent_at from mail_outbox`);
    await expect.poll(async () => (await pending())[0]?.attempts).toBe(1);
    expect(peer.received).toHaveLength(0);
    expect((await pending())[0]).toMatchObject({ sent_at: null });
    expect((await pending())[0]?.last_error).toContain('mailbox unavailable');
    // Make it due now, as the backoff would after a minute, and queue the run the minute's schedule would.
    await t.database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    await t.database.db.execute(sql`select graphile_worker.add_job(${MAIL_TASK}, '{}'::json)`);
    await expect.poll(() => peer.received.length).toBe(1);
    await expect.poll(async () => (await pending())[0]?.sent_at ?? null).not.toBeNull();
    expect((await query<{ attempts: number; transport: string }>(t, sql`select attempts, transport from mail_outbox`))[0]).toMatchObject({ attempts: 2, transport: 'smtp' });
  });
});

describe('the outbox', () => {
  it('writes nothing when the action fails', async () => {
    const t = await testApp();
    const before = (await t.mails()).length;
    await expect(t.client().register({ email: 'reseller@demo.partner-panel.test', name: 'Dup', password: 'Str0ng!Password', password_confirmation: 'Str0ng!Password' })).rejects.toMatchObject({ code: 'rspf-register-1021' });
    expect((await t.mails()).length).toBe(before);
  });
});

describe('the delivery job', () => {
  it('is queued in the transaction that writes the mail: one for a committed mail, none for a rolled-back one, one for a grouped charge\'s', async () => {
    // No workers here: what is queued stays queued, to be counted.
    const t = await testApp({ env: { JOB_WORKERS: '0' } });
    const before = Number(await mailJobs(t));
    await t.client().forgotPassword({ email: 'reseller@demo.partner-panel.test' });
    expect(await mailJobs(t)).toBe(before + 1);
    await expect(t.client().register({ email: 'reseller@demo.partner-panel.test', name: 'Dup', password: 'Str0ng!Password', password_confirmation: 'Str0ng!Password' })).rejects.toMatchObject({ code: 'rspf-register-1021' });
    expect(await mailJobs(t)).toBe(before + 1);
    // A VPN account paid from the live wallet: its mail is a row of the grouped charge's statement.
    const buyer = await fundedReseller(t, 'mail-job@example.com', 100_000);
    const queued = Number(await mailJobs(t));
    await buyer.api.createVpnAccount({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: 'mailed@example.com', addon_id: '' });
    expect((await t.mails('mailed@example.com')).length).toBe(1);
    expect(await mailJobs(t)).toBe(queued + 1);
  });
});
