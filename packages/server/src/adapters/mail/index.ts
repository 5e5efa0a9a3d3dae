/**
 * Mail: a transactional outbox. A mail is a row written in the transaction that causes it, so a
 * rolled-back action sends nothing and a committed one is never lost. Its delivery is a job of the
 * queue (jobs/queue.ts), like all background work: the insert queues it in the same transaction
 * (trigger `mail_outbox_queued`, db/sql/mail.sql), so it runs as soon as the mail commits, and a
 * job every minute retries what failed once its backoff is over. The configured transport delivers
 * due rows: `outbox` keeps them for the dev inbox, `smtp` sends them through nodemailer. Several
 * processes share the table safely (SKIP LOCKED).
 */
import { and, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/index.js';
import { rows } from '../../db/index.js';
import { mailOutbox } from '../../db/schema/index.js';
import { createSmtpTransport } from './smtp.js';
import type { MailMessage, Transport } from './types.js';
import type { Backlog, BackgroundWorker } from '../../ops/workers.js';
import type { Schedule, Tasks } from '../../jobs/queue.js';
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

/** The delivery job's task; db/sql/mail.sql queues it under the same name (db-code.test.ts holds both spellings). */
export const MAIL_TASK = 'mail.deliver';

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
  let stopped = false;

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
      const due = await tx
        .select({ id: mailOutbox.id, to_address: mailOutbox.toAddress, subject: mailOutbox.subject, text_body: mailOutbox.textBody, html_body: mailOutbox.htmlBody, attempts: mailOutbox.attempts })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(mailOutbox.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
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

  /**
   * Delivers what is due, in the job that asks for it; the jobs that reach this process while a run
   * is under way join it (one more pass), so a burst of mail makes one run here, not one per job.
   * Answers when nothing due is left.
   */
  function deliver(): Promise<void> {
    if (stopped) return Promise.resolve();
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
    /** The queue's work for mail (jobs/queue.ts): the task, and the retry run every minute. */
    jobs(): { tasks: Tasks; schedule: Schedule } {
      return {
        tasks: { [MAIL_TASK]: () => deliver() },
        // The minute's run picks up what failed once its backoff is over (and any mail a stopped
        // process left): one job at a time, a missed minute not made up.
        schedule: [{ task: MAIL_TASK, match: '* * * * *', identifier: 'mail.retries', options: { jobKey: 'mail.retries', maxAttempts: 1 } }],
      };
    },
    // As a background worker of a process that works on jobs (readiness, metrics, shutdown): its
    // backlog is the mail not yet sent.
    name: 'mail',
    running: () => !stopped,
    async backlog(): Promise<Backlog> {
      const [row] = await rows<{ depth: number; age: number | null }>(
        opts.db,
        sql`select count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as age from mail_outbox where sent_at is null`,
      );
      return { depth: row?.depth ?? 0, oldestAgeSeconds: row?.age ?? 0 };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (running) await running;
      await transport.close();
    },
    table: mailOutbox,
  } satisfies BackgroundWorker & Record<string, unknown>;
}

export type Mail = ReturnType<typeof createMail>;
