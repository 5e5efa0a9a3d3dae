/**
 * A built bundle served as files: the portal today, the redeem widget next. Its build writes
 * brotli and gzip copies beside each file (vite-plugin-compression2); the server sends the best one
 * the browser accepts (Accept-Encoding), so nothing is compressed per request. Hashed assets are
 * cached for a year; HTML never, since it names the current assets.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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
