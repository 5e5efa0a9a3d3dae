/**
 * A unit of work: one transaction, what must be written at its end inside it (a realtime message on
 * the PostgreSQL bus, which PostgreSQL delivers only if the transaction commits), and what must
 * happen only once it has committed (a realtime event, a mail delivery). A rolled-back action
 * announces nothing.
 */
import type { Db, Tx } from './index.js';

export interface Unit {
  tx: Tx;
  /** Runs in the transaction once the work is done, before it commits; a failure rolls it back. */
  beforeCommit(step: () => Promise<unknown>): void;
  afterCommit(effect: () => unknown): void;
}

/** What must happen once a unit has committed; one failing effect does not stop the others. */
async function runEffects(ctx: { log: { warn(obj: unknown, msg?: string): void } }, effects: (() => unknown)[]) {
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      ctx.log.warn({ err: error }, 'an after-commit effect failed');
    }
  }
}

export async function transact<T>(
  ctx: { db: Db; log: { warn(obj: unknown, msg?: string): void } },
  work: (unit: Unit) => Promise<T>,
): Promise<T> {
  const effects: (() => unknown)[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const steps: (() => Promise<unknown>)[] = [];
    const answer = await work({ tx, beforeCommit: (step) => steps.push(step), afterCommit: (effect) => effects.push(effect) });
    // A step may queue another (a notification's message): run until none is left.
    for (let step = steps.shift(); step; step = steps.shift()) await step();
    return answer;
  });
  await runEffects(ctx, effects);
  return result;
}
