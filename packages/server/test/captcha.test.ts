/** Each captcha provider against a local siteverify peer, and the check on the public calls. */
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createCaptcha } from '../src/adapters/captcha/index.js';
import { testApp } from './support/app.js';

/** A siteverify endpoint: tokens look like "ok:<action>:<score>[:<seconds since solved>]" or "bad". */
async function siteverify() {
  const seen: Record<string, string>[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = Object.fromEntries(new URLSearchParams(body));
    seen.push(form);
    const [state, action, score, age] = (form.response ?? '').split(':');
    const solvedAt = new Date(Date.now() - Number(age ?? 0) * 1000).toISOString();
    const answer =
      form.secret !== 'server-secret' || state !== 'ok'
        ? { success: false, 'error-codes': ['invalid-input-response'] }
        : { success: true, action, score: Number(score || 0.9), hostname: 'panel.test', challenge_ts: solvedAt };
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`, seen };
}

const peer = await siteverify();
const make = (provider: 'recaptcha' | 'turnstile' | 'hcaptcha', secretKey = 'server-secret') =>
  createCaptcha({ provider, siteKey: 'site-key', secretKey, verifyUrl: peer.url, minScore: 0.5 });

describe('captcha verifiers', () => {
  it('off accepts anything', async () => {
    expect(await createCaptcha({ provider: 'off', minScore: 0.5 }).verify('', 'login')).toBe(true);
  });

  it('reCAPTCHA v3 checks success, the action name and the score', async () => {
    const c = make('recaptcha');
    expect(await c.verify('ok:login:0.9', 'login', '10.0.0.1')).toBe(true);
    expect(peer.seen.at(-1)).toMatchObject({ secret: 'server-secret', response: 'ok:login:0.9', remoteip: '10.0.0.1' });
    expect(await c.verify('ok:register:0.9', 'login')).toBe(false);
    expect(await c.verify('ok:login:0.3', 'login')).toBe(false);
    expect(await c.verify('bad', 'login')).toBe(false);
    expect(await c.verify('', 'login')).toBe(false);
  });

  it('Turnstile checks success and the action name', async () => {
    const c = make('turnstile');
    expect(await c.verify('ok:forgot', 'forgot')).toBe(true);
    expect(await c.verify('ok:login', 'forgot')).toBe(false);
  });

  it('hCaptcha checks success and sends the site key', async () => {
    const c = make('hcaptcha');
    expect(await c.verify('ok:', 'verification')).toBe(true);
    expect(peer.seen.at(-1)).toMatchObject({ sitekey: 'site-key' });
    expect(await c.verify('bad', 'verification')).toBe(false);
  });

  it('refuses a token solved on another site, except for the embeddable redeem page', async () => {
    const ours = createCaptcha({ provider: 'recaptcha', siteKey: 'site-key', secretKey: 'server-secret', verifyUrl: peer.url, minScore: 0.5, hostname: 'panel.test' });
    expect(await ours.verify('ok:login:0.9', 'login')).toBe(true);
    const elsewhere = createCaptcha({ provider: 'recaptcha', siteKey: 'site-key', secretKey: 'server-secret', verifyUrl: peer.url, minScore: 0.5, hostname: 'panel.example.com' });
    expect(await elsewhere.verify('ok:login:0.9', 'login')).toBe(false);
    expect(await elsewhere.verify('ok:redeem:0.9', 'redeem')).toBe(true);
  });

  it('asks more of a challenge: a token solved in the last two minutes, and reCAPTCHA the challenge score', async () => {
    const recaptcha = createCaptcha({ provider: 'recaptcha', siteKey: 'site-key', secretKey: 'server-secret', verifyUrl: peer.url, minScore: 0.5, challengeScore: 0.9 });
    expect(await recaptcha.verify('ok:redeem:0.7', 'redeem')).toBe(true);
    expect(await recaptcha.verify('ok:redeem:0.7', 'redeem', undefined, { challenge: true })).toBe(false);
    expect(await recaptcha.verify('ok:redeem:0.95', 'redeem', undefined, { challenge: true })).toBe(true);
    expect(await recaptcha.verify('ok:redeem:0.95:300', 'redeem', undefined, { challenge: true })).toBe(false);
    const turnstile = make('turnstile');
    expect(await turnstile.verify('ok:redeem::300', 'redeem')).toBe(true);
    expect(await turnstile.verify('ok:redeem::300', 'redeem', undefined, { challenge: true })).toBe(false);
    expect(await turnstile.verify('ok:redeem::10', 'redeem', undefined, { challenge: true })).toBe(true);
  });

  it('refuses when the secret is wrong or the provider is unreachable', async () => {
    expect(await make('recaptcha', 'wrong').verify('ok:login:0.9', 'login')).toBe(false);
    const unreachable = createCaptcha({ provider: 'turnstile', siteKey: 's', secretKey: 'server-secret', verifyUrl: 'http://127.0.0.1:1/x', minScore: 0.5 });
    expect(await unreachable.verify('ok:login', 'login')).toBe(false);
  });
});

describe('captcha on the public calls', () => {
  it('is required, with the call’s action name, once a provider is configured', async () => {
    const t = await testApp({
      env: { CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SITE_KEY: 'site-key', CAPTCHA_SECRET_KEY: 'server-secret', CAPTCHA_VERIFY_URL: peer.url },
    });
    const body = { email: 'reseller@demo.partner-panel.test', password: 'DemoPass2026!' };
    const missing = await t.post('/api/login', { ...body, token: '' });
    expect(missing.status).toBe(422);
    expect(missing.json.header).toMatchObject({ code: 'rspf-captcha-1004', message: 'Captcha verification failed. Please try again.' });
    const wrongAction = await t.post('/api/login', { ...body, token: 'ok:register:0.9' });
    expect(wrongAction.json.header.code).toBe('rspf-captcha-1004');
    const ok = await t.post('/api/login', { ...body, token: 'ok:login:0.9' });
    expect(ok.json.header.code).toBe(10001);
    const forgot = await t.post('/api/password/forgot', { email: body.email, token: 'ok:forgot:0.9' });
    expect(forgot.json.header.code).toBe(20031);
    const settings = await t.get('/api/settings');
    expect(settings.json.body).toMatchObject({ captcha: { provider: 'recaptcha', site_key: 'site-key' } });
  });
});

describe("captcha on an admin's password update of its user (002 §5)", () => {
  it('needs a bot-check token for a password, and none for another field', async () => {
    const t = await testApp({
      env: { CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SITE_KEY: 'site-key', CAPTCHA_SECRET_KEY: 'server-secret', CAPTCHA_VERIFY_URL: peer.url },
    });
    const login = await t.post('/api/login', { email: 'admin@demo.partner-panel.test', password: 'DemoPass2026!', token: 'ok:login:0.9' });
    const admin = { token: (login.json.body as { access_token: string }).access_token };
    const password = { user_reseller_id: 1002, update: 'password', value: 'Admin!Chosen2026', password_confirmation: 'Admin!Chosen2026' };
    const without = await t.post('/api/v1/resellers/update/user', { ...password, token: '' }, admin.token);
    expect(without.json.header).toMatchObject({ code: 'rspf-captcha-1004', message: 'Captcha verification failed. Please try again.' });
    const wrongAction = await t.post('/api/v1/resellers/update/user', { ...password, token: 'ok:password:0.9' }, admin.token);
    expect(wrongAction.json.header.code).toBe('rspf-captcha-1004');
    const ok = await t.post('/api/v1/resellers/update/user', { ...password, token: 'ok:update_password:0.9' }, admin.token);
    expect(ok.json.header).toMatchObject({ status: 'success', message: 'Password updated' });
    const name = await t.post('/api/v1/resellers/update/user', { user_reseller_id: 1002, update: 'name', value: 'Northwind Two' }, admin.token);
    expect(name.json.header).toMatchObject({ status: 'success', message: 'Name updated' });
  });
});

describe('captcha challenge on the redeem call of an address that looks like a guesser', () => {
  it('asks the provider for a challenge once an address has refused codes past half its allowance; others pass as before', async () => {
    const t = await testApp({
      env: {
        CAPTCHA_PROVIDER: 'recaptcha',
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET_KEY: 'server-secret',
        CAPTCHA_VERIFY_URL: peer.url,
        RATE_LIMIT_REDEEM_FAILURES_PER_IP: '4',
      },
    });
    const login = await t.post('/api/login', { email: 'reseller@demo.partner-panel.test', password: 'DemoPass2026!', token: 'ok:login:0.9' });
    const seller = t.client((login.json.body as { access_token: string }).access_token);
    const { codes } = await seller.generateCoupons({ quantity: 2, billing_cycle: 'annually', product_id: 104, addon_type: '', billing_type: 1, prefix: 'CHAL' });
    const redeem = async (coupon: string, token: string, ip: string) => {
      const csrf = ((await t.get('/api/csrf')).json.body as { csrf_token: string }).csrf_token;
      const password = 'Redeem!Pass2026';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/redeem',
        remoteAddress: ip,
        headers: { 'csrf-token': csrf },
        payload: { name: 'Ada', email: `${ip}@example.com`, password, password_confirmation: password, coupon, addon_id: '', token },
      });
      return res.json().header as { code: string | number };
    };
    expect((await redeem('CHALNOSUCHCODE01', 'ok:redeem:0.7', '10.7.0.1')).code).toBe('rspf-redeem-9001');
    expect((await redeem('CHALNOSUCHCODE02', 'ok:redeem:0.7', '10.7.0.1')).code).toBe('rspf-redeem-9001');
    // Two refusals of four: the address now looks like a guesser, and a plain token is not enough.
    expect((await redeem(codes[0] as string, 'ok:redeem:0.7', '10.7.0.1')).code).toBe('rspf-captcha-1004');
    expect((await redeem(codes[0] as string, 'ok:redeem:0.95:300', '10.7.0.1')).code).toBe('rspf-captcha-1004');
    expect((await redeem(codes[0] as string, 'ok:redeem:0.95', '10.7.0.1')).code).toBe(90001);
    expect((await redeem(codes[1] as string, 'ok:redeem:0.7', '10.7.0.2')).code).toBe(90001);
  });
});
