import { describe, expect, it } from 'vitest';
import { testApp } from './support/app.js';

const t = await testApp();

describe('bad input gets a 4xx envelope, never a 500', () => {
  it('answers malformed JSON with 400', async () => {
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().body.csrf_token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'csrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().header).toMatchObject({ status: 'error', message: 'The request body is not valid JSON.' });
  });

  it('answers wrong types with the validation envelope', async () => {
    const res = await t.post('/api/login', { email: 42, password: ['x'], token: '' });
    expect(res.status).toBe(422);
    expect(res.json.header.code).toBe('rspf-validation-1005');
    // A text field the spec words answers its own sentence for any value that is not text.
    expect(res.json.header.message).toBe('Email address is required');
    expect((res.json.body as { errors: Record<string, string[]> }).errors.password).toEqual(['Password is required']);
  });

  it('names a missing field instead of answering a type error', async () => {
    const res = await t.post('/api/register', {
      email: 'missing.name@example.com',
      password: 'Str0ng!Passw0rd',
      password_confirmation: 'Str0ng!Passw0rd',
    });
    expect(res.status).toBe(422);
    // A missing field answers its own sentence where the spec has one (000 §5).
    expect(res.json.header).toMatchObject({ code: 'rspf-validation-1005', message: 'Full Name is required' });
    const notAnObject = await t.post('/api/login', ['reseller@example.com']);
    expect(notAnObject.status).toBe(422);
    expect(notAnObject.json.header.message).toBe('The request body must be a JSON object.');
  });

  it('refuses numbers, dates and characters the database cannot hold, before they reach it', async () => {
    const admin = await t.signIn('admin@demo.partner-panel.test', 'DemoPass2026!');
    const cases: [string, unknown, string][] = [
      ['/api/v1/coupons?page_limit=100000&page=9007199254740991', {}, 'page'],
      ['/api/v1/resellers/vpn?page_limit=100&page=1000001', {}, 'page'],
      ['/api/v1/resellers/get/user/listcoupons?page_limit=10&page=1', { id: 3_000_000_000 }, 'id'],
      ['/api/v1/resellers/delete/coupon', { couponID: 1, id: 3_000_000_000 }, 'id'],
      ['/api/v1/resellers/delete/coupon', { couponID: 3_000_000_000, id: 1002 }, 'couponID'],
      ['/api/v1/resellers/coupon/send', { coupon_id: 1, reseller_id: 3_000_000_000, email: 'a@example.com' }, 'reseller_id'],
      ['/api/v1/coupons', { code: '', dateStart: '0000-01-01', dateEnd: '', billingType: '' }, 'dateStart'],
      ['/api/v1/coupons', { code: '', dateStart: '', dateEnd: '9999-12-31', billingType: '' }, 'dateEnd'],
      ['/api/v1/resellers/vpn/search', { search: 'email', value: 'a\u0000b' }, 'value'],
      ['/api/v1/resellers/vpn?page=1&page_limit=5', { search: '\u0000' }, 'search'],
      ['/api/v1/resellers/coupon/send', { coupon_id: 1, email: 'a@example.com', full_name: 'Ann\u0000' }, 'full_name'],
    ];
    for (const [url, body, field] of cases) {
      const res = await t.post(url, body, admin.token);
      expect(res.status, url).toBe(422);
      expect(res.json.header.code, url).toBe('rspf-validation-1005');
      expect(Object.keys((res.json.body as { errors: Record<string, string[]> }).errors), url).toEqual([field]);
    }
    const nul = await t.post('/api/v1/resellers/vpn/search', { search: 'email', value: 'a\u0000b' }, admin.token);
    expect(nul.json.header.message).toBe('The value field may not contain a NUL character.');
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json.header).toMatchObject({ code: 'rspf-404', status: 'error' });
  });

  it('answers public settings with the captcha provider off by default', async () => {
    const res = await t.get('/api/settings');
    expect(res.json.body).toMatchObject({ captcha: { provider: 'off', site_key: null }, production: false });
  });
});

describe('the dev inbox', () => {
  it('lists mails as JSON and as a readable page with clickable links', async () => {
    await t.client().forgotPassword({ email: 'reseller@demo.partner-panel.test' });
    const json = await t.mails('reseller@demo.partner-panel.test');
    expect(json[0]?.links[0]).toMatch(/^http:\/\/panel\.test\/reset-password\//);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<a href="${json[0]?.links[0]}">`);
  });

  it('does not exist in production or with SMTP', async () => {
    const prod = await testApp({ env: { NODE_ENV: 'production', MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' } });
    expect((await prod.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    const smtp = await testApp({ env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' } });
    expect((await smtp.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
  });
});

describe('every answer carries a request id to quote to support', () => {
  const id = /^req_[A-Za-z0-9_-]{16}$/;

  it('sets Request-Id on successes, refusals and pages, and repeats it in a refusal envelope', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(ok.headers['request-id']).toMatch(id);
    // A success's header stays exactly the spec's three fields.
    expect(Object.keys(ok.json().header)).toEqual(['code', 'status', 'message']);

    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(missing.headers['request-id']).toMatch(id);
    expect(missing.json().header.request_id).toBe(missing.headers['request-id']);

    const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().body.csrf_token;
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'csrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` },
      payload: { email: 42 },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().header.request_id).toBe(invalid.headers['request-id']);

    const badUrl = await t.app.inject({ method: 'GET', url: '/api/v1/%zz' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().header.request_id).toBe(badUrl.headers['request-id']);
    expect(badUrl.headers['request-id']).toMatch(id);
  });

  it('makes a new id for each request and never takes the caller’s', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { 'request-id': 'req_forgedforgedforged1' } });
    const b = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-request-id': 'forged' } });
    expect(a.headers['request-id']).not.toBe('req_forgedforgedforged1');
    expect(b.headers['request-id']).toMatch(id);
    expect(a.headers['request-id']).not.toBe(b.headers['request-id']);
  });
});
