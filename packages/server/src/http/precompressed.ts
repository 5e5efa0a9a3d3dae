/**
 * A large answer that never changes while the process runs (the OpenAPI document, some 400 kB),
 * compressed once and sent as the best encoding the caller accepts — brotli, then gzip, as the
 * built bundles are (http/static.ts) — with an ETag, so a client that has it gets a 304. The
 * compression runs on first request, off the event loop, so start-up does not pay for it.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];
const negotiator = new Negotiator({ supportedValues: [...ENCODINGS] });

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Copies = Record<Encoding, Buffer>;

export function precompressed(text: string, contentType: string) {
  const identity = Buffer.from(text);
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  let copies: Promise<Copies> | undefined;
  const compress = () =>
    (copies ??= Promise.all([
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzipped(identity, { level: constants.Z_BEST_COMPRESSION }),
    ]).then(([br, gz]) => ({ br, gzip: gz, identity })));

  /** Sends the copy the request accepts (a 304 when its If-None-Match names it). */
  return async function send(request: FastifyRequest, reply: FastifyReply) {
    const accepted = request.headers['accept-encoding'];
    const encoding: Encoding = (accepted && (negotiator.negotiate(accepted) as Encoding | null)) || 'identity';
    // Each encoding is its own representation, with its own tag.
    const etag = `"${tag}${encoding === 'identity' ? '' : `-${encoding}`}"`;
    reply.header('vary', 'accept-encoding').header('etag', etag).header('cache-control', 'no-cache');
    const match = request.headers['if-none-match'];
    if (match && (match === '*' || match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))) return reply.code(304).send();
    const body = encoding === 'identity' ? identity : (await compress())[encoding];
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type(contentType).send(body);
  };
}
