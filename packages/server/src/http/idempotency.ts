/**
 * `Idempotency-Key` on state-changing calls made with a bearer token (a portal session or a v2
 * access token). The first answer to a key — anything but a 5xx or a 429, which a retry should
 * run again — is kept for 24 hours per caller and given again, marked `Idempotent-Replayed: true`,
 * to a retry with the same key, so a retried purchase is never paid twice. The same key with other
 * parameters answers 422; while the first request still runs, 409 with `Retry-After`.
 *
 * The answer is stored just after the call's own transaction commits. Should the process die in
 * between, the key is held for a minute and then released, and a retry runs the call again.
 *
 * An answer holding a secret (a whole API key, a signing secret, a TOTP secret, recovery codes) is
 * kept too — a double-clicked "Turn on" must show the codes of the one enrolment — but sealed
 * (AES-256-GCM under a key derived from APP_SECRET, bound to the caller and the key), never in clear.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema/index.js';
import { seal, unseal } from '../sealing.js';
import { fail } from './errors.js';

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const ABANDONED_MS = 60_000;

function scopeOf(request: FastifyRequest): string | null {
  if (request.client) return `client:${request.client.mode}:${request.client.reseller.id}`;
  if (request.reseller) return `reseller:${request.reseller.id}`;
  return null;
}

const boundTo = (held: { scope: string; key: string }) => `${held.scope}\n${held.key}`;

const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.body ?? null)}\n${JSON.stringify(request.query ?? null)}`)
    .digest('hex');

/** preHandler: claims the key, or replays the answer kept for it. */
export async function claimIdempotencyKey(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.headers[HEADER];
  if (raw === undefined) return;
  const scope = scopeOf(request);
  if (!scope) return;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw fail('idempotencyKeyInvalid');
  const { db, clock } = request.server.ctx;
  const fingerprint = fingerprintOf(request);
  const now = clock.now();
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope, key: raw, fingerprint, createdAt: now })
    .onConflictDoNothing({ target: [idempotencyKeys.scope, idempotencyKeys.key] })
    .returning({ key: idempotencyKeys.key });
  const sealed = request.routeOptions.config.secretAnswer === true;
  if (claimed.length) {
    request.idempotency = { scope, key: raw, sealed };
    return;
  }
  const [kept] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, raw)));
  if (!kept) return claimIdempotencyKey(request, reply); // swept in between: claim it afresh
  if (kept.fingerprint !== fingerprint) throw fail('idempotencyMismatch');
  if (kept.status === null) {
    // The first request died before storing its answer: take the key over after a minute.
    const taken = await db
      .update(idempotencyKeys)
      .set({ createdAt: now })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, raw), isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_MS))))
      .returning({ key: idempotencyKeys.key });
    if (taken.length) {
      request.idempotency = { scope, key: raw, sealed };
      return;
    }
    reply.header('retry-after', 1);
    throw fail('idempotencyInProgress');
  }
  // A sealed answer that no longer opens (APP_SECRET changed) is not given: the key reads as in use.
  const response = sealed ? unseal(request.server.ctx.secret, 'idempotentAnswer', boundTo({ scope, key: raw }), kept.response ?? '') : kept.response;
  if (response === null) throw fail('idempotencyInProgress');
  return reply
    .code(kept.status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(response);
}

/** onSend: keeps the answer for the key, or lets it go when a retry should run the call again. */
export async function storeIdempotentAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const held = request.idempotency;
  if (!held) return payload;
  request.idempotency = null;
  const { db } = request.server.ctx;
  const where = and(eq(idempotencyKeys.scope, held.scope), eq(idempotencyKeys.key, held.key));
  if (reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string') {
    await db.delete(idempotencyKeys).where(where);
  } else {
    const response = held.sealed ? seal(request.server.ctx.secret, 'idempotentAnswer', boundTo(held), payload) : payload;
    await db.update(idempotencyKeys).set({ status: reply.statusCode, response }).where(where);
  }
  return payload;
}

export async function sweepIdempotencyKeys(db: FastifyRequest['server']['ctx']['db']) {
  await db.execute(sql`delete from idempotency_keys where created_at < now() - interval '24 hours'`);
}
