/**
 * Every piece of the server's background work, as jobs of the queue (jobs/queue.ts): what each
 * task does and when the recurring ones run. One way for all of it: a job is queued by the change
 * that causes it (in its transaction) or by the queue's schedule, taken by a worker of any process,
 * and retried, stopped and reported (readiness, metrics) as the queue is. The dashboard's fold
 * stays a timer of each process (app.ts, where the reason is written).
 */
import type { AppContext } from '../context.js';
import { billingSchedule, billingTasks } from '../modules/billing/expiry.js';
import { webhookTasks } from '../modules/webhooks/delivery.js';
import { renewalJobs } from '../modules/vpn/renewals.js';
import { sweepJobs } from '../ops/sweep.js';
import type { Schedule, Tasks } from './queue.js';

export function backgroundJobs(ctx: AppContext): { tasks: Tasks; schedule: Schedule } {
  const parts = [
    // Queued by the change: an event's fan-out (db/sql/events.sql) and its deliveries.
    { tasks: webhookTasks(ctx), schedule: [] },
    // Queued by the mail's insert (db/sql/mail.sql), and every minute for retries.
    ctx.mail.jobs(),
    // Every ten minutes.
    sweepJobs(ctx),
    // Every five minutes: deposits left unfinished for 24 hours closed.
    { tasks: billingTasks(ctx), schedule: billingSchedule },
    // Every RENEWALS_INTERVAL_SECONDS; 0 leaves them to the other processes.
    ...(ctx.config.renewalsIntervalMs > 0 ? [renewalJobs(ctx, ctx.config.renewalsIntervalMs / 1000)] : []),
  ];
  return { tasks: Object.assign({}, ...parts.map((p) => p.tasks)) as Tasks, schedule: parts.flatMap((p) => p.schedule) };
}
