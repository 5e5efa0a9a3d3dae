/** Sign-in and session costs: argon2id per sign-in, and an authenticated read per request. */
import { hashPassword, verifyPassword } from '../src/modules/auth/passwords.js';
import { load, row, startServer } from './harness.js';

export async function authBench() {
  console.log('\nauth');
  const hash = await hashPassword('Bench!Password1');
  const n = 20;
  const started = performance.now();
  for (let i = 0; i < n; i++) await verifyPassword(hash, 'Bench!Password1');
  row('argon2id verify (19 MiB, t=2, p=1)', `${((performance.now() - started) / n).toFixed(1)} ms`);

  const server = await startServer();
  try {
    const csrf = await load({ url: `${server.url}/api/csrf` });
    row('GET /api/csrf (no database)', `${csrf.rps} req/s, p99 ${csrf.p99} ms`);
    const user = (await server.app.inject({ method: 'POST', url: '/api/login', headers: await csrfHeaders(server.url), payload: { email: 'reseller@demo.partner-panel.test', password: 'DemoPass2026!' } })).json();
    const token = user.body.access_token as string;
    const profile = await load({ url: `${server.url}/api/v1/resellers/profile`, headers: { authorization: `Bearer ${token}` } });
    row('GET /api/v1/resellers/profile (session + row)', `${profile.rps} req/s, p99 ${profile.p99} ms, errors ${profile.errors}`);
  } finally {
    await server.close();
  }
}

async function csrfHeaders(url: string) {
  const res = await fetch(`${url}/api/csrf`);
  const token = ((await res.json()) as { body: { csrf_token: string } }).body.csrf_token;
  return { 'csrf-token': token, cookie: `XSRF-TOKEN=${token}` };
}
