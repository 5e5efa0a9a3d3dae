/**
 * Logs an operator can use: one JSON line per request at `info` with its id, reseller, route
 * pattern, status, duration and bytes — the id the same as the answer's Request-Id and a refusal's
 * envelope — and, after a whole journey logged at the most talkative level, no password, token,
 * secret key, card number or mail body anywhere in the log.
 */
import { once, type EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { LOG_FLUSH_MS, logDestination } from '../src/ops/log-destination.js';
import { testApp, linkHash } from './support/app.js';
import { CARDS, payTestCard } from './support/billing.js';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

describe('the log', async () => {
  const t = await testApp({ logger: true, logStream, env: { LOG_LEVEL: 'trace', RATE_LIMIT_REDEEM_PER_IP: '1000' } });
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  it('has one JSON line per request, with its id, reseller, route pattern, status, duration and bytes', async () => {
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    lines.length = 0;
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: { authorization: `Bearer ${reseller.token}` } });
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard?hash=999999999', headers: { authorization: 'Bearer not-a-token' } });
    const forRequest = (id: unknown) => parsed().filter((l) => l.request_id === id);

    const okLines = forRequest(ok.headers['request-id']);
    expect(okLines.filter((l) => l.msg === 'request')).toHaveLength(1);
    expect(okLines.find((l) => l.msg === 'request')).toMatchObject({
      level: 30,
      reseller_id: 1000,
      method: 'GET',
      route: '/api/v1/dashboard',
      status: 200,
      duration_ms: expect.any(Number),
      bytes: Buffer.byteLength(ok.body),
    });
    // Fastify's own "incoming request" / "request completed" pair is gone.
    expect(parsed().some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);

    // A refusal: the id of its log line is the one in its envelope, and the route is the pattern, not the path.
    const refusedId = (refused.json() as { header: { request_id: string } }).header.request_id;
    expect(refusedId).toBe(refused.headers['request-id']);
    const line = forRequest(refusedId).find((l) => l.msg === 'request');
    expect(line).toMatchObject({ status: 401, reseller_id: null, route: '/api/v1/dashboard' });
    expect(lines.join('\n')).not.toContain('999999999');
  });

  it('keeps every secret of a whole journey out of the log, even at trace', async () => {
    lines.length = 0;
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    const { codes } = await reseller.api.generateCoupons({ quantity: 1, billing_cycle: 'annually', product_id: 104, addon_type: '', billing_type: 1, prefix: 'LOG' });
    const visitorPassword = 'Visitor!Pass2026';
    const redeemed = await t.post('/api/redeem', {
      coupon: codes[0],
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: visitorPassword,
      password_confirmation: visitorPassword,
      addon_id: '',
      token: '',
    });
    expect(redeemed.status).toBe(200);
    await payTestCard(reseller.api, CARDS.ok, { amount: 2000 });
    const secretKey = (await reseller.api.generateSecretKey({ mode: 'live' })).SecretKey as string;
    const access = await t.post('/api/v2/client/generate', { secretKey });
    const accessToken = (access.json.body as { AccessToken: string }).AccessToken;
    await t.client().forgotPassword({ email: 'reseller@demo.partner-panel.test' });
    const resetHash = await linkHash(t, 'reseller@demo.partner-panel.test', 'reset-password');
    const wrong = await t.post('/api/login', { email: 'reseller@demo.partner-panel.test', password: 'Wrong!Password1' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const mails = await t.mails();

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    const secrets: Record<string, string> = {
      'the demo password': DEMO_PASSWORD,
      "a visitor's password": visitorPassword,
      'a wrong password': 'Wrong!Password1',
      'a session token': reseller.token,
      'a coupon code': codes[0] as string,
      'a secret key': secretKey,
      'an access token': accessToken,
      'a card number': CARDS.ok,
      'a reset link': resetHash,
      'the app secret': t.app.ctx.secret,
    };
    for (const mail of mails) secrets[`the body of "${mail.subject}"`] = mail.text;
    for (const [what, secret] of Object.entries(secrets)) expect(log.includes(secret), `${what} is in the log`).toBe(false);
  });

  it('keeps the process running when its writer has been ended (as pino ends it before exit, or on a broken pipe)', async () => {
    // The writer's flush timer on a clock the test moves: its ticks after the end run here, where a
    // flush of the ended writer would throw.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const log = logDestination('/dev/null');
      log.stream.write('one line\n');
      const closed = once(log.stream as unknown as EventEmitter, 'close');
      (log.stream as unknown as { end(): void }).end();
      await closed;
      expect((log.stream as unknown as { destroyed: boolean }).destroyed).toBe(true);
      expect(() => vi.advanceTimersByTime(LOG_FLUSH_MS * 2)).not.toThrow();
      expect(() => log.close()).not.toThrow();
    } finally {
      vi.useRealTimers();
    }
  });
});
