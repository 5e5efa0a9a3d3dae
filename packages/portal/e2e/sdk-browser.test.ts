/**
 * The published SDK runs in a browser: its built module, loaded in Chromium from the server's own
 * origin (its one import, zod, resolved to a path as a bundler would), creates and finds a sandbox
 * user with PartnerPanel, and reports a taken username as a ConflictError.
 */
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { newTab } from './support/browser.js';
import { startServer } from './support/server.js';

const sdkDir = fileURLToPath(new URL('../../sdk/', import.meta.url));

/** A site holding the SDK's dist and zod, as a bundler would lay them out. */
function siteWithSdk(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pp-sdk-site-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><title>SDK in a browser</title><p>SDK</p></html>');
  cpSync(join(sdkDir, 'dist'), join(dir, 'sdk'), { recursive: true });
  const entry = join(dir, 'sdk', 'index.js');
  writeFileSync(entry, readFileSync(entry, 'utf8').replace(/from "zod"/g, 'from "/zod/index.js"'));
  cpSync(realpathSync(join(sdkDir, 'node_modules', 'zod')), join(dir, 'zod'), { recursive: true, dereference: true });
  return dir;
}

describe('the SDK in a browser', () => {
  it('creates and finds a sandbox user with PartnerPanel, and throws its typed errors', async () => {
    const site = siteWithSdk();
    afterAll(() => rmSync(site, { recursive: true, force: true }));
    const server = await startServer({ PORTAL_DIR: site });
    const { SecretKey: key } = await server.app.inject({ method: 'GET', url: '/api/csrf' }).then(async (csrf) => {
      const token = (csrf.json() as { body: { csrf_token: string } }).body.csrf_token;
      const headers = { 'csrf-token': token, cookie: `XSRF-TOKEN=${token}` };
      const login = await server.app.inject({ method: 'POST', url: '/api/login', headers, payload: { email: 'reseller@demo.partner-panel.test', password: 'DemoPass2026!' } });
      const session = (login.json() as { body: { access_token: string } }).body.access_token;
      const made = await server.app.inject({ method: 'POST', url: '/api/v2/client/generate-secret-key', headers: { ...headers, authorization: `Bearer ${session}` }, payload: { mode: 'sandbox' } });
      return (made.json() as { body: { SecretKey: string } }).body;
    });

    const { page, problems } = await newTab(server.url);
    await page.goto('/');
    // Written as page code (not a test function, which the test runner would rewrite).
    const script = `(async (secretKey) => {
      const sdk = await import('/sdk/index.js');
      const panel = new sdk.PartnerPanel({ baseUrl: location.origin, secretKey });
      const user = await panel.users.create({ username: 'browser-user', password: 'Str0ng!Passw0rd', email: 'browser@example.com' });
      const found = await panel.users.search('browser@example.com');
      const again = await panel.users.create({ username: 'browser-user', password: 'Str0ng!Passw0rd', email: 'browser@example.com' }).catch((e) => e);
      return { user, found: found.map((u) => u.userId), conflict: again instanceof sdk.ConflictError, message: again.message, mode: panel.mode };
    })(${JSON.stringify(key)})`;
    const result = (await page.evaluate(script)) as { user: { userId: number }; found: number[]; conflict: boolean; message: string; mode: string };
    expect(result.mode).toBe('sandbox');
    expect(result.user).toMatchObject({ username: 'browser-user', status: 'active', amount: 3, balance: 9997 });
    expect(result.found).toEqual([result.user.userId]);
    expect(result).toMatchObject({ conflict: true, message: 'User already exists' });
    expect(problems.filter((p) => !p.includes('409'))).toEqual([]);
  });
});
