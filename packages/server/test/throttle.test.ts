import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { testApp } from './support/app.js';

const email = 'reseller@demo.partner-panel.test';

describe('rate limits (per account and per IP)', () => {
  it('throttles the eleventh wrong password in a row, even with the right one', async () => {
    const t = await testApp();
    for (let i = 1; i <= 10; i++) {
      const res = await t.post('/api/login', { email, password: `Wrong!Password${i}`, token: '' });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const eleventh = await t.post('/api/login', { email, password: 'DemoPass2026!', token: '' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.json.header.code).toBe('rspf-throttle-1007');
    expect(eleventh.json.header.message).toBe('Too many attempts. Please try again in 15 minutes.');
    // Another account is not affected.
    const other = await t.post('/api/login', { email: 'admin@demo.partner-panel.test', password: 'DemoPass2026!', token: '' });
    expect(other.status).toBe(200);
  });

  it('lets at most ten of forty parallel guesses be checked', async () => {
    const t = await testApp({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.post('/api/login', { email, password: `Wrong!Password${i}`, token: '' })),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30);
  });

  it('forgets failures after a successful sign-in ("in a row")', async () => {
    const t = await testApp();
    for (let i = 0; i < 9; i++) await t.post('/api/login', { email, password: 'Wrong!Password1', token: '' });
    expect((await t.post('/api/login', { email, password: 'DemoPass2026!', token: '' })).status).toBe(200);
    for (let i = 0; i < 9; i++) await t.post('/api/login', { email, password: 'Wrong!Password1', token: '' });
    expect((await t.post('/api/login', { email, password: 'DemoPass2026!', token: '' })).status).toBe(200);
  });

  it('limits login, register and forgot per IP', async () => {
    const t = await testApp({ env: { RATE_LIMIT_LOGIN_PER_IP: '3', RATE_LIMIT_SIGNUP_PER_IP: '2', RATE_LIMIT_FORGOT_PER_IP: '2' } });
    const statuses = async (url: string, body: (i: number) => object, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await t.post(url, body(i))).status);
      return out;
    };
    expect(await statuses('/api/login', (i) => ({ email: `x${i}@example.com`, password: 'Wrong!Password1', token: '' }), 4)).toEqual([401, 401, 401, 429]);
    expect(await statuses('/api/register', (i) => ({ email: `r${i}@example.com`, name: 'R', password: 'Str0ng!Password', password_confirmation: 'Str0ng!Password', token: '' }), 3)).toEqual([200, 200, 429]);
    expect(await statuses('/api/password/forgot', (i) => ({ email: `f${i}@example.com`, token: '' }), 3)).toEqual([200, 200, 429]);
    const limited = await t.post('/api/login', { email, password: 'DemoPass2026!', token: '' });
    expect(limited.json.header.code).toBe('rspf-throttle-1007');
  });

  it('behind TRUST_PROXY=1, counts the address the proxy saw, not one the client wrote', async () => {
    const t = await testApp({ env: { RATE_LIMIT_LOGIN_PER_IP: '3', TRUST_PROXY: '1' } });
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().body.csrf_token as string;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'csrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}`, 'x-forwarded-for': `10.9.9.${i}, 203.0.113.7` },
        payload: { email: `p${i}@example.com`, password: 'Wrong!Password1', token: '' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/give the number of proxy hops/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('limits reset mails per address', async () => {
    const t = await testApp({ env: { RATE_LIMIT_FORGOT_PER_ACCOUNT: '2' } });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await t.post('/api/password/forgot', { email, token: '' })).status);
    expect(codes).toEqual([200, 200, 429]);
    expect((await t.mails(email)).filter((m) => m.kind === 'reset_password')).toHaveLength(2);
  });

  it('shares the counters between two server processes on one database', async () => {
    const { buildApp } = await import('../src/app.js');
    const { loadConfig } = await import('../src/config.js');
    const t = await testApp();
    const second = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }), { database: t.database, logger: false });
    const csrf = async (app: typeof second) => {
      const token = (await app.inject({ method: 'GET', url: '/api/csrf' })).json().body.csrf_token as string;
      return { 'csrf-token': token, cookie: `XSRF-TOKEN=${token}` };
    };
    for (let i = 0; i < 10; i++) {
      const app = i % 2 ? t.app : second;
      await app.inject({ method: 'POST', url: '/api/login', headers: await csrf(app), payload: { email, password: 'Wrong!Password1', token: '' } });
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: await csrf(t.app), payload: { email, password: 'DemoPass2026!', token: '' } });
    expect(res.statusCode).toBe(429);
    await second.close();
  });
});

describe('Retry-After', () => {
  it('comes with every 429, the same number of seconds as body.retry_after: per IP, per account and per endpoint', async () => {
    const t = await testApp({ env: { RATE_LIMIT_LOGIN_PER_IP: '2', RATE_LIMIT_FORGOT_PER_ACCOUNT: '1', RATE_LIMIT_TEST_GATEWAY_PER_IP: '1' } });
    const send = async (url: string, payload: object) => {
      const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().body.csrf_token as string;
      return t.app.inject({ method: 'POST', url, headers: { 'csrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` }, payload });
    };
    const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 1, cvc: '123', name: 'Ann' };
    const limits: [string, object, number][] = [
      ['/api/login', { email: 'nobody@example.com', password: 'Wrong!Password1', token: '' }, 3],
      ['/api/password/forgot', { email, token: '' }, 2],
      ['/api/test-gateway/tokens', card, 2],
    ];
    for (const [url, payload, times] of limits) {
      let res = await send(url, payload);
      for (let i = 1; i < times; i++) res = await send(url, payload);
      expect(res.statusCode, url).toBe(429);
      const seconds = (res.json() as { body: { retry_after: number } }).body.retry_after;
      expect(seconds, url).toBeGreaterThan(0);
      expect(res.headers['retry-after'], url).toBe(String(seconds));
    }
  });
});

describe('the limits the settings table names (README)', () => {
  it('limits the test gateway per address and coupon mails per reseller and hour, each by its setting', async () => {
    const t = await testApp({ env: { RATE_LIMIT_TEST_GATEWAY_PER_IP: '2', RATE_LIMIT_COUPON_MAILS_PER_HOUR: '2' } });
    const me = await t.signIn(email);
    const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 1, cvc: '123', name: 'Ann' };
    for (let i = 0; i < 2; i++) expect((await t.post('/api/test-gateway/tokens', card)).status).toBe(200);
    const refused = await t.post('/api/test-gateway/tokens', card);
    expect(refused.status).toBe(429);
    expect(refused.json.header.code).toBe('rspf-throttle-1007');

    const { codes } = await me.api.generateCoupons({ quantity: 1, billing_cycle: 'monthly', product_id: 101, addon_type: '', billing_type: 1, prefix: 'MAIL' });
    const [row] = (await me.api.listCoupons({ code: codes[0] as string })).data;
    const send = () => t.post('/api/v1/resellers/coupon/send', { coupon_id: row?.Coupon_ID, email: 'fan@example.com' }, me.token);
    for (let i = 0; i < 2; i++) expect((await send()).json.header.status).toBe('success');
    const third = await send();
    expect(third.status).toBe(429);
    expect(third.json.header.message).toBe('Too many attempts. Please try again in 60 minutes.');
    expect(loadConfig({ NODE_ENV: 'test' }).payments.testGateway.requestsPerIp).toBe(60);
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimits.couponMailsPerHour).toBe(200);
  });
});
