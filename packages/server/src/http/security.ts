/**
 * Browser security headers, through @fastify/helmet: a Content-Security-Policy that allows what
 * each kind of answer needs and nothing else, no framing of the portal, nosniff, a Referrer-Policy,
 * and HSTS when the public URL is https.
 *
 * - Pages (the portal and every static file): scripts from our origin plus the hashes of the
 *   inline scripts of the built index.html, the realtime socket, and the origins of the configured
 *   providers (PROVIDER_SOURCES below).
 * - API answers (every call of the contract): `default-src 'none'`; JSON needs nothing.
 * - A page that partners may frame (the public redeem page) calls `allowFraming` with the
 *   reseller's own origins; see docs/architecture.md.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply, onRequestHookHandler } from 'fastify';
import helmetMiddleware from 'helmet';
import type { Config } from '../config.js';

type Directives = Record<string, Iterable<string | ((req: IncomingMessage) => string)>>;

/** What a provider's browser script needs, by CSP directive. */
export interface Sources {
  script?: string[];
  style?: string[];
  frame?: string[];
  connect?: string[];
  img?: string[];
  form?: string[];
}

/**
 * The origins each provider's own documentation lists for its browser script. The one place a
 * provider adds its sources: name it here, and in `configuredProviders` when it is configured.
 */
export const PROVIDER_SOURCES = {
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: ['https://www.google.com/recaptcha/'],
  },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
    connect: ['https://challenges.cloudflare.com'],
  },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  stripe: {
    script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  },
  // The redirect payment submits the server's form to PayPal's approval page.
  paypal: { form: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'] },
} satisfies Record<string, Sources>;

export type Provider = keyof typeof PROVIDER_SOURCES;

/** The sources of the given providers for one directive. */
export const sourcesOf = (providers: readonly Provider[], key: keyof Sources): string[] =>
  providers.flatMap((name) => (PROVIDER_SOURCES[name] as Sources)[key] ?? []);

/** The providers whose browser scripts this server's pages load, from its configuration. */
export function configuredProviders(config: Config): Provider[] {
  const providers: Provider[] = [];
  if (config.captcha.provider !== 'off') providers.push(config.captcha.provider);
  if (config.payments.stripe) providers.push('stripe');
  if (config.payments.paypal) providers.push('paypal');
  return providers;
}

/** `sha256-…` sources for the inline scripts of the built index.html (the legacy-browser check). */
export function inlineScriptHashes(portalDir: string): string[] {
  const file = join(portalDir, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1] ?? '').digest('base64')}'`,
  );
}

const HOST = /^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i;

/**
 * The realtime socket the browser opens: the configured public host, or the page's own host name,
 * at `port()` (read per request: the embedded server may have been given port 0 and chosen one).
 */
function realtimeSource(config: Config, port: () => number) {
  const { publicHost, publicTls } = config.realtime;
  const scheme = publicTls ? 'wss' : 'ws';
  return (req: IncomingMessage) => {
    const host = publicHost ?? (req.headers.host ?? '').replace(/:\d+$/, '');
    // A Host header that is not a host name adds nothing (the directive must stay well-formed).
    return HOST.test(host) ? `${scheme}://${host}:${port()}` : "'self'";
  };
}

type RouteHelmet = Omit<FastifyHelmetOptions, 'global'>;

export interface Security {
  /** The plugin's options: the page policy and the other headers, for every answer. */
  helmet: FastifyHelmetOptions;
  /**
   * Sets the API's headers (the page headers with the `api` policy) on an answer whose route turns
   * the plugin off. They are the same on every answer, so they are made once, by helmet: with
   * route options, @fastify/helmet builds its middleware again on every request (directives
   * parsed anew; about 3 % of a signed-in read's time).
   */
  apiHeaders: onRequestHookHandler;
  /** Route options for a page that loads no script and only its own inline styles (the dev inbox). */
  plainPage: RouteHelmet;
  /**
   * Lets this answer be framed by the given origins (a reseller's own sites, for the redeem page)
   * instead of by none: its CSP is the page policy with that frame-ancestors list, and
   * X-Frame-Options goes (it cannot name origins). Origins that are not `https://host[:port]` or
   * `http://host[:port]` are left out; with none left, nobody may frame it.
   */
  allowFraming(reply: FastifyReply, origins: readonly string[]): void;
}

/**
 * The headers a helmet middleware sets, read once from a stand-in answer: for options with no
 * per-request part (no directive computed from the request), they are the same on every answer.
 */
function headersOf(middleware: ReturnType<typeof helmetMiddleware>): Record<string, string> {
  const headers: Record<string, string> = {};
  const answer = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({ headers: {} } as IncomingMessage, answer as unknown as ServerResponse, () => undefined);
  return headers;
}

/** `realtimePort` answers the port browsers reach the socket server on, as GET /api/settings tells them. */
export function createSecurity(config: Config, portalDir: string, realtimePort: () => number): Security {
  const https = config.publicUrl.startsWith('https://');
  const providers = configuredProviders(config);
  const from = (key: keyof Sources) => sourcesOf(providers, key);
  const frames = from('frame');

  const page: Directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScriptHashes(portalDir), ...from('script')],
    // MUI (emotion) writes its styles into <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'", ...from('style')],
    imgSrc: ["'self'", 'data:', ...from('img')],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", realtimeSource(config, realtimePort), ...from('connect')],
    // Our own pages only (the portal previews the redeem page), and the configured providers'.
    frameSrc: ["'self'", ...frames],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...from('form')],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };

  const helmet: FastifyHelmetOptions = {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: page },
    // The portal is never framed: X-Frame-Options for browsers that predate frame-ancestors.
    xFrameOptions: { action: 'deny' },
    // Another site learns our origin at most, never a path (reset links carry their hash in it).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };

  // The API's policy: a JSON answer loads nothing.
  const api: RouteHelmet = { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } };

  const { global: _global, ...pageOptions } = helmet;
  const apiHeaderSet = headersOf(helmetMiddleware({ ...pageOptions, ...api } as Parameters<typeof helmetMiddleware>[0]));

  return {
    helmet,
    apiHeaders: (_request, reply, done) => {
      reply.headers(apiHeaderSet);
      done();
    },
    plainPage: {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] },
      },
    },
    allowFraming(reply, origins) {
      const allowed = origins.filter((o) => /^https?:\/\/(?:\*\.)?(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?$/i.test(o));
      reply.helmet({
        contentSecurityPolicy: { useDefaults: false, directives: { ...page, frameAncestors: allowed.length ? allowed : ["'none'"] } },
        xFrameOptions: false,
      });
      reply.raw.removeHeader('x-frame-options');
    },
  };
}
