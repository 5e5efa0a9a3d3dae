/** The SMTP transport against a real SMTP peer (smtp-server), and the outbox's guarantees. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from './support/app.js';

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
    await t.app.ctx.mail.kick();
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]?.from).toBe('panel@example.com');
    expect(peer.received[0]?.to).toEqual(['smtp@example.com']);
    expect(peer.received[0]?.raw).toContain('Subject: Verify your email address');
    expect(peer.received[0]?.raw.replace(/=\r\n/g, '')).toMatch(/http:\/\/panel\.test\/verification\/[\w-]{43}/);
    const result = (await t.database.db.execute(sql`select sent_at, transport, attempts from mail_outbox`)) as unknown as {
      rows: { sent_at: unknown; transport: string; attempts: number }[];
    };
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({ transport: 'smtp', attempts: 1 });
    expect(result.rows[0]?.sent_at).not.toBeNull();
  });

  it('keeps a mail the server refused and delivers it on a later run', async () => {
    const peer = await smtpPeer({ failFirst: 1 });
    const t = await testApp({ env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: peer.url } });
    await t.client().forgotPassword({ email: 'reseller@demo.partner-panel.test' });
    await t.app.ctx.mail.kick();
    expect(peer.received).toHaveLength(0);
    const pending = (await t.database.db.execute(sql`select attempts, last_error, sent_at from mail_outbox`)) as unknown as { rows: { attempts: number; last_error: string; sent_at: unknown }[] };
    expect(pending.rows[0]).toMatchObject({ attempts: 1, sent_at: null });
    expect(pending.rows[0]?.last_error).toContain('mailbox unavailable');
    // Make it due now, as the backoff would after a minute.
    await t.database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    await t.app.ctx.mail.kick();
    expect(peer.received).toHaveLength(1);
    const sent = (await t.database.db.execute(sql`select attempts, sent_at, transport from mail_outbox`)) as unknown as { rows: { attempts: number; sent_at: unknown; transport: string }[] };
    expect(sent.rows[0]).toMatchObject({ attempts: 2, transport: 'smtp' });
    expect(sent.rows[0]?.sent_at).not.toBeNull();
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
