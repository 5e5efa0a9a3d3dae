/**
 * How a request body is read, before any route sees it. JSON is parsed by us rather than by
 * Fastify's default (secure-json-parse), so that a key sent twice at any depth — which JSON.parse
 * would settle silently in favour of the last copy — and the names that reach a prototype are
 * refused, each with its own sentence naming the key; a body labelled with a charset other than
 * UTF-8 is refused too, since it would be read as UTF-8 all the same. A form (the one call that
 * takes one) and a payment provider's signed notification, kept raw for its signature, get the
 * same checks.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import { safeParse as parseContentType } from 'fast-content-type-parse';
import { errors, formatMessage } from '@partner-panel/sdk';
import { AppError } from './errors.js';
import { keyProblem, RESERVED_KEYS, type KeyProblem } from './json-keys.js';

/**
 * The charsets a body may declare: JSON is UTF-8 (RFC 8259), and US-ASCII is a subset of it.
 * `utf8` is the spelling several HTTP clients and frameworks send for UTF-8.
 */
const CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii']);

/** The 415 for a body declared in another charset, or null. */
export function charsetRefusal(request: FastifyRequest): AppError | null {
  const header = request.headers['content-type'];
  if (!header || !header.includes(';')) return null;
  const charset = parseContentType(header).parameters.charset;
  if (charset === undefined || CHARSETS.has(charset.toLowerCase())) return null;
  return new AppError(errors.inputCharset, { charset }, null);
}

/** The refusal of a duplicate or reserved key, naming it (and its place) as field errors do. */
export function keyRefusal({ kind, path }: KeyProblem): AppError {
  const field = path.join('.');
  const entry = kind === 'duplicate' ? errors.inputDuplicateKey : errors.inputReservedKey;
  return new AppError(entry, { field }, { errors: { [field]: [formatMessage(entry.message, { field })] } });
}

type Done = (error: Error | null, body?: unknown) => void;

/** JSON as JSON.parse reads it, once its keys are known to be single and harmless. */
function parseJson(request: FastifyRequest, text: string, done: Done) {
  const refused = charsetRefusal(request);
  if (refused) return done(refused);
  if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY());
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY());
  }
  const problem = keyProblem(text);
  done(problem ? keyRefusal(problem) : null, problem ? undefined : value);
}

/** A form's fields, each name once (stock Pusher clients post their channel authorisation as one). */
function parseForm(request: FastifyRequest, text: string, done: Done) {
  if (!request.routeOptions.config.form) return done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE());
  const refused = charsetRefusal(request);
  if (refused) return done(refused);
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (RESERVED_KEYS.has(name)) return done(keyRefusal({ kind: 'reserved', path: [name] }));
    if (Object.hasOwn(fields, name)) return done(keyRefusal({ kind: 'duplicate', path: [name] }));
    fields[name] = value;
  }
  done(null, fields);
}

/**
 * The app's body parsers: JSON, and a form where a route allows one. Anything else (text/plain
 * holding JSON included) has no parser, so Fastify answers 415.
 */
export function registerBodyParsers(app: FastifyInstance) {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => parseJson(request, body as string, done));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => parseForm(request, body as string, done));
}

/**
 * A provider's notification, kept as the bytes it signed: declared in UTF-8, and when it is JSON,
 * with single and harmless keys, since the provider (or PayPal's check, which is sent the same
 * bytes) may read a duplicated key otherwise than JSON.parse does. Text that is not JSON is left to
 * the provider's own check, which refuses it.
 */
export function rawNotification(request: FastifyRequest, body: Buffer, done: Done) {
  const refused = charsetRefusal(request);
  if (refused) return done(refused);
  const text = body.toString('utf8');
  try {
    JSON.parse(text);
  } catch {
    return done(null, body);
  }
  const problem = keyProblem(text);
  done(problem ? keyRefusal(problem) : null, problem ? undefined : body);
}
