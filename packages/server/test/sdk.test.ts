/**
 * The published SDK against a listening server, over real HTTP: every v2 call, every documented
 * error status as its typed error class, tokens renewed by themselves, a regenerated key refused at
 * once, a lost answer retried without paying twice, and auto-pagination of a v1 list.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConflictError,
  InsufficientFundsError,
  InvalidRequestError,
  NotFoundError,
  PartnerPanel,
  PermissionError,
  RateLimitError,
  createClient,
  type ApiError,
} from '@partner-panel/sdk';
import { manualClock, testApp } from './support/app.js';
import { balanceCents, fundedReseller, query } from './support/sql.js';

const clock = manualClock();
const t = await testApp({ clock, env: { RATE_LIMIT_CLIENT_PER_MINUTE: '1000', RATE_LIMIT_CLIENT_TOKENS_PER_IP: '1000' } });
const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => t.app.close());

const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as ApiError);

async function keys(email: string, cents = 500_000) {
  const reseller = await fundedReseller(t, email, cents);
  const live = (await reseller.api.generateSecretKey({ mode: 'live' })).SecretKey;
  const sandbox = (await reseller.api.generateSecretKey({ mode: 'sandbox' })).SecretKey;
  return { reseller, live, sandbox };
}

describe('PartnerPanel (v2) against a running server', () => {
  it('makes every v2 call, in the live books', async () => {
    const { reseller, live } = await keys('sdk-live@example.com');
    const panel = new PartnerPanel({ baseUrl, secretKey: live });
    expect(panel.mode).toBe('live');
    expect(await panel.balance()).toEqual({ balance: 5000, mode: 'live' });

    const user = await panel.users.create({ username: 'sdk-user', password: 'Str0ng!Password', email: 'sdk-user@example.com' });
    expect(user).toMatchObject({ username: 'sdk-user', status: 'active', amount: 3, balance: 4997 });
    expect(await balanceCents(t, reseller.id)).toBe(499_700);
    expect(await panel.users.search('SDK-USER@example.com')).toEqual([expect.objectContaining({ userId: user.userId })]);
    expect(await panel.users.updateEmail(user.userId, 'sdk-new@example.com')).toMatchObject({ email: 'sdk-new@example.com' });
    expect(await panel.users.updatePassword(user.userId, 'Str0ng!Password', 'N3w!Password22')).toEqual({ userId: user.userId, status: 'password_changed' });
    expect(await panel.users.updateStatus(user.userId, 'suspended')).toEqual({ userId: user.userId, status: 'suspended' });
    expect(await panel.users.updateStatus(user.userId, 'active')).toEqual({ userId: user.userId, status: 'active' });
    expect(await panel.users.delete(user.userId)).toEqual({ userId: user.userId, status: 'deleted' });
    const tokens = await panel.tokens();
    expect(tokens).toMatchObject({ AccessToken: expect.stringMatching(/^at_/), mode: 'live' });
  });

  it('throws a typed error for every documented status: 400, 401, 402, 403, 404, 409, 429', async () => {
    const { live, sandbox } = await keys('sdk-errors@example.com', 100);
    const panel = new PartnerPanel({ baseUrl, secretKey: live });
    const sandboxPanel = new PartnerPanel({ baseUrl, secretKey: sandbox });
    const made = await sandboxPanel.users.create({ username: 'taken', password: 'Str0ng!Password', email: 'taken@example.com' });

    const bad = await failure(panel.users.search(''));
    expect(bad).toBeInstanceOf(InvalidRequestError);
    expect(bad).toMatchObject({ httpStatus: 400, message: 'Search query is required', fieldErrors: { query: ['Search query is required'] } });
    expect(await failure(panel.users.updateStatus(made.userId, 'paused' as 'active'))).toMatchObject({ name: 'InvalidRequestError', message: "Status must be 'active' or 'suspended'." });

    const wrongKey = await failure(new PartnerPanel({ baseUrl, secretKey: 'sk_test_not-a-key' }).balance());
    expect(wrongKey).toBeInstanceOf(AuthenticationError);
    expect(wrongKey).toMatchObject({ httpStatus: 401, code: 'rspf-client-3101' });
    const oldPassword = await failure(sandboxPanel.users.updatePassword(made.userId, 'Wrong!Password1', 'N3w!Password22'));
    expect(oldPassword).toBeInstanceOf(AuthenticationError);
    expect(oldPassword.message).toBe('The old password does not match.');

    const poor = await failure(panel.users.create({ username: 'poor-sdk', password: 'Str0ng!Password', email: 'poor@example.com' }));
    expect(poor).toBeInstanceOf(InsufficientFundsError);
    expect(poor.body).toEqual({ balance: 1, amount: 3 });

    expect(await failure(panel.sandbox.setBalance(10))).toBeInstanceOf(PermissionError);

    const missing = await failure(sandboxPanel.users.delete(1_999_999_999));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ httpStatus: 404, message: 'User not found' });

    const taken = await failure(sandboxPanel.users.create({ username: 'taken', password: 'Str0ng!Password', email: 'other@example.com' }));
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken).toMatchObject({ httpStatus: 409, message: 'User already exists' });

    const limited = await testApp({ env: { RATE_LIMIT_CLIENT_PER_MINUTE: '2' } });
    const limitedUrl = await limited.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await fundedReseller(limited, 'sdk-limit@example.com', 0);
    const tight = new PartnerPanel({ baseUrl: limitedUrl, secretKey: (await owner.api.generateSecretKey({ mode: 'sandbox' })).SecretKey });
    await tight.balance(); // the token exchange and this call: the minute's two
    const throttled = await failure(tight.balance());
    expect(throttled).toBeInstanceOf(RateLimitError);
    expect((throttled as RateLimitError).retryAfter).toBeGreaterThan(0);
  });

  it('renews expired tokens by itself, and is refused at once after the key is regenerated', async () => {
    const { reseller, sandbox } = await keys('sdk-tokens@example.com');
    const panel = new PartnerPanel({ baseUrl, secretKey: sandbox });
    await panel.users.create({ username: 'renew-me', password: 'Str0ng!Password', email: 'renew@example.com' });
    const first = await panel.tokens();
    // The server's hour passes while the client still holds its token.
    clock.advance(2 * 3600_000);
    expect(await panel.users.search('renew-me')).toHaveLength(1);
    expect((await panel.tokens()).AccessToken).not.toBe(first.AccessToken);
    clock.advance(-2 * 3600_000);

    await reseller.api.updateSecretKey({ secretKey: sandbox });
    const refused = await failure(panel.users.search('renew-me'));
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect(refused.code).toBe('rspf-client-3101');
  });

  it('retries a create whose answer was lost, with the same Idempotency-Key: one user, one debit', async () => {
    const { reseller, live } = await keys('sdk-retry@example.com');
    let dropped = 0;
    const flaky: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (String(input).endsWith('/users/create') && dropped === 0) {
        dropped++;
        throw new TypeError('fetch failed: the connection was reset');
      }
      return res;
    };
    const panel = new PartnerPanel({ baseUrl, secretKey: live, fetch: flaky });
    const user = await panel.users.create({ username: 'retried', password: 'Str0ng!Password', email: 'retried@example.com' });
    expect(dropped).toBe(1);
    expect(user).toMatchObject({ username: 'retried', amount: 3 });
    expect(await balanceCents(t, reseller.id)).toBe(499_700);
    expect(await query(t, sql`select 1 from vpn_accounts where reseller_id = ${reseller.id}`)).toHaveLength(1);
  });
});

describe('what a client developer quotes to support, and a baseUrl without its scheme', () => {
  it("carries the answer's Request-Id on every error class, the same as the envelope's request_id", async () => {
    const { live } = await keys('sdk-request-id@example.com', 100);
    const panel = new PartnerPanel({ baseUrl, secretKey: live });
    const typo = await failure(panel.users.create({ username: 'typo-user', password: 'Str0ng!Password', email: 'typo@example.com', billing_cyle: 'annually' } as never));
    expect(typo).toBeInstanceOf(InvalidRequestError);
    expect(typo.message).toBe("Unknown field 'billing_cyle'. Did you mean 'billing_cycle'?");
    expect(typo.requestId).toMatch(/^req_[\w-]{16}$/);

    const res = await fetch(`${baseUrl}/api/v2/client/balance`, { headers: { authorization: 'Bearer at_nothing' } });
    const envelope = (await res.json()) as { header: { request_id: string } };
    expect(envelope.header.request_id).toBe(res.headers.get('request-id'));
    const wrongKey = await failure(new PartnerPanel({ baseUrl, secretKey: 'sk_test_not-a-key' }).balance());
    expect(wrongKey).toBeInstanceOf(AuthenticationError);
    expect(wrongKey.requestId).toMatch(/^req_/);
    expect(wrongKey.requestId).not.toBe(typo.requestId);

    const unreachable = await failure(createClient({ baseUrl: 'http://127.0.0.1:9', maxRetries: 0 }).publicSettings());
    expect(unreachable).toMatchObject({ name: 'ConnectionError', requestId: null });
  });

  it('refuses a baseUrl without http:// or https:// at once, saying how to write it', () => {
    expect(() => new PartnerPanel({ baseUrl: 'panel.example.com', secretKey: 'sk_test_x' })).toThrow(
      new TypeError("The baseUrl 'panel.example.com' is not an http:// or https:// address: write it with its scheme, e.g. 'https://panel.example.com'."),
    );
    expect(() => createClient({ baseUrl: 'localhost:3000' })).toThrow(/^The baseUrl 'localhost:3000' is not an http:\/\/ or https:\/\/ address/);
    expect(() => createClient({ baseUrl: 'ftp://panel.example.com' })).toThrow(/e\.g\. 'https:\/\/panel\.example\.com'/);
    expect(() => createClient({ baseUrl: 'HTTPS://panel.example.com/' })).not.toThrow();
    expect(() => createClient({ baseUrl: '' })).not.toThrow();
  });
});

describe('the v1 client', () => {
  it('pages through a list by itself', async () => {
    const reseller = await fundedReseller(t, 'sdk-pages@example.com', 500_000);
    const api = createClient({ baseUrl, getToken: () => reseller.token });
    for (let i = 0; i < 5; i++) {
      await api.createVpnAccount({ quantity: 1, billing_cycle: 'monthly', product_id: 101, billing_type: 1, email: `page${i}@example.com`, addon_id: '' });
    }
    const pages: number[] = [];
    const counting = createClient({
      baseUrl,
      getToken: () => reseller.token,
      fetch: (input, init) => {
        const url = new URL(String(input));
        if (url.pathname === '/api/v1/resellers/vpn') pages.push(Number(url.searchParams.get('page')));
        return fetch(input, init);
      },
    });
    const emails = [];
    for await (const row of counting.paginate('listVpnAccounts', { page_limit: 2 })) emails.push(row.email);
    expect(emails).toEqual(['page4@example.com', 'page3@example.com', 'page2@example.com', 'page1@example.com', 'page0@example.com']);
    expect(pages).toEqual([1, 2, 3]);
    expect(await api.paginate('listVpnAccounts', { page_limit: 2 }).toArray({ limit: 3 })).toHaveLength(3);
  });
});
