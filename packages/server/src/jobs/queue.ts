/**
 * The durable job queue, on the same PostgreSQL (graphile-worker; why in docs/architecture.md), and
 * the one way background work runs: webhook deliveries, mail, renewals and the sweeps. A job is
 * added with SQL inside the transaction of the change that causes it, so a rolled-back change
 * leaves no job and a committed one is never lost; workers in every process take jobs as soon as
 * they commit (LISTEN/NOTIFY) and after a crash (the lock expires). Recurring work is graphile-worker's
 * schedule (its crontab): each minute of it is queued once for every process together.
 */
import { Logger, parseCronItems, run, runMigrations, type CronItem, type Runner, type Task } from 'graphile-worker';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/types.js';

export interface QueueStats {
  /** Whether this process's workers are taking jobs. */
  running: boolean;
  /** Jobs due now and not yet done (waiting or being worked on). */
  depth: number;
  /** How long the oldest due job has waited, in seconds (0 when none). */
  oldestAgeSeconds: number;
}

export interface JobOptions {
  /** Jobs of one queue run one at a time, in the order they were added. */
  queue?: string;
  runAt?: Date;
  /** A job with the same key replaces the waiting one instead of being added twice. */
  key?: string;
  /** graphile-worker's own retries (exponential); tasks with a schedule of their own use 1. */
  maxAttempts?: number;
}

type Log = { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

/** graphile-worker's log lines into ours: warnings and errors only. */
const loggerOf = (log: Log) =>
  new Logger(() => (level, message, meta) => {
    if (level === 'error') log.error({ meta }, message);
    else if (level === 'warning') log.warn({ meta }, message);
  });

/** A pool of the queue's own, so its listening connection never takes one the API needs. */
function queuePool(url: string, max: number) {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  // A connection lost while checked out fails its query; the event itself must not end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Creates or updates the queue's tables (called under the migration lock). */
export async function migrateQueue(url: string) {
  const pool = queuePool(url, 2);
  try {
    await runMigrations({ pgPool: pool, logger: loggerOf({ warn: () => undefined, error: () => undefined }) });
  } finally {
    await pool.end();
  }
}

/** Adds a job inside the caller's transaction. */
export async function addJob(tx: Tx, task: string, payload: Record<string, unknown>, options: JobOptions = {}) {
  await tx.execute(
    sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json, queue_name => ${options.queue ?? null}::text,
        run_at => ${options.runAt ?? null}::timestamptz, max_attempts => ${options.maxAttempts ?? null}::int, job_key => ${options.key ?? null}::text)`,
  );
}

/** Tasks by name. */
export type Tasks = Record<string, Task>;
/** Recurring jobs (graphile-worker's crontab items). */
export type Schedule = CronItem[];

export interface Queue {
  /**
   * Starts this process's workers with the tasks they run and the recurring jobs they queue. Every
   * process schedules the same entries: graphile-worker adds each slot's job once, whichever is first.
   */
  start(tasks: Tasks, schedule?: Schedule): Promise<void>;
  stop(): Promise<void>;
  stats(tx: Tx): Promise<QueueStats>;
}

export function createQueue(options: { url: string; concurrency: number; log: Log }): Queue {
  let runner: Runner | null = null;
  let pool: pg.Pool | null = null;
  return {
    async start(tasks, schedule = []) {
      if (runner) return;
      // One connection listens; each worker takes one for a job's bookkeeping.
      pool = queuePool(options.url, options.concurrency + 2);
      runner = await run({
        pgPool: pool,
        concurrency: options.concurrency,
        noHandleSignals: true,
        // LISTEN/NOTIFY wakes a worker at once; polling only catches jobs whose run_at arrives.
        pollInterval: 1000,
        logger: loggerOf(options.log),
        taskList: tasks,
        // Given, even when empty, so no crontab file is looked for in the working directory.
        parsedCronItems: parseCronItems(schedule),
      });
    },
    async stop() {
      const held = runner;
      runner = null;
      await held?.stop();
      await pool?.end();
      pool = null;
    },
    async stats(tx) {
      const result = await tx.execute<{ depth: number; oldest: number | null }>(
        sql`select count(*)::int as depth, extract(epoch from now() - min(run_at))::float8 as oldest
            from graphile_worker.jobs where run_at <= now() and attempts < max_attempts`,
      );
      const row = result.rows[0];
      return { running: runner !== null, depth: Number(row?.depth ?? 0), oldestAgeSeconds: Math.max(0, Math.round(Number(row?.oldest ?? 0))) };
    },
  };
}
