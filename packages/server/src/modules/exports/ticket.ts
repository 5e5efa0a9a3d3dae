/**
 * Download tickets for the streamed CSV exports. The portal asks for a short-lived signed ticket
 * (POST, with the session and CSRF), then lets the browser download the file natively (GET with the
 * ticket), so a big list goes straight to disk. The ticket names what it exports, whose, and how
 * filtered; it cannot be turned into another kind of export.
 */
import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { safeEqual } from '../../adapters/realtime/signature.js';

const TICKET_TTL_MS = 2 * 60_000;

export type ExportKind = 'coupons' | 'vpn' | 'transactions' | 'invoices' | 'money' | 'operator-audit';

export interface Ticket<F> {
  owner: number;
  filter: F;
  expires: number;
}

const sign = (secret: string, kind: ExportKind, payload: string) =>
  createHmac('sha256', secret).update(`${kind}-export:${payload}`).digest('base64url');

export function issueTicket<F>(ctx: Pick<AppContext, 'secret' | 'clock'>, kind: ExportKind, owner: number, filter: F) {
  const expires = ctx.clock.now().getTime() + TICKET_TTL_MS;
  const payload = Buffer.from(JSON.stringify({ owner, filter, expires } satisfies Ticket<F>)).toString('base64url');
  return { ticket: `${payload}.${sign(ctx.secret, kind, payload)}`, expires_at: new Date(expires).toISOString() };
}

export function readTicket<F>(ctx: Pick<AppContext, 'secret' | 'clock'>, kind: ExportKind, ticket: string): Ticket<F> {
  const [payload, signature] = ticket.split('.');
  if (!payload || !signature || !safeEqual(signature, sign(ctx.secret, kind, payload))) throw fail('exportTicketInvalid');
  const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Ticket<F>;
  if (parsed.expires < ctx.clock.now().getTime()) throw fail('exportTicketInvalid');
  return parsed;
}

/** `2026-11-22-coupons.csv`: the export's date (001 §9) and what it holds. */
export const exportFileName = (now: Date, what: string) => `${now.toISOString().slice(0, 10)}-${what}.csv`;

export const csvField = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Sends a CSV stream as a download. */
export function sendCsv(reply: FastifyReply, name: string, stream: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
