/**
 * Input that cannot hurt: deep nesting, text PostgreSQL cannot store, numbers that are not numbers,
 * and Fastify's and the HTTP parser's own refusals, each answered with a 4xx envelope and a sentence.
 */
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from './support/app.js';
import { balanceCents, fundedReseller, query } from './support/sql.js';

const t = await testApp();
const csrf = async () => {
  const token = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().body.csrf_token as string;
  return { 'csrf-token': token, cookie: `XSRF-TOKEN=${token}` };
};

describe('bodies that would hurt the server', () => {
  it('refuses a body of 100 000 nested arrays with a 400 envelope, on sign-in as on any call', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const { token } = await t.signIn('reseller@demo.partner-panel.test');
    for (const url of ['/api/login', '/api/v1/coupons/create']) {
      const headers = { ...(await csrf()), 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const res = await t.app.inject({ method: 'POST', url, headers, payload: deep });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().header, url).toMatchObject({ status: 'error', message: 'The request body is nested too deeply: at most 32 levels of lists and objects.' });
    }
    const deepField = `{"email":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)},"password":"x"}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { ...(await csrf()), 'content-type': 'application/json' }, payload: deepField });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a lone surrogate in the profile name with 422 and writes nothing', async () => {
    const who = await fundedReseller(t, 'surrogate@example.com', 0);
    const res = await t.post('/api/v1/resellers/update', { update: 'name', value: 'ab\ud800c' }, who.token);
    expect(res.status).toBe(422);
    expect(res.json.header).toMatchObject({ code: 'rspf-validation-1005', message: 'The value field is not valid Unicode text: it holds an unpaired surrogate (such as \\ud800).' });
    expect((res.json.body as { errors: Record<string, string[]> }).errors).toHaveProperty('value');
    expect((await who.api.profile()).name).toBe('surrogate');
    const unpairedKey = await t.post('/api/login', { email: 'a@example.com', password: 'x', ['k\udc00']: 1 });
    expect(unpairedKey.status).toBe(422);
    // A well-formed pair (an emoji) is text like any other.
    expect((await t.post('/api/v1/resellers/update', { update: 'name', value: 'Ann 🚀' }, who.token)).status).toBe(200);
  });

  it('charges nothing for a boolean quantity or a product id in a list', async () => {
    const buyer = await fundedReseller(t, 'strict-numbers@example.com', 100_000);
    const coupons = async () => Number((await query<{ n: number }>(t, sql`select count(*)::int as n from coupons where reseller_id = ${buyer.id}`))[0]?.n);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ quantity: true, product_id: [101], billing_type: [1] }, 'quantity', 'Quantity must be between 1 and 60'],
      [{ quantity: 1, product_id: [101], billing_type: 1 }, 'product_id', 'The product_id field must be a whole number.'],
      [{ quantity: 1, product_id: 101, billing_type: [1] }, 'billing_type', 'Please select a product type'],
      [{ quantity: 1.5, product_id: 101, billing_type: 1 }, 'quantity', 'Quantity must be between 1 and 60'],
      [{ quantity: '1e1', product_id: 101, billing_type: 1 }, 'quantity', 'Quantity must be between 1 and 60'],
      [{ quantity: '', product_id: 101, billing_type: 1 }, 'quantity', 'Quantity must be between 1 and 60'],
      [{ quantity: 1, product_id: true, billing_type: 1 }, 'product_id', 'The product_id field must be a whole number.'],
      [{ quantity: 1, product_id: 101, billing_type: 1, addon_type: [1] }, 'addon_type', 'The addon_type field must be a whole number or "" or null.'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await t.post('/api/v1/coupons/create', { billing_cycle: 'monthly', ...fields }, buyer.token);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.json.header.message, JSON.stringify(fields)).toBe(message);
      expect(Object.keys((res.json.body as { errors: Record<string, string[]> }).errors)).toContain(field);
    }
    expect(await balanceCents(t, buyer.id)).toBe(100_000);
    expect(await coupons()).toBe(0);
    // The forms' way of sending numbers still works: digits as text.
    const ok = await t.post('/api/v1/coupons/create', { quantity: '2', product_id: '101', billing_type: '1', billing_cycle: 'monthly' }, buyer.token);
    expect(ok.status).toBe(200);
    expect(await coupons()).toBe(2);
  });

  it('names the field and the rule where the schema has no message of its own', async () => {
    const admin = await t.signIn('admin@demo.partner-panel.test');
    const cases: [string, unknown, string][] = [
      ['/api/v1/resellers/vpn/delete', { username: 'vpnx', status: 'remove' }, 'The status field must be "delete".'],
      ['/api/v1/resellers/vpn/update/status', { username: 'vpnx', status: 'on' }, 'The status field must be one of "enable", "disable".'],
      ['/api/v1/resellers/notifications/markread', { uid: 'not-a-uuid' }, 'The uid field must be a valid UUID.'],
      ['/api/v1/coupons?page=0', {}, 'The page field must be at least 1.'],
      ['/api/v1/coupons?page=x', {}, 'The page field must be a whole number.'],
      ['/api/v1/coupons', { code: 'x'.repeat(65) }, 'The code field may not be longer than 64 characters.'],
      ['/broadcasting/auth', { socket_id: 'abc', channel_name: 'private-reseller.1' }, 'The socket_id field is not in the accepted format.'],
      ['/api/logout', { extra: 1 }, "Unknown field 'extra'."],
    ];
    for (const [url, body, message] of cases) {
      const res = await t.post(url, body, admin.token);
      expect(res.status, url).toBe(422);
      expect(res.json.header.message, url).toBe(message);
    }
  });
});

describe("Fastify's and the HTTP parser's refusals come in the envelope", () => {
  it('413 for a body over 1 MB, 415 for a type we do not read, 400 for an empty JSON body', async () => {
    const headers = { ...(await csrf()), 'content-type': 'application/json' };
    const big = await t.app.inject({ method: 'POST', url: '/api/login', headers, payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json().header).toMatchObject({ status: 'error', message: 'The request body is too large: at most 1 MB.' });
    const plain = await t.app.inject({ method: 'POST', url: '/api/login', headers: { ...headers, 'content-type': 'application/xml' }, payload: '<login/>' });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().header.message).toBe('The request body must be sent as application/json.');
    const empty = await t.app.inject({ method: 'POST', url: '/api/login', headers, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().header.message).toMatch(/^The request body is empty/);
    const proto = await t.app.inject({ method: 'POST', url: '/api/login', headers, payload: '{"__proto__":{"admin":true}}' });
    expect(proto.statusCode).toBe(400);
    // A key that would reach Object.prototype is refused by name (strict-input.test.ts has the rest).
    expect(proto.json().header).toMatchObject({ code: 'rspf-input-1302' });
  });

  it('400 for a URL with a broken escape, 404 for an unknown call, with a sentence', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().header).toMatchObject({ code: 'rspf-http-400', message: 'The request URL is not valid: a % must start an escape such as %20.' });
    expect(bad.headers['x-content-type-options']).toBe('nosniff');
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/v1/coupons' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().header.message).toBe('The requested resource was not found.');
  });

  it('431 for headers over 16 kB, answered by the parser before any route, in the envelope', async () => {
    const listening = await testApp();
    const address = await listening.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/settings', headers: { 'x-long': 'a'.repeat(20_000) } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body).header).toMatchObject({ code: 'rspf-http-431', status: 'error', message: 'The request headers are too large: at most 16 kB.' });
  });
});
