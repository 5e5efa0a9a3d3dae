/**
 * Mail: a transactional outbox. A mail is a row written in the transaction that causes it, so a
 * rolled-back action sends nothing and a committed one is never lost. After commit the configured
 * transport delivers pending rows: `outbox` keeps them for the dev inbox, `smtp` sends them through
 * nodemailer, retrying with backoff. Several processes share the table safely (SKIP LOCKED).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/index.js';
import { rows } from '../../db/index.js';
import { mailOutbox } from '../../db/schema/index.js';
import { createSmtpTransport } from './smtp.js';
import type { MailMessage, Transport } from './types.js';
import type { Backlog, BackgroundWorker } from '../../ops/workers.js';
import { metrics } from '../../ops/metrics.js';

const outboxTransport: Transport = {
  name: 'outbox',
  async deliver() {
    /* the row itself is the delivery: /dev/mail reads it */
  },
  async close() {},
};

const BATCH = 20;
const MAX_BACKOFF_MS = 6 * 3600_000;

export function createMail(opts: {
  db: Db;
  transport: 'outbox' | 'smtp';
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}) {
  const transport: Transport =
    opts.transport === 'smtp' && opts.smtpUrl ? createSmtpTransport(opts.smtpUrl, opts.from) : outboxTransport;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  /** The mail as the outbox's row (also a row of a grouped charge, wallet/group-commit.ts). */
  const outboxRow = (message: MailMessage) => ({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    kind: message.kind,
    resellerId: message.resellerId ?? null,
  });

  async function enqueue(tx: Tx, message: MailMessage) {
    await tx.insert(mailOutbox).values(outboxRow(message));
  }

  /** Delivers one batch of due mails; answers how many were handled. */
  async function dispatchBatch(): Promise<number> {
    return opts.db.transaction(async (tx) => {
      const due = await rows<{ id: number; to_address: string; subject: string; text_body: string; html_body: string; attempts: number }>(
        tx,
        sql`select id, to_address, subject, text_body, html_body, attempts from mail_outbox
            where sent_at is null and next_attempt_at <= now()
            order by id limit ${BATCH} for update skip locked`,
      );
      for (const row of due) {
        try {
          await transport.deliver({ id: Number(row.id), to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body });
          await tx.execute(
            sql`update mail_outbox set sent_at = now(), transport = ${transport.name}, attempts = attempts + 1, last_error = null where id = ${row.id}`,
          );
        } catch (error) {
          const backoff = Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** row.attempts);
          opts.log.warn({ err: error, mailId: row.id }, 'mail delivery failed; will retry');
          metrics.mailFailures.inc();
          await tx.execute(
            sql`update mail_outbox set attempts = attempts + 1, last_error = ${String((error as Error).message).slice(0, 500)},
                next_attempt_at = now() + ${backoff} * interval '1 millisecond' where id = ${row.id}`,
          );
        }
      }
      return due.length;
    });
  }

  async function dispatch() {
    while ((await dispatchBatch()) === BATCH) {
      /* keep going while full batches come back */
    }
  }

  /** Asks for a delivery run soon; runs coalesce. Answers when the queue is drained. */
  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await dispatch();
        } catch (error) {
          opts.log.error({ err: error }, 'mail dispatch failed');
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    transport: transport.name,
    enqueue,
    outboxRow,
    kick,
    /** Retries failed deliveries from time to time. */
    start(intervalMs = 30_000) {
      timer = setInterval(() => void kick(), intervalMs);
      timer.unref();
    },
    // As a background worker (readiness, metrics, shutdown): its backlog is the mail not yet sent.
    name: 'mail',
    running: () => timer !== undefined,
    async backlog(): Promise<Backlog> {
      const [row] = await rows<{ depth: number; age: number | null }>(
        opts.db,
        sql`select count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as age from mail_outbox where sent_at is null`,
      );
      return { depth: row?.depth ?? 0, oldestAgeSeconds: row?.age ?? 0 };
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (running) await running;
      await transport.close();
    },
    table: mailOutbox,
  } satisfies BackgroundWorker & Record<string, unknown>;
}

export type Mail = ReturnType<typeof createMail>;
