/**
 * The client developer's screens in Chromium, against the real server: the API secret keys (show,
 * hide, copy, generate, regenerate with the old key refused at once, and the spec's five failure
 * texts), the Sandbox page (every endpoint picked by its address and tried for real, the sandbox
 * never touching live money; 903's panels), and Explore docs (the README's quick start and the
 * reference rendered from the OpenAPI document, offline and under the page's CSP).
 */
import { readFileSync } from 'node:fs';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab, signIn, type Tab } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const PASSWORD = 'DemoPass2026!';

const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbarContent-message').getByText(text);
const failWith = (status: number, message: string) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ header: { code: 'rspf-500', status: 'error', message }, body: null }) });

/** The HTTP API as a client developer's server (or a second browser) would call it, with a session of its own. */
async function api(email: string) {
  const csrf = await server.app.inject({ method: 'GET', url: '/api/csrf' });
  const token = (csrf.json() as { body: { csrf_token: string } }).body.csrf_token;
  const cookies = { 'csrf-token': token, cookie: `XSRF-TOKEN=${token}` };
  const login = await server.app.inject({ method: 'POST', url: '/api/login', headers: cookies, payload: { email, password: PASSWORD } });
  const session = (login.json() as { body: { access_token: string } }).body.access_token;
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, bearer: string | null = session) => {
    const res = await server.app.inject({ method, url, headers: { ...cookies, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, json: res.json() as { header: { code: string | number; message: string }; body: Record<string, unknown> } };
  };
  return { call, tokensFor: (secretKey: string) => call('POST', '/api/v2/client/generate', { secretKey }, null) };
}

async function clipboard(page: Page) {
  return page.evaluate(() => navigator.clipboard.readText());
}

async function withClipboard(tab: Tab) {
  await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
}

describe('API secret keys', () => {
  it('generates, shows, hides and copies both keys; the live key is whole only once; regenerating refuses the old key at once', async () => {
    const tab = await newTab(server.url);
    await withClipboard(tab);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/integration/keys');
    await page.getByRole('heading', { level: 1, name: 'API Secret Key' }).waitFor();
    const live = page.getByTestId('live-key');
    const sandbox = page.getByTestId('sandbox-key');
    await live.getByText('No key yet.').waitFor();
    await sandbox.getByText('No key yet.').waitFor();
    await capture(page, 'integration-keys-none');

    // The sandbox key: generated, shown, hidden, copied (the label comes back after 1.5 s).
    await sandbox.getByRole('button', { name: 'Generate' }).click();
    await toast(page, 'Secret key generated successfully. Copy it now: it is shown in full only once.').waitFor();
    const sandboxValue = sandbox.getByTestId('sandbox-key-value');
    await expect.poll(() => sandboxValue.inputValue()).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    const sandboxKey = await sandboxValue.inputValue();
    await sandbox.getByRole('button', { name: 'Hide key' }).click();
    expect(await sandboxValue.inputValue()).toBe('•'.repeat(sandboxKey.length));
    await sandbox.getByRole('button', { name: 'Show key' }).click();
    expect(await sandboxValue.inputValue()).toBe(sandboxKey);
    await sandbox.getByRole('button', { name: 'Copy' }).click();
    await sandbox.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await clipboard(page)).toBe(sandboxKey);
    const copiedAt = Date.now();
    await sandbox.getByRole('button', { name: 'Copy', exact: true }).waitFor();
    expect(Date.now() - copiedAt).toBeGreaterThan(1_000);

    // The live key: a failed generation says so (002 §8), then it is made and shown whole, once.
    await page.route('**/api/v2/client/generate-secret-key', failWith(500, ''));
    await live.getByRole('button', { name: 'Generate' }).click();
    await toast(page, 'Failed to generate secret key.').waitFor();
    await page.unroute('**/api/v2/client/generate-secret-key');
    await live.getByRole('button', { name: 'Generate' }).click();
    await live.getByTestId('copy-now').getByText('Copy your live key now: it is shown in full only this once.', { exact: false }).waitFor();
    const liveValue = live.getByTestId('live-key-value');
    await expect.poll(() => liveValue.inputValue()).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    const liveKey = await liveValue.inputValue();
    await live.getByRole('button', { name: 'Copy' }).click();
    expect(await clipboard(page)).toBe(liveKey);
    await capture(page, 'integration-keys-live-made');

    // Both keys work.
    const client = await api('reseller@demo.partner-panel.test');
    const liveTokens = await client.tokensFor(liveKey);
    expect(liveTokens.status).toBe(200);
    expect((await client.tokensFor(sandboxKey)).json.body.mode).toBe('sandbox');

    // After a reload the live key is masked (it is stored hashed) and cannot be copied; the sandbox key still can.
    await page.reload();
    await live.getByRole('button', { name: 'Show key' }).click();
    await expect.poll(() => liveValue.inputValue()).toBe(`${liveKey.slice(0, 14)}${'•'.repeat(8)}${liveKey.slice(-4)}`);
    await live.getByText('Only the first and last characters are kept', { exact: false }).waitFor();
    expect(await live.getByRole('button', { name: 'Copy' }).count()).toBe(0);
    expect(await page.getByTestId('copy-now').count()).toBe(0);
    await sandbox.getByRole('button', { name: 'Show key' }).click();
    expect(await sandboxValue.inputValue()).toBe(sandboxKey);
    await capture(page, 'integration-keys-masked');

    // Regenerate the live key as it is shown (masked): confirmed first; the old key and its tokens are refused at once.
    await live.getByRole('button', { name: 'Regenerate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate the live key?' });
    await dialog.getByText('The current key and every access token made from it stop working at once.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await client.tokensFor(liveKey)).status).toBe(200);
    await live.getByRole('button', { name: 'Regenerate' }).click();
    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    await toast(page, 'Secret key regenerated successfully. The old key no longer works.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => liveValue.inputValue()).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    const newLiveKey = await liveValue.inputValue();
    expect(newLiveKey).not.toBe(liveKey);
    await live.getByTestId('copy-now').waitFor();
    const refused = await client.tokensFor(liveKey);
    expect(refused).toMatchObject({ status: 401, json: { header: { message: 'Invalid secret key.' } } });
    const oldToken = liveTokens.json.body.AccessToken as string;
    expect((await client.call('GET', '/api/v2/client/balance', undefined, oldToken)).status).toBe(401);
    expect((await client.tokensFor(newLiveKey)).status).toBe(200);

    // A key another tab has replaced is not replaced again: the server's reason, and the dialog's text (002 §8).
    const other = await client.call('POST', '/api/v2/client/update-secret-key', { mode: 'sandbox', secretKey: sandboxKey });
    expect(other.status).toBe(200);
    await sandbox.getByRole('button', { name: 'Regenerate' }).click();
    const sandboxDialog = page.getByRole('dialog', { name: 'Regenerate the sandbox key?' });
    await sandboxDialog.getByRole('button', { name: 'Regenerate' }).click();
    await toast(page, 'Error regenerating key: This key has already been replaced. Reload the page to see the current key.').waitFor();
    await sandboxDialog.getByTestId('regenerate-problem').getByText('There was a problem regenerating your key.').waitFor();
    await capture(page, 'integration-keys-regenerate-problem');
    await sandboxDialog.getByRole('button', { name: 'Cancel' }).click();

    // No usable answer at all: 'Failed to regenerate secret key.'
    await page.reload();
    await expect.poll(() => sandboxValue.inputValue()).toBe('•'.repeat(sandboxKey.length));
    await sandbox.getByRole('button', { name: 'Show key' }).click();
    expect(await sandboxValue.inputValue()).toBe(other.json.body.SecretKey);
    await page.route('**/api/v2/client/update-secret-key', failWith(500, 'Something went wrong. Please try again.'));
    await sandbox.getByRole('button', { name: 'Regenerate' }).click();
    await sandboxDialog.getByRole('button', { name: 'Regenerate' }).click();
    await toast(page, 'Failed to regenerate secret key.').waitFor();
    await sandboxDialog.getByText('There was a problem regenerating your key.').waitFor();
    await page.unroute('**/api/v2/client/update-secret-key');
    await sandboxDialog.getByRole('button', { name: 'Cancel' }).click();

    // The keys cannot be read: 'Error fetching secret key: …', and the page tries again when asked.
    await page.route('**/api/v2/client/get-secret-key', failWith(500, 'Something went wrong. Please try again.'));
    await page.goto('/demo-reseller/integration/keys');
    const fetchFailure = 'Error fetching secret key: Something went wrong. Please try again.';
    await page.getByTestId('keys-fetch-failed').getByText(fetchFailure).waitFor();
    await toast(page, fetchFailure).waitFor();
    await page.unroute('**/api/v2/client/get-secret-key');
    await page.getByRole('button', { name: 'Try again' }).click();
    await sandbox.getByTestId('sandbox-key-value').waitFor();
    expect(tab.problems.filter((p) => !/status of 500/.test(p))).toEqual([]);
  });
});

/** Picks an endpoint of the Sandbox page by its tab and waits for its address and panel. */
async function pick(page: Page, tabName: string, slug: string) {
  await page.getByRole('tab', { name: tabName, exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/demo-admin/integration/sandbox/${slug}`);
  const panel = page.getByTestId(`sandbox-panel-${slug}`);
  await panel.waitFor();
  return panel;
}

/** Try it out, and the status line and answer that came back. */
async function tryIt(page: Page) {
  const panel = page.locator('[data-testid^="sandbox-panel-"]');
  const answer = panel.getByTestId('sandbox-answer-body');
  const shown = () => answer.textContent({ timeout: 500 }).catch(() => null);
  const before = await shown();
  await panel.getByRole('button', { name: 'Try it out' }).click();
  await expect.poll(shown).not.toBe(before);
  const status = (await panel.getByTestId('sandbox-status').textContent()) ?? '';
  const body = JSON.parse((await panel.getByTestId('sandbox-answer-body').textContent()) ?? 'null') as { header: { code: number | string; message: string }; body: Record<string, unknown> & unknown[] };
  return { status, ...body };
}

describe('Sandbox', () => {
  it('shows every endpoint by its address and tries each against the real sandbox, never touching live money', async () => {
    const tab = await newTab(server.url);
    await withClipboard(tab);
    const { page } = tab;
    await signIn(page, 'admin@demo.partner-panel.test');
    await page.getByTestId('balance-tag').getByText('$10,000.00').waitFor();

    // integration/sandbox opens the first endpoint; without a key the examples hold a placeholder and the calls wait.
    await page.goto('/demo-admin/integration/sandbox');
    await page.getByRole('heading', { level: 1, name: 'Sandbox' }).waitFor();
    await page.getByRole('tab', { name: 'Generate tokens', selected: true }).waitFor();
    const noKey = page.getByTestId('sandbox-no-key');
    await noKey.waitFor();
    expect(await page.getByTestId('sandbox-curl').textContent()).toContain(`'{"secretKey":"sk_test_…"}'`);
    await page.goto('/demo-admin/integration/sandbox/create');
    expect(await page.getByRole('button', { name: 'Try it out' }).isDisabled()).toBe(true);
    await capture(page, 'integration-sandbox-no-key');
    await noKey.getByRole('button', { name: 'Generate a sandbox key' }).click();
    await noKey.waitFor({ state: 'detached' });
    const key = /"secretKey":"(sk_test_[0-9A-Za-z]{40})"/.exec((await page.getByTestId('sandbox-curl').textContent()) ?? '')?.[1] as string;
    expect(key).toBeTruthy();
    expect(await page.getByRole('button', { name: 'Try it out' }).isDisabled()).toBe(false);

    // Generate: the curl holds the key; the answer is the real one.
    let panel = await pick(page, 'Generate tokens', 'generate');
    await panel.getByRole('heading', { level: 2, name: '/api/v2/client/generate' }).waitFor();
    expect(await panel.getByTestId('sandbox-curl').textContent()).toBe(
      `curl -X POST ${server.url}/api/v2/client/generate \\\n  -H 'Content-Type: application/json' \\\n  -d '{"secretKey":"${key}"}'`,
    );
    await panel.getByRole('table', { name: 'Parameters' }).getByRole('cell', { name: 'secretKey' }).waitFor();
    await panel.getByRole('table', { name: 'Response messages' }).getByRole('cell', { name: 'Invalid secret key.' }).waitFor();
    const example = JSON.parse((await panel.getByTestId('sandbox-example').textContent()) ?? '') as { body: object };
    expect(Object.keys(example.body)).toEqual(['AccessToken', 'RefreshToken', 'Expiry', 'ExpiresIn', 'RefreshExpiry', 'mode']);
    await panel.getByTestId('sandbox-example').locator('..').getByRole('button', { name: 'Copy' }).click();
    expect(JSON.parse(await clipboard(page))).toEqual(example);
    let answer = await tryIt(page);
    expect(answer.status).toContain('200');
    expect(answer.header.message).toBe('Tokens generated successfully.');
    expect(answer.body).toMatchObject({ mode: 'sandbox', ExpiresIn: 3600 });
    await capture(page, 'integration-sandbox-generate');

    // Refresh: filled with the refresh token just answered; a spent one is refused.
    panel = await pick(page, 'Refresh tokens', 'refresh');
    expect(await panel.getByLabel('refreshToken').inputValue()).toBe(answer.body.RefreshToken);
    expect(await panel.getByTestId('sandbox-curl').textContent()).toContain(`"refreshToken":"${String(answer.body.RefreshToken)}"`);
    const spent = String(answer.body.RefreshToken);
    answer = await tryIt(page);
    expect(answer).toMatchObject({ header: { message: 'Tokens refreshed successfully.' } });
    await panel.getByLabel('refreshToken').fill(spent);
    answer = await tryIt(page);
    expect(answer.status).toContain('401');
    expect(answer.header.message).toBe('The refresh token is invalid, expired or already used.');

    // Create: 201, then 409 for the same username; the curl makes a token first and sends an Idempotency-Key.
    panel = await pick(page, 'Create user', 'create');
    const curl = (await panel.getByTestId('sandbox-curl').textContent()) ?? '';
    expect(curl).toContain(`-d '{"secretKey":"${key}"}' | node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8')).body.AccessToken")`);
    expect(curl).toContain(`curl -X POST ${server.url}/api/v2/client/users/create \\\n  -H "Authorization: Bearer $TOKEN"`);
    expect(curl).toContain('-H "Idempotency-Key: $(node -e "console.log(crypto.randomUUID())")"');
    // 'Executing...' while the call runs (held back here until it has been seen).
    let release = () => {};
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v2/client/users/create', async (route) => {
      await seen;
      await route.continue();
    });
    await panel.getByRole('button', { name: 'Try it out' }).click();
    await panel.getByRole('button', { name: 'Executing...' }).waitFor();
    release();
    await panel.getByRole('button', { name: 'Try it out' }).waitFor();
    await page.unroute('**/api/v2/client/users/create');
    answer = JSON.parse((await panel.getByTestId('sandbox-answer-body').textContent()) ?? '');
    expect(await panel.getByTestId('sandbox-status').textContent()).toContain('201 Created');
    expect(answer).toMatchObject({ header: { code: 201, message: 'User created successfully.' }, body: { username: 'first-user', status: 'active', amount: 3, balance: 9997 } });
    const userId = answer.body.userId as number;
    expect(userId).toBeGreaterThanOrEqual(1_000_000_000);
    await capture(page, 'integration-sandbox-create');
    answer = await tryIt(page);
    expect(answer.status).toContain('409');
    expect(answer.header.message).toBe('User already exists');
    // The contract's own rule, checked in the page before anything is sent.
    await panel.getByLabel('username').fill('x');
    await panel.getByRole('button', { name: 'Try it out' }).click();
    await panel.getByTestId('sandbox-try').getByText('The username must be 3 to 32 characters', { exact: false }).waitFor();

    // Search: by the e-mail of the user just made.
    panel = await pick(page, 'Search users', 'search');
    expect(await panel.getByLabel('query').inputValue()).toBe('first-user@example.com');
    expect(await panel.getByTestId('sandbox-curl').textContent()).toContain(`curl -G ${server.url}/api/v2/client/users/search \\\n  -H "Authorization: Bearer $TOKEN" \\\n  --data-urlencode 'query=first-user@example.com'`);
    answer = await tryIt(page);
    expect(answer.header.message).toBe('1 user found.');
    expect(answer.body).toEqual([expect.objectContaining({ userId, username: 'first-user' })]);
    await panel.getByLabel('query').fill('');
    await panel.getByRole('button', { name: 'Try it out' }).click();
    await panel.getByTestId('sandbox-try').getByText('Search query is required').waitFor();

    // Update email, password (401 once the old password no longer matches), status (only active or suspended).
    panel = await pick(page, 'Update email', 'update-email');
    expect(await panel.getByLabel('userId').inputValue()).toBe(String(userId));
    answer = await tryIt(page);
    expect(answer).toMatchObject({ header: { message: 'Email updated successfully.' }, body: { userId, email: 'new-address@example.com' } });

    await pick(page, 'Update password', 'update-password');
    answer = await tryIt(page);
    expect(answer).toMatchObject({ header: { message: 'Password updated successfully.' }, body: { userId, status: 'password_changed' } });
    answer = await tryIt(page);
    expect(answer.status).toContain('401');
    expect(answer.header.message).toBe('The old password does not match.');

    panel = await pick(page, 'Update status', 'update-status');
    await panel.getByLabel('status').fill('paused');
    await panel.getByRole('button', { name: 'Try it out' }).click();
    await panel.getByTestId('sandbox-try').getByText("Status must be 'active' or 'suspended'.").waitFor();
    await panel.getByLabel('status').fill('suspended');
    answer = await tryIt(page);
    expect(answer).toMatchObject({ header: { message: 'Status updated successfully.' }, body: { userId, status: 'suspended' } });
    await capture(page, 'integration-sandbox-update-status');

    // Delete, then the user is gone (404 for a user that is not one of yours).
    panel = await pick(page, 'Delete user', 'delete');
    answer = await tryIt(page);
    expect(answer).toMatchObject({ header: { message: 'User deleted successfully.' }, body: { userId, status: 'deleted' } });
    await panel.getByLabel('userId').fill('999999');
    answer = await tryIt(page);
    expect(answer.status).toContain('404');
    expect(answer.header.message).toBe('User not found');

    // Balance: the play money paid for the user; the live wallet never moved.
    panel = await pick(page, 'Balance', 'balance');
    await panel.getByText('This call takes no parameters.').waitFor();
    answer = await tryIt(page);
    expect(answer.body).toEqual({ balance: 9997, mode: 'sandbox' });
    await capture(page, 'integration-sandbox-balance');
    const admin = await api('admin@demo.partner-panel.test');
    expect((await admin.call('GET', '/api/v1/resellers/profile')).json.body.balance).toBe(10_000);
    expect((await admin.call('POST', '/api/v1/resellers/vpn?page=1&page_limit=5', {})).json.body.total).toBe(0);

    // An address that is no endpoint shows the shell.
    await page.goto('/demo-admin/integration/sandbox/nothing');
    await page.getByTestId('shell-page').waitFor();
    expectNoProblems({ ...tab, problems: tab.problems.filter((p) => !/status of (401|404|409)/.test(p)) });
  }, 300_000);

  it('has no Create or Balance for reseller 903, whose sandbox key the server also refuses a user', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'partner@demo.partner-panel.test');
    await page.goto('/brainrocket/integration/sandbox/create');
    await page.waitForURL((u) => u.pathname === '/brainrocket/integration/sandbox/generate');
    await page.getByRole('tab', { name: 'Generate tokens', selected: true }).waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.filter((t) => /Create user|Balance/.test(t))).toEqual([]);
    expect(tabs).toContain('Update status');
    await page.goto('/brainrocket/integration/sandbox/balance');
    await page.waitForURL((u) => u.pathname === '/brainrocket/integration/sandbox/generate');
    const partner = await api('partner@demo.partner-panel.test');
    const made = await partner.call('POST', '/api/v2/client/generate-secret-key', { mode: 'sandbox' });
    const tokens = await partner.tokensFor(made.json.body.SecretKey as string);
    const refused = await partner.call('POST', '/api/v2/client/users/create', { username: 'partner-user', password: 'Str0ng!Passw0rd', email: 'p@example.com' }, tokens.json.body.AccessToken as string);
    expect(refused).toMatchObject({ status: 403, json: { header: { message: 'This is not available for your account.' } } });
    expectNoProblems(tab);
  });
});

describe('Explore docs', () => {
  it('shows the README quick start and links the API reference, which loads nothing from elsewhere and runs under its CSP', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const policies: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'document') policies.push(r.headers()['content-security-policy'] ?? '');
    });
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/dashboard/exploredocs');
    await page.getByRole('heading', { level: 1, name: 'Explore Docs' }).waitFor();
    const readme = readFileSync(new URL('../../sdk/README.md', import.meta.url), 'utf8');
    const example = /<!-- quickstart:start -->\s*```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(await page.getByTestId('quickstart-code').textContent()).toBe(example);
    // The SDK is installed from this Partner Panel, which serves it: the README's command with this address.
    const install = (await page.getByTestId('install-code').textContent()) ?? '';
    const readmeInstall = /<!-- install:start -->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(install.trim()).toBe(readmeInstall.trim().replace('http://localhost:3000', server.url));
    expect(install).toMatch(/^npm install http:\/\/127\.0\.0\.1:\d+\/api\/sdk\/partner-panel-sdk-\d+\.\d+\.\d+\.tgz$/);
    const tarball = await page.request.get(install.replace('npm install ', '').trim());
    expect(tarball.status()).toBe(200);
    expect(tarball.headers()['content-type']).toBe('application/gzip');
    expect(await page.getByTestId('quickstart-run').textContent()).toContain(`PARTNER_PANEL_URL=${server.url} PARTNER_PANEL_SECRET_KEY=sk_test_`);
    await capture(page, 'dashboard-exploredocs');

    await page.getByRole('link', { name: 'Open the API reference' }).click();
    await page.getByRole('heading', { level: 3, name: 'POST /api/v2/client/users/create' }).waitFor();
    await page.getByText('Creates a VPN user, paid from the wallet', { exact: false }).first().waitFor();
    await page.getByText("Finds the reseller's VPN users", { exact: false }).first().waitFor();
    // Nothing leaves the origin: no fonts, scripts or telemetry from elsewhere.
    expect(requests.filter((u) => !u.startsWith(server.url) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
    expect(policies.length).toBeGreaterThan(1);
    for (const policy of policies) expect(policy).toMatch(/script-src 'self'|default-src 'none'/);
    expect(policies.at(-1)).toContain("default-src 'none'");
    expect(tab.problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    expectNoProblems(tab);
  });
});
