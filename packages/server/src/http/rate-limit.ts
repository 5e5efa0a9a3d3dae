/**
 * Fixed-window counters kept in the database, so every server process shares them without another
 * service. They back @fastify/rate-limit (per IP) and the per-account counters of sign-in and reset.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { rows } from '../db/index.js';
import { rateLimits } from '../db/schema/index.js';
import { fail } from './errors.js';

/** The catalogue's 429 for a counter that ran out, saying when to try again. */
/** "42 seconds" or "15 minutes": a wait a person can read; `retry_after` keeps the seconds. */
export function waitText(seconds: number) {
  if (seconds < 90) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export function throttled(ttlMs: number) {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return fail('tooManyAttempts', { wait: waitText(seconds) }, { retry_after: seconds });
}

export interface Hit {
  current: number;
  ttl: number;
}

export function createCounters(db: Db) {
  async function hit(key: string, windowMs: number, count = 1): Promise<Hit> {
    const [row] = await rows<{ hits: number; ttl: number }>(
      db,
      sql`insert into rate_limits (key, hits, reset_at)
          values (${key}, ${count}, now() + ${windowMs} * interval '1 millisecond')
          on conflict (key) do update set
            hits = case when rate_limits.reset_at <= now() then excluded.hits else rate_limits.hits + excluded.hits end,
            reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
          returning hits, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl`,
    );
    return { current: Number(row?.hits ?? 1), ttl: Math.ceil(Number(row?.ttl ?? windowMs)) };
  }

  /** The count so far, without adding to it (0 once the window has passed). */
  async function peek(key: string): Promise<Hit> {
    const [row] = await rows<{ hits: number; ttl: number }>(
      db,
      sql`select hits, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl
          from rate_limits where key = ${key} and reset_at > now()`,
    );
    return { current: Number(row?.hits ?? 0), ttl: Math.ceil(Number(row?.ttl ?? 0)) };
  }

  async function reset(key: string) {
    await db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Counts one more (or `count` more, such as a selection's mails) for the key and refuses past the limit. */
  async function take(key: string, limit: number, windowMs: number, count = 1) {
    const got = await hit(key, windowMs, count);
    if (got.current > limit) throw throttled(got.ttl);
  }

  async function sweep() {
    await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
  }

  /** A store for @fastify/rate-limit over the same table. */
  class Store {
    constructor(readonly prefix = 'ip:') {}
    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number) {
      hit(`${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    /** One counter per route: @fastify/rate-limit passes the route it is made for. */
    child(params: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const route = params.routeInfo ?? {};
      return new Store(`ip:${String(route.method ?? '*')}:${route.url ?? '*'}:`);
    }
  }

  return { hit, peek, take, reset, sweep, Store };
}

export type Counters = ReturnType<typeof createCounters>;
