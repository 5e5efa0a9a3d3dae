/**
 * A unit of work: one transaction, and what must happen only once it has committed (a realtime
 * event, a mail delivery). A rolled-back action announces nothing.
 */
import type { Db, Tx } from './index.js';

export interface Unit {
  tx: Tx;
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
  const result = await ctx.db.transaction((tx) => work({ tx, afterCommit: (effect) => effects.push(effect) }));
  await runEffects(ctx, effects);
  return result;
}
