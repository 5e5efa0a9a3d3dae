import { describe, expect, it } from 'vitest';
import { ApiError, createClient } from '@partner-panel/sdk';
import { injectFetch, specEnvelope, testApp } from './support/app.js';

const t = await testApp();
const login = { email: 'reseller@demo.partner-panel.test', password: 'DemoPass2026!', token: '' };

describe('CSRF (000 §7)', () => {
  it('GET /api/csrf sets the XSRF-TOKEN cookie, readable by the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/csrf' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    expect(res.json().body.csrf_token).toBe(cookie?.value);
  });

  it('refuses a POST without the header: CSRF token not found', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: login });
    expect(res.statusCode).toBe(419);
    expect(specEnvelope(res).header).toEqual({ code: 'rspf-csrf-1001', status: 'error', message: 'CSRF token not found. Please refresh the page and try again.' });
  });

  it('refuses a header that does not match the cookie', async () => {
    const a = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().body.csrf_token;
    const b = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().body.csrf_token;
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'csrf-token': a, cookie: `XSRF-TOKEN=${b}` }, payload: login });
    expect(res.json().header).toMatchObject({ code: 'rspf-csrf-1002', message: 'CSRF token mismatch. Please refresh the page and try again.' });
  });

  it('refuses a pair this server did not sign', async () => {
    const forged = 'abc.def';
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'csrf-token': forged, cookie: `XSRF-TOKEN=${forged}` }, payload: login });
    expect(res.json().header.code).toBe('rspf-csrf-1002');
  });

  it('is checked before the session: a POST with a bearer but no header is refused', async () => {
    const { token } = await t.signIn(login.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/resellers/update', headers: { authorization: `Bearer ${token}` }, payload: { update: 'name', value: 'X' } });
    expect(res.json().header.code).toBe('rspf-csrf-1001');
  });

  it('is not needed on GET calls', async () => {
    const { token } = await t.signIn(login.email);
    expect((await t.get('/api/v1/dashboard', token)).json.header.status).toBe('success');
  });
});

describe('the SDK client', () => {
  it('fetches /api/csrf when the cookie is missing and retries once after 1 s when that fails', async () => {
    const fetch = injectFetch(t.app);
    let csrfCalls = 0;
    const started = Date.now();
    const flaky: typeof globalThis.fetch = async (input, init) => {
      if (String(input).endsWith('/api/csrf') && ++csrfCalls === 1) throw new TypeError('network down');
      return fetch(input, init);
    };
    const warnings: string[] = [];
    const client = createClient({ fetch: flaky, log: (m) => warnings.push(m) });
    const user = await client.login({ email: login.email, password: login.password });
    expect(user.access_token).toBeTruthy();
    expect(csrfCalls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(warnings).toHaveLength(1);
  });

  it('fetches one CSRF token for many concurrent calls', async () => {
    const fetch = injectFetch(t.app);
    let csrfCalls = 0;
    const counting: typeof globalThis.fetch = async (input, init) => {
      if (String(input).endsWith('/api/csrf')) csrfCalls++;
      return fetch(input, init);
    };
    const client = createClient({ fetch: counting, log: () => undefined });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => client.resendVerification({ email: 'nobody@example.com' })));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(csrfCalls).toBe(1);
  });

  it('throws a typed ApiError with the HTTP status and the header', async () => {
    const client = t.client();
    const failed = client.login({ email: login.email, password: 'Wrong!Password1' });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({
      name: 'AuthenticationError',
      httpStatus: 401,
      code: 'rspf-login-1011',
      status: 'error',
      message: 'Unable to Login',
    });
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    const client = createClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      log: () => undefined,
    });
    await expect(client.publicSettings()).rejects.toMatchObject({ httpStatus: 0, code: 'rspf-network' });
  });

  it('unwraps the envelope, and send() keeps it for the header message', async () => {
    const { token } = await t.signIn(login.email);
    const client = t.client(token);
    const profile = await client.profile();
    expect(profile.email).toBe(login.email);
    const env = await client.send('updateProfile', { update: 'name', value: 'Renamed Reseller' });
    expect(env.header).toMatchObject({ code: 20081, message: 'Profile updated successfully' });
    expect(env.body.name).toBe('Renamed Reseller');
  });
});
