/**
 * The contract holds every call of the spec's call tables (docs/spec is the spec, kept with the
 * code), with the success codes the tables state.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contract, type AnyCall } from '../src/index.js';

const specDir = fileURLToPath(new URL('../../../docs/spec/', import.meta.url));
const specRows = readdirSync(specDir)
  .filter((f) => f.endsWith('.txt'))
  .flatMap((file) =>
    readFileSync(specDir + file, 'utf8')
      .split('\n')
      .map((line) => /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s+(\/\S+)\s*\|(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ file, method: m[1] as string, path: (m[2] as string).split('?')[0] as string, rest: m[3] as string })),
  );

const calls = Object.entries(contract) as [string, AnyCall][];
const find = (method: string, path: string) => calls.find(([, c]) => c.method === method && c.path === path);

describe('the contract', () => {
  it('reads the call tables of all three spec documents', () => {
    expect(new Set(specRows.map((r) => r.file)).size).toBe(3);
    expect(specRows.length).toBeGreaterThanOrEqual(50);
  });

  it.each(specRows.map((r) => [`${r.method} ${r.path}`, r] as const))('has %s', (_, row) => {
    expect(find(row.method, row.path), `${row.method} ${row.path} (${row.file}) is missing`).toBeDefined();
  });

  it.each(
    specRows
      .map((r) => ({ ...r, code: /(?:success code|header code|code)\s+(\d{5,6})/.exec(r.rest)?.[1] }))
      .filter((r) => r.code)
      .map((r) => [`${r.method} ${r.path} → ${r.code}`, r] as const),
  )('answers %s', (_, row) => {
    expect(find(row.method, row.path)?.[1].successCode).toBe(Number(row.code));
  });

  it('has the payment-methods fetch (path not shown) and the v2 client API of the sandbox', () => {
    expect(contract.paymentMethods.successCode).toBe(400001);
    const v2 = ['generate', 'refresh', 'update/email', 'create', 'search', 'update/password', 'update/status', 'delete'];
    for (const name of v2) {
      expect(calls.some(([, c]) => c.path.startsWith('/api/v2/client/') && c.path.endsWith(`/${name}`)), name).toBe(true);
    }
    expect(contract.clientCreateUser.httpStatus).toBe(201);
    expect(contract.clientSearchUsers.method).toBe('GET');
    expect(contract.clientDeleteUser.method).toBe('DELETE');
  });

  it('serves each method and path once', () => {
    const keys = calls.map(([, c]) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('needs the CSRF header on state-changing browser calls only', () => {
    for (const [name, call] of calls) {
      const serverToServer =
        call.access === 'client' ||
        call.access === 'signature' ||
        ['/api/v2/client/generate', '/api/v2/client/refresh'].includes(call.path) ||
        // Signs a socket for the bearer's own channel: it changes nothing and no cookie rides on it.
        call.path === '/broadcasting/auth' ||
        call.path === '/broadcasting/user-auth';
      expect(call.csrf, name).toBe(call.method !== 'GET' && !serverToServer);
    }
  });

  it('names a captcha action on every public call the spec gives one', () => {
    expect(contract.login.captcha).toBe('login');
    expect(contract.register.captcha).toBe('register');
    expect(contract.verifyEmail.captcha).toBe('verification');
    expect(contract.forgotPassword.captcha).toBe('forgot');
    expect(contract.verifyResetHash.captcha).toBe('password');
    expect(contract.updatePassword.captcha).toBe('update_password');
  });
});
