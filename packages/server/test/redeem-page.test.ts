/**
 * Serving the redeem page (002 §2): frame-ancestors from each reseller's allowlist, every file
 * pre-compressed, the loader's short cache; and the embed settings calls behind it.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testApp } from './support/app.js';

/** A built widget as packages/redeem-widget lays it out, each file with its .br and .gz. */
function widgetDir() {
  const dir = mkdtempSync(join(tmpdir(), 'pp-widget-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><html><head><script type="module" src="/redeem/assets/page-abc.js"></script></head><body><main id="app"></main></body></html>',
    'assets/page-abc.js': 'console.log("redeem page");'.repeat(20),
    'loader/redeem.js': '(()=>{/* loader */})();'.repeat(10),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  return { dir, files };
}

const widget = widgetDir();
const t = await testApp({ env: { REDEEM_WIDGET_DIR: widget.dir } });
const reseller = await t.signIn('reseller@demo.partner-panel.test');
const partner = await t.signIn('partner@demo.partner-panel.test');

const page = (url: string, encoding = 'gzip, deflate, br') => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
const ancestors = (csp: unknown) => /frame-ancestors ([^;]+)/.exec(String(csp))?.[1];

describe('the redeem page', () => {
  it('is open to any visitor, compressed, never cached stale, with a strict policy that lets any site frame a reseller’s page by default', async () => {
    for (const url of ['/redeem', '/redeem/brainrocket', '/redeem?reseller=demo-reseller', '/redeem?reseller=nobody']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(widget.files['index.html']);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      // A page naming no reseller, or one that does not exist, is framed by our own origin alone.
      expect(ancestors(csp), url).toBe(url === '/redeem' || url.endsWith('nobody') ? "'self'" : '*');
    }
    const gzip = await page('/redeem', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(widget.files['index.html']);
    const plain = await page('/redeem', 'br;q=0, identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(widget.files['index.html']);
  });

  it("takes frame-ancestors from the reseller's own allowlist, and 903's for the partner page", async () => {
    await reseller.api.updateRedeemEmbed({ allowed_origins: ['https://shop.example.com', 'https://*.example.org'] });
    expect(ancestors((await page('/redeem?reseller=demo-reseller')).headers['content-security-policy'])).toBe("'self' https://shop.example.com https://*.example.org");
    expect(ancestors((await page('/redeem?reseller=DEMO-RESELLER')).headers['content-security-policy'])).toBe("'self' https://shop.example.com https://*.example.org");
    // The security headers of every other answer do not undo it: no X-Frame-Options, one policy.
    const framed = await page('/redeem?reseller=demo-reseller');
    expect(framed.headers).not.toHaveProperty('x-frame-options');
    expect(String(framed.headers['content-security-policy'])).not.toContain("frame-ancestors 'none'");
    expect(framed.headers['x-content-type-options']).toBe('nosniff');
    // Another reseller's page, and the partner page, keep their own.
    expect(ancestors((await page('/redeem?reseller=northwind')).headers['content-security-policy'])).toBe('*');
    expect(ancestors((await page('/redeem/brainrocket')).headers['content-security-policy'])).toBe('*');
    await partner.api.updateRedeemEmbed({ allowed_origins: ['https://brainrocket.example'] });
    expect(ancestors((await page('/redeem/brainrocket')).headers['content-security-policy'])).toBe("'self' https://brainrocket.example");
    // A malformed, unknown, repeated or missing parameter names no reseller: our own origin alone.
    for (const url of ["/redeem?reseller=demo-reseller'%20*", '/redeem?reseller=does-not-exist', '/redeem?reseller=a&reseller=b', '/redeem', '/redeem/', '/redeem?coupon=X']) {
      expect(ancestors((await page(url)).headers['content-security-policy']), url).toBe("'self'");
    }
    await reseller.api.updateRedeemEmbed({ allowed_origins: [] });
    expect(ancestors((await page('/redeem?reseller=demo-reseller')).headers['content-security-policy'])).toBe('*');
  });

  it('shows a frame of a site off the list a readable message and tells it why, with no form; our own origin and listed sites get the page', async () => {
    await reseller.api.updateRedeemEmbed({ allowed_origins: ['https://shop.example.com', 'https://*.example.org'] });
    const framed = (url: string, referer?: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'sec-fetch-dest': 'iframe', ...(referer ? { referer } : {}) } });
    const cases = [
      ['/redeem?reseller=demo-reseller', 'https://evil.example.net/page', 'origin_not_allowed'],
      ['/redeem?reseller=demo-reseller&origin=https%3A%2F%2Fevil.example.net', undefined, 'origin_not_allowed'],
      ['/redeem', 'https://shop.example.com/', 'reseller_required'],
      ['/redeem?reseller=does-not-exist', 'https://shop.example.com/', 'reseller_required'],
      ['/redeem?reseller=demo-reseller', 'https://example.org/', 'origin_not_allowed'],
    ] as const;
    for (const [url, referer, reason] of cases) {
      const res = await framed(url, referer);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('This redeem form cannot be shown on this website.');
      expect(res.body, url).toContain(`data-reason="${reason}"`);
      expect(res.body, url).toContain('Open the redeem page');
      expect(res.body, url).not.toContain('<form');
      expect(ancestors(res.headers['content-security-policy']), url).toBe('*');
      expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'sha256-[^']+'/);
    }
    // Over plain HTTP browsers send no Sec-Fetch-Dest: the loader's ?origin= marks its frame.
    const loaderFrame = await t.app.inject({ method: 'GET', url: '/redeem?reseller=demo-reseller&coupon=AB&origin=https%3A%2F%2Fevil.example.net' });
    expect(loaderFrame.body).toContain('data-reason="origin_not_allowed"');
    expect(loaderFrame.body).toContain('href="/redeem?reseller=demo-reseller&#38;coupon=AB"');
    const topLevel = await t.app.inject({ method: 'GET', url: '/redeem?reseller=demo-reseller', headers: { referer: 'https://evil.example.net/' } });
    expect(topLevel.body).not.toContain('cannot be shown');
    for (const [url, referer] of [
      ['/redeem?reseller=demo-reseller', 'https://shop.example.com/cart'],
      ['/redeem?reseller=demo-reseller', 'https://www.example.org/'],
      ['/redeem', 'http://panel.test/demo-reseller/dashboard/integration/form'],
      ['/redeem?reseller=northwind', 'https://anyone.example.net/'],
      // A frame whose site the browser does not tell gets the page: its policy blocks the frame.
      ['/redeem?reseller=demo-reseller', undefined],
    ] as const) {
      const res = await framed(url, referer);
      expect(res.body, `${url} ${referer}`).not.toContain('cannot be shown');
    }
    await reseller.api.updateRedeemEmbed({ allowed_origins: [] });
  });

  it('serves its assets for a year and the loader for five minutes, compressed', async () => {
    const asset = await page('/redeem/assets/page-abc.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(widget.files['assets/page-abc.js']);
    const loader = await page('/redeem.js', 'gzip');
    expect(loader.statusCode).toBe(200);
    expect(loader.headers['content-type']).toMatch(/javascript/);
    expect(loader.headers['content-encoding']).toBe('gzip');
    expect(loader.headers['cache-control']).toBe('public, max-age=300');
    expect(gunzipSync(loader.rawPayload).toString()).toBe(widget.files['loader/redeem.js']);
    // The page itself is reachable only through its routes, with its policy.
    expect((await page('/redeem/index.html')).statusCode).toBe(404);
    expect((await page('/redeem/assets/../index.html')).statusCode).toBe(404);
  });
});

describe('embed settings (002 §2 Redeem embed code, ours)', () => {
  it('answers the defaults and the URLs of the snippets; 903 points to its own page', async () => {
    const mine = await t.get('/api/v1/resellers/redeem/embed', reseller.token);
    expect(mine.json.header).toMatchObject({ code: 90011, status: 'success' });
    expect(mine.json.body).toEqual({
      allowed_origins: [],
      accent: null,
      theme: 'light',
      // No language named in the snippets: the page speaks the visitor's browser language.
      language: 'auto',
      page_url: 'http://panel.test/redeem?reseller=demo-reseller',
      script_url: 'http://panel.test/redeem.js',
      partner: false,
    });
    expect(await partner.api.getRedeemEmbed()).toMatchObject({ page_url: 'http://panel.test/redeem/brainrocket', partner: true });
    expect((await t.get('/api/v1/resellers/redeem/embed')).status).toBe(401);
  });

  it('saves origins and theme, and refuses what frame-ancestors could not take', async () => {
    const saved = await t.post('/api/v1/resellers/redeem/embed', { allowed_origins: ['HTTPS://Shop.Example.com/'], accent: '#0A7', theme: 'auto', language: 'fr' }, reseller.token);
    expect(saved.json.header).toEqual({ code: 90012, status: 'success', message: 'Your redeem page settings are saved.' });
    expect(saved.json.body).toMatchObject({ allowed_origins: ['https://shop.example.com'], accent: '#0a7', theme: 'auto', language: 'fr' });
    expect(await reseller.api.getRedeemEmbed()).toMatchObject({ allowed_origins: ['https://shop.example.com'], theme: 'auto' });

    const injected = await t.post('/api/v1/resellers/redeem/embed', { allowed_origins: ["https://a.example; script-src 'unsafe-inline'"] }, reseller.token);
    expect(injected.status).toBe(422);
    expect(injected.json.header.message).toBe('Enter an origin such as https://www.example.com: scheme, host and port only.');
    expect((injected.json.body as { errors: Record<string, string[]> }).errors).toHaveProperty(['allowed_origins.0']);
    const theme = await t.post('/api/v1/resellers/redeem/embed', { allowed_origins: [], theme: 'neon' }, reseller.token);
    expect(theme.status).toBe(422);
    const csrf = await t.app.inject({ method: 'POST', url: '/api/v1/resellers/redeem/embed', headers: { authorization: `Bearer ${reseller.token}` }, payload: { allowed_origins: [] } });
    expect(csrf.statusCode).toBe(419);
    expect(await reseller.api.getRedeemEmbed()).toMatchObject({ allowed_origins: ['https://shop.example.com'], language: 'fr' });
  });

  it("keeps English apart from the visitor's language, and refuses a language it does not speak", async () => {
    const english = await t.post('/api/v1/resellers/redeem/embed', { allowed_origins: [], language: 'en' }, reseller.token);
    expect(english.json.body).toMatchObject({ language: 'en' });
    const left = await t.post('/api/v1/resellers/redeem/embed', { allowed_origins: [] }, reseller.token);
    expect(left.json.body).toMatchObject({ language: 'auto' });
    const klingon = await t.post('/api/v1/resellers/redeem/embed', { allowed_origins: [], language: 'tlh' }, reseller.token);
    expect(klingon.status).toBe(422);
    expect(klingon.json.header.message).toBe('The language field must be one of "auto", "en", "es", "fr", "de", "pt-BR", "ru", "ar".');
    expect((klingon.json.body as { errors: Record<string, string[]> }).errors).toHaveProperty(['language']);
    expect(await reseller.api.getRedeemEmbed()).toMatchObject({ language: 'auto' });
  });
});
