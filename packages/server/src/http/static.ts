/**
 * A built bundle served as files: the portal today, the redeem widget next. Its build writes
 * brotli and gzip copies beside each file (vite-plugin-compression2); the server sends the best one
 * the browser accepts (Accept-Encoding), so nothing is compressed per request. Hashed assets are
 * cached for a year; HTML never, since it names the current assets.
 */
import { existsSync, readFileSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface BundleOptions {
  /** The folder the bundle's build wrote (its dist/). */
  root: string;
  /** The URL prefix it is served under ('/' for the portal, '/widget/' for a second bundle). */
  prefix?: string;
  /**
   * Other sites load it (the widget's script on a partner's page): its files may then be used
   * cross-origin (Cross-Origin-Resource-Policy), which the portal's files may not.
   */
  crossOrigin?: boolean;
}

export async function serveBundle(app: FastifyInstance, { root, prefix = '/', crossOrigin = false }: BundleOptions) {
  await app.register(fastifyStatic, {
    root,
    prefix,
    wildcard: false,
    index: false,
    preCompressed: true,
    maxAge: '1y',
    immutable: true,
    // reply.sendFile comes with the first bundle only (Fastify decorates a reply once).
    decorateReply: !app.hasReplyDecorator('sendFile'),
    setHeaders: (reply, path) => {
      if (/\.html(\.br|\.gz)?$/.test(path)) reply.header('Cache-Control', 'no-cache');
      if (crossOrigin) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The client's preferred encoding among those we hold (brotli first), honouring `q=0` refusals. */
function encodingFor(header: string | string[] | undefined, held: Set<Encoding>): Encoding {
  const offered = new Map<string, boolean>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name) offered.set(name.trim(), !params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p)));
  }
  for (const encoding of ['br', 'gzip'] as const) {
    if (held.has(encoding) && offered.get(encoding)) return encoding;
  }
  return 'identity';
}

/** A small file held in memory with its pre-compressed forms. */
export function inMemory(path: string) {
  const forms = new Map<Encoding, Buffer>([['identity', readFileSync(path)]]);
  if (existsSync(`${path}.br`)) forms.set('br', readFileSync(`${path}.br`));
  if (existsSync(`${path}.gz`)) forms.set('gzip', readFileSync(`${path}.gz`));
  const held = new Set(forms.keys());
  return (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = encodingFor(request.headers['accept-encoding'], held);
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    const vary = reply.getHeader('Vary');
    return reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding').send(forms.get(encoding));
  };
}
