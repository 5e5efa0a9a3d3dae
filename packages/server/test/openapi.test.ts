/**
 * The published contract: the server serves its OpenAPI document at /api/openapi.json, and a client
 * nobody here wrote — types from openapi-typescript, calls by openapi-fetch — generated from that
 * served document compiles under `tsc --strict`, signs in (CSRF cookie and header) and runs the v2
 * flow over real HTTP.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { contract } from '@partner-panel/sdk';
import { testApp } from './support/app.js';

const t = await testApp({ env: { RATE_LIMIT_CLIENT_PER_MINUTE: '1000', RATE_LIMIT_CLIENT_TOKENS_PER_IP: '1000' } });
const address = await t.app.listen({ host: '127.0.0.1', port: 0 });

// Inside the package, so the generated program resolves openapi-fetch as an integrator's would.
const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, '..', '.generated-client', String(process.pid));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The flow as a client developer writes it against the generated types. */
const FLOW = `
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

export async function run(baseUrl: string, email: string, password: string) {
  const api = createClient<paths>({ baseUrl });

  // Sign-in needs the CSRF pair: the token in the header and the same value as the cookie.
  const csrf = await api.GET('/api/csrf');
  if (!csrf.data) throw new Error('no CSRF token');
  const token = csrf.data.body.csrf_token;
  const pair = { params: { header: { 'CSRF-Token': token } }, headers: { cookie: \`XSRF-TOKEN=\${token}\` } };
  const login = await api.POST('/api/login', { ...pair, body: { email, password } });
  if (!login.data) throw new Error(\`sign-in refused: \${JSON.stringify(login.error)}\`);
  const session = { Authorization: \`Bearer \${login.data.body.access_token}\` };

  const key = await api.POST('/api/v2/client/generate-secret-key', { ...pair, headers: { ...pair.headers, ...session }, body: { mode: 'sandbox' } });
  if (!key.data) throw new Error(\`no key: \${JSON.stringify(key.error)}\`);

  const tokens = await api.POST('/api/v2/client/generate', { body: { secretKey: key.data.body.SecretKey } });
  if (!tokens.data) throw new Error('no tokens');
  const v2 = { Authorization: \`Bearer \${tokens.data.body.AccessToken}\` };

  const created = await api.POST('/api/v2/client/users/create', {
    headers: v2,
    body: { username: 'generated.client', password: 'Str0ng!Password', email: 'generated.client@example.com', billing_cycle: 'annually' },
  });
  if (!created.data) throw new Error(\`not created: \${JSON.stringify(created.error)}\`);
  const userId = created.data.body.userId;

  const found = await api.GET('/api/v2/client/users/search', { headers: v2, params: { query: { query: 'generated.client' } } });
  const suspended = await api.POST('/api/v2/client/users/update/status', { headers: v2, body: { userId, status: 'suspended' } });
  const misspelled = await api.POST('/api/v2/client/users/update/status', {
    headers: v2,
    // A typo a type checker would catch, sent anyway: the server refuses it.
    body: { userId, status: 'active', stauts: 'active' } as never,
  });
  const deleted = await api.DELETE('/api/v2/client/users/delete', { headers: v2, body: { userId } });
  const balance = await api.GET('/api/v2/client/balance', { headers: v2 });
  return {
    signedIn: login.data.body.email,
    created: created.response.status,
    requestId: created.response.headers.get('request-id'),
    found: found.data?.body.map((u) => u.username),
    suspended: suspended.data?.body.status,
    misspelled: { status: misspelled.response.status, message: misspelled.error?.header.message, requestId: misspelled.error?.header.request_id },
    deleted: deleted.response.status,
    balance: balance.data?.body,
  };
}
`;

/**
 * Words that speak of how the product was built, not of how to use it: the spec's sections and the
 * choices it left to us, and the repository's own paths. Every description and summary a reader of
 * the published document sees is free of them.
 */
const INTERNAL = [/Spec:/i, /§/, /\bours\b/i, /path ours/i, /clone of the Partner Panel/i, /\b00[0-9] (sandbox|§)/, /packages\/sdk\/src/, /PUBLIC_URL/];

/** Every `description`, `summary` and `title` in the document, with where it is. */
function texts(node: unknown, at = ''): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((item, i) => texts(item, `${at}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]): [string, string][] =>
    ['description', 'summary', 'title'].includes(key) && typeof value === 'string' ? [[`${at}/${key}`, value], ...texts(value, `${at}/${key}`)] : texts(value, `${at}/${key}`),
  );
}

describe('GET /api/openapi.json', () => {
  it('holds no internal note: no description or summary of the published or the served document cites the spec or how it was built', async () => {
    const published = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8')) as unknown;
    const served = (await (await fetch(`${address}/api/openapi.json`)).json()) as unknown;
    for (const doc of [published, served]) {
      const all = texts(doc);
      expect(all.length).toBeGreaterThan(Object.keys(contract).length);
      expect(all.filter(([, text]) => INTERNAL.some((marker) => marker.test(text))).map(([at, text]) => `${at}: ${text}`)).toEqual([]);
    }
    // The check finds what it is for: the contract's own note of where the spec describes a call,
    // as the document carried it, however deep in a schema.
    const note = `Spec: ${contract.clientCreateUser.spec}.`;
    expect(texts({ paths: { '/x': { get: { responses: { 200: { content: { schema: { properties: { a: { description: note } } } } } } } } } })).toEqual([
      ['/paths//x/get/responses/200/content/schema/properties/a/description', note],
    ]);
    expect(INTERNAL.some((marker) => marker.test(note))).toBe(true);
    // Each operation says who may call it and the success code, for an integrator.
    const create = (published as { paths: Record<string, Record<string, { description: string; tags: string[] }>> }).paths['/api/v2/client/users/create']?.post;
    expect(create?.description).toBe('A v2 client access token (POST /api/v2/client/generate, from a live or sandbox secret key). On success header.code is 201.');
    expect(create?.tags).toEqual(['Client API (v2)']);
  });

  it('serves the document of every call, naming this server, its security and its refusals', async () => {
    const res = await fetch(`${address}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    const doc = (await res.json()) as {
      servers: { url: string }[];
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.servers).toEqual([{ url: 'http://panel.test', description: 'This server' }]);
    expect(Object.values(doc.paths).flatMap((p) => Object.keys(p))).toHaveLength(Object.keys(contract).length);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['clientToken', 'csrfCookie', 'csrfHeader', 'session']);
    const create = doc.paths['/api/v2/client/users/create']?.post;
    expect(Object.keys(create?.responses ?? {})).toEqual(['201', '400', '401', '402', '403', '404', '409', '413', '415', '422', '429', 'default']);
    expect(doc.paths['/api/login']?.post?.security).toEqual([{ csrfHeader: [], csrfCookie: [] }]);
  });

  it('is sent compressed as the caller accepts (brotli, then gzip), decoding to the same document, with an ETag', async () => {
    const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/openapi.json', headers });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const doc = plain.json() as Record<string, unknown>;
    expect(Object.keys(doc)).toContain('paths');
    const cases: [string, string, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
    ];
    for (const [accept, encoding, decode] of cases) {
      const res = await get({ 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 5);
      expect(JSON.parse(decode(res.rawPayload).toString('utf8')), accept).toEqual(doc);
      const etag = res.headers.etag as string;
      expect(etag, accept).not.toBe(plain.headers.etag);
      const again = await get({ 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.statusCode, accept).toBe(304);
      expect(again.rawPayload.length, accept).toBe(0);
    }
  });

  it('generates a client with openapi-typescript that passes tsc --strict, signs in and runs the v2 flow', async () => {
    const document = await (await fetch(`${address}/api/openapi.json`)).text();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(document)));
    writeFileSync(join(dir, 'flow.ts'), FLOW);
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(
      process.execPath,
      [tsc, '--strict', '--noEmit', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--lib', 'es2023,dom', join(dir, 'flow.ts')],
      { stdio: 'pipe' },
    );

    const reseller = 'reseller@demo.partner-panel.test';
    const { run } = (await import(join(dir, 'flow.ts'))) as { run: (base: string, email: string, password: string) => Promise<Record<string, unknown>> };
    const out = await run(address, reseller, 'DemoPass2026!');
    expect(out).toMatchObject({
      signedIn: reseller,
      created: 201,
      found: ['generated.client'],
      suspended: 'suspended',
      misspelled: { status: 400, message: "Unknown field 'stauts'. Did you mean 'status'?" },
      deleted: 200,
      balance: { mode: 'sandbox' },
    });
    expect(out.requestId).toMatch(/^req_/);
    expect((out.misspelled as { requestId: string }).requestId).toMatch(/^req_/);
  }, 60_000);
});
