/**
 * The sweep: expired rate-limit counters, client tokens and Idempotency-Keys, and events past their
 * 30 days, removed every ten minutes by a recurring job of the queue (jobs/queue.ts), once for every
 * process together.
 */
import type { AppContext } from '../context.js';
import { sweepIdempotencyKeys } from '../http/idempotency.js';
import type { Schedule, Tasks } from '../jobs/queue.js';
import { sweepClientTokens } from '../modules/client-api/keys.js';
import { pruneEvents } from '../modules/events/retention.js';

export const SWEEP_TASK = 'maintenance.sweep';

export function sweepJobs(ctx: Pick<AppContext, 'db' | 'clock' | 'counters' | 'log'>): { tasks: Tasks; schedule: Schedule } {
  return {
    tasks: {
      [SWEEP_TASK]: async () => {
        const sweeps = [ctx.counters.sweep(), sweepClientTokens(ctx), sweepIdempotencyKeys(ctx.db), pruneEvents(ctx.db)];
        // One that fails leaves the others done; the next run, ten minutes on, tries it again.
        for (const outcome of await Promise.allSettled(sweeps)) {
          if (outcome.status === 'rejected') ctx.log.warn({ err: outcome.reason }, 'a sweep failed; the next run retries it');
        }
      },
    },
    schedule: [{ task: SWEEP_TASK, match: '*/10 * * * *', identifier: SWEEP_TASK, options: { jobKey: SWEEP_TASK, maxAttempts: 1 } }],
  };
}
