/**
 * What the browser receives besides the data: security headers on the portal, the API and the dev
 * inbox, and bundles served pre-compressed by Accept-Encoding.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { serveBundle } from '../src/http/static.js';
import { testApp } from './support/app.js';
import { freshDatabase } from './support/db.js';

const INLINE = "window.__legacy = !('noModule' in HTMLScriptElement.prototype);";
const SCRIPT = `console.log(${JSON.stringify('portal '.repeat(2000))});`;

/** A built bundle as vite-plugin-compression2 leaves it: each file with its .br and .gz. */
function bundle(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pp-bundle-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text, { level: 9 }));
  }
  return dir;
}

const PORTAL_FILES = {
  'index.html': `<!doctype html><html><head><script>${INLINE}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`,
  'assets/app.js': SCRIPT,
};
/** The API reference page as the portal's build writes it (vite.config.ts). */
const REFERENCE = `<!doctype html><html lang="en"><head><style>h1{color:#333}</style></head><body><h1>Partner Panel API reference</h1>${'<p>GET /api/v2/client/balance</p>'.repeat(500)}</body></html>`;
const portalDir = bundle({ ...PORTAL_FILES, 'api-reference.html': REFERENCE });
const t = await testApp({ env: { PORTAL_DIR: portalDir } });

/** The directives of a Content-Security-Policy header, by name. */
function csp(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('security headers', () => {
  it('the portal: scripts from our origin and the inline check by hash, no framing, nosniff, a referrer policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { host: 'panel.test' } });
    expect(res.statusCode).toBe(200);
    const policy = csp(res.headers['content-security-policy']);
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(policy['script-src']).toEqual(["'self'", hash]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-src']).toEqual(["'self'"]);
    // The realtime socket on the page's own host name, at the configured port.
    expect(policy['connect-src']).toEqual(["'self'", 'ws://panel.test:6001']);
    expect(policy).not.toHaveProperty('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // PUBLIC_URL is http: no HSTS (a browser would refuse plain http to the host for a year).
    expect(res.headers).not.toHaveProperty('strict-transport-security');
    // A Host header that is not a host name cannot bend the policy.
    const odd = await t.app.inject({ method: 'GET', url: '/login', headers: { host: "x; script-src 'unsafe-inline'" } });
    expect(csp(odd.headers['content-security-policy'])['script-src']).toEqual(["'self'", hash]);
  });

  it('names the port the socket server chose when it was given port 0', async () => {
    const chosen = await testApp({ env: { PORTAL_DIR: portalDir, REALTIME_PORT: '0' } });
    const port = await chosen.app.ctx.realtime.server?.listen(0, '127.0.0.1');
    const res = await chosen.app.inject({ method: 'GET', url: '/login', headers: { host: 'panel.test:8080' } });
    expect(csp(res.headers['content-security-policy'])['connect-src']).toEqual(["'self'", `ws://panel.test:${port}`]);
    expect((await chosen.app.inject({ method: 'GET', url: '/api/settings' })).json().body.realtime.port).toBe(port);
  });

  it('the API: a policy that allows nothing, and the same other headers', async () => {
    // Every security header of a page but its policy is on an API answer too, with the same value.
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    const security = Object.entries(page.headers).filter(([name]) => /^(x-|cross-origin-|origin-agent|referrer-policy|strict-transport)/.test(name) && name !== 'x-request-id');
    expect(security.length).toBeGreaterThanOrEqual(8);
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/settings' }),
      await t.app.inject({ method: 'POST', url: '/api/login', payload: {} }),
    ]) {
      expect(csp(res.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      for (const [name, value] of security) expect(res.headers[name], name).toBe(value);
    }
  });

  it('the dev inbox: its own inline styles and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(csp(res.headers['content-security-policy'])).toEqual({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('on https: HSTS and upgrade-insecure-requests; a configured captcha adds its own origins, and only then', async () => {
    const secure = await testApp({
      env: {
        PORTAL_DIR: portalDir,
        PUBLIC_URL: 'https://panel.example.com',
        CAPTCHA_PROVIDER: 'recaptcha',
        CAPTCHA_SITE_KEY: 'site',
        CAPTCHA_SECRET_KEY: 'secret',
        REALTIME_PUBLIC_HOST: 'ws.panel.example.com',
        REALTIME_PUBLIC_PORT: '443',
        REALTIME_PUBLIC_TLS: 'true',
      },
    });
    const res = await secure.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const policy = csp(res.headers['content-security-policy']);
    expect(policy).toHaveProperty('upgrade-insecure-requests');
    expect(policy['script-src']).toEqual(expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']));
    expect(policy['frame-src']).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']);
    expect(policy['connect-src']).toEqual(["'self'", 'wss://ws.panel.example.com:443', 'https://www.google.com/recaptcha/']);
    const api = await secure.app.inject({ method: 'GET', url: '/api/settings' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Without the provider, none of its origins.
    const plain = csp((await t.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);
    expect(JSON.stringify(plain)).not.toContain('google');
  });

  it('configured payment providers add their origins: Stripe its script, frames and API, PayPal its approval page as a form target', async () => {
    const paying = await testApp({
      env: {
        PORTAL_DIR: portalDir,
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        PAYPAL_CLIENT_ID: 'client',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_WEBHOOK_ID: 'hook',
      },
    });
    const policy = csp((await paying.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);
    expect(policy['script-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com']));
    expect(policy['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy['connect-src']).toContain('https://api.stripe.com');
    expect(policy['form-action']).toEqual(["'self'", 'https://www.paypal.com', 'https://www.sandbox.paypal.com']);
    // Without them (the test gateway only), none of their origins.
    const plain = JSON.stringify(csp((await t.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']));
    expect(plain).not.toContain('stripe');
    expect(plain).not.toContain('paypal');
  });

  it('a route may let chosen origins frame it (the redeem page), without helmet putting "none" back', async () => {
    const database = await freshDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', PORTAL_DIR: portalDir });
    const app = await buildApp(config, { database, logger: false });
    app.get('/framed-example', async (_request, reply) => {
      app.ctx.security.allowFraming(reply, ['https://partner.example', 'https://*.shop.example:8443', "'self'; script-src *", 'javascript:alert(1)']);
      return reply.type('text/html').send('<p>framed</p>');
    });
    app.get('/framed-by-nobody', async (_request, reply) => {
      app.ctx.security.allowFraming(reply, []);
      return reply.type('text/html').send('<p>alone</p>');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/framed-example' });
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['frame-ancestors']).toEqual(['https://partner.example', 'https://*.shop.example:8443']);
      expect(policy['script-src']?.[0]).toBe("'self'");
      expect(res.headers).not.toHaveProperty('x-frame-options');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const none = await app.inject({ method: 'GET', url: '/framed-by-nobody' });
      expect(csp(none.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('bundles served pre-compressed', () => {
  it('sends the brotli copy, else the gzip one, else the file, by Accept-Encoding', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const identity = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers).not.toHaveProperty('content-encoding');
    expect(identity.body).toBe(SCRIPT);
  });

  it('sends the page compressed too, never cached, and answers HEAD wherever GET answers', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/coupons/list', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
    for (const url of ['/login', '/', '/assets/app.js', '/api/settings', '/api/csrf', '/dev/mail']) {
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-1234.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().header.message).toBe('The requested resource was not found.');
  });

  it('serves the API reference page at /api/docs, compressed, never cached, with no script allowed; a 404 envelope while the portal is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.rawPayload.length).toBeLessThan(REFERENCE.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(REFERENCE);
    expect(csp(res.headers['content-security-policy'])).toEqual({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toBe(REFERENCE);

    const unbuilt = await testApp({ env: { PORTAL_DIR: bundle(PORTAL_FILES) } });
    const missing = await unbuilt.app.inject({ method: 'GET', url: '/api/docs' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().header.message).toBe('The requested resource was not found.');
  });

  it('a second bundle gets the same, and may be loaded by other sites', async () => {
    const widget = bundle({ 'widget.js': SCRIPT });
    const app = Fastify();
    await serveBundle(app, { root: portalDir });
    await serveBundle(app, { root: widget, prefix: '/widget/', crossOrigin: true });
    const res = await app.inject({ method: 'GET', url: '/widget/widget.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    await app.close();
  });
});
