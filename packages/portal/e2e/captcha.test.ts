/**
 * Captcha in the browser: with reCAPTCHA configured, the provider's script is loaded and each
 * public call carries a token made for its action; the server checks it with siteverify (a local
 * peer here). Google's script cannot be reached from this machine, so a stand-in with its API
 * (grecaptcha.ready / execute) is served in its place.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { newTab } from './support/browser.js';
import { startServer } from './support/server.js';

const verified: { action: string; token: string }[] = [];
const peer = createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  const token = new URLSearchParams(body).get('response') ?? '';
  const [, action] = token.split(':');
  verified.push({ action: action ?? '', token });
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(token.startsWith('browser-token:') ? { success: true, action, score: 0.9 } : { success: false }));
});
peer.listen(0, '127.0.0.1');
await once(peer, 'listening');
afterAll(() => new Promise<void>((r) => peer.close(() => r())));

const server = await startServer({
  CAPTCHA_PROVIDER: 'recaptcha',
  CAPTCHA_SITE_KEY: 'site-key-123',
  CAPTCHA_SECRET_KEY: 'secret',
  CAPTCHA_VERIFY_URL: `http://127.0.0.1:${(peer.address() as AddressInfo).port}/siteverify`,
});

const standIn = `window.grecaptcha = {
  ready: (cb) => cb(),
  execute: (key, { action }) => Promise.resolve('browser-token:' + action + ':' + key),
};`;

describe('captcha', () => {
  it('loads the provider script only when configured and sends a token for each action', async () => {
    const { page } = await newTab(server.url);
    const scripts: string[] = [];
    await page.route('https://www.google.com/recaptcha/api.js*', (route) => {
      scripts.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: standIn });
    });
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill('reseller@demo.partner-panel.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText(/^If an account exists/).waitFor();

    await page.goto('/login');
    await page.getByLabel('Email address').fill('reseller@demo.partner-panel.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('DemoPass2026!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/overview$/);

    expect(scripts[0]).toBe('https://www.google.com/recaptcha/api.js?render=site-key-123');
    expect(verified.map((v) => v.action)).toEqual(['forgot', 'login']);
    expect(verified[1]?.token).toBe('browser-token:login:site-key-123');
  });

  it('sends a token for the password action with Change Password, and the change goes through', async () => {
    const { page } = await newTab(server.url);
    await page.route('https://www.google.com/recaptcha/api.js*', (route) => route.fulfill({ contentType: 'text/javascript', body: standIn }));
    await page.goto('/login');
    await page.getByLabel('Email address').fill('sub1@demo.partner-panel.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('DemoPass2026!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/overview$/);
    verified.length = 0;
    await page.goto('/northwind/profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Old Password').fill('DemoPass2026!');
    await dialog.getByLabel('New Password').fill('Captcha!Pass2027');
    await dialog.getByLabel('Confirm Password').fill('Captcha!Pass2027');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/login$/);
    expect(verified.map((v) => v.action)).toEqual(['password']);
  });

  it('refuses a sign-in whose token does not verify, with the catalogue message', async () => {
    const { page } = await newTab(server.url);
    await page.route('https://www.google.com/recaptcha/api.js*', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: `window.grecaptcha = { ready: (cb) => cb(), execute: () => Promise.resolve('forged') };` }),
    );
    await page.goto('/login');
    await page.getByLabel('Email address').fill('reseller@demo.partner-panel.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('DemoPass2026!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Captcha verification failed. Please try again.').waitFor();
  });
});

describe('without a captcha provider', () => {
  it('loads no third-party script', async () => {
    const plain = await startServer();
    const { page } = await newTab(plain.url);
    const external: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(plain.url)) external.push(r.url());
    });
    await page.goto('/register');
    await page.getByLabel('Email address').fill('plain@example.com');
    await page.getByLabel('Full Name').fill('Plain');
    await page.getByLabel('Password', { exact: true }).fill('Plain!Password1');
    await page.getByLabel('Confirm Password').fill('Plain!Password1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Check your inbox').waitFor();
    expect(external).toEqual([]);
  });
});
