/**
 * Integration → Webhooks in Chromium against the real server and a receiver on 127.0.0.1: an
 * endpoint added with its secret shown once, a test event that the SDK's verifyWebhook (the
 * `standardwebhooks` package) verifies with that secret, the delivery log with its attempt, Resend with the same
 * webhook-id, rotation, disable and delete; the URL's refusals under its field; an endpoint whose
 * test fails shown failing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '@partner-panel/sdk';
import { receiver } from '../../server/test/support/receiver.js';
import { capture, expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer();
const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbarContent-message').getByText(text);

/** A port of 127.0.0.1 nothing listens on: a delivery to it is refused. */
async function closedPort() {
  const held = createServer();
  await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
  const { port } = held.address() as AddressInfo;
  await new Promise<void>((resolve) => held.close(() => resolve()));
  return port;
}

describe('Integration → Webhooks', () => {
  it('adds a sandbox endpoint, shows its secret once, sends a verified test event, logs and resends it, rotates, disables and deletes', async () => {
    const hook = await receiver();
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, 'reseller@demo.partner-panel.test');
    await page.goto('/demo-reseller/integration/webhooks');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No endpoint yet.').waitFor();
    await capture(page, 'integration-webhooks-empty');

    await page.getByRole('button', { name: 'Sandbox' }).click();
    // Careless URLs first: the server's sentence under the URL field (not a toast), nothing made.
    const urlField = page.getByLabel('Endpoint URL');
    const urlError = (text: string) => page.locator('.MuiFormHelperText-root.Mui-error').getByText(text, { exact: true });
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await urlError('Please enter the URL of your webhook endpoint.').waitFor();
    expect(await urlField.getAttribute('aria-invalid')).toBe('true');
    await urlField.fill('not a url');
    // Typing clears it; the next refusal says its own reason.
    expect(await urlField.getAttribute('aria-invalid')).toBe('false');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await urlError('The URL must be a full http:// or https:// address, without a user name or password.').waitFor();
    expect(await toast(page, /^(Please enter the URL|The URL must be)/).count()).toBe(0);
    await capture(page, 'integration-webhooks-url-error');
    await page.getByText('No endpoint yet.').waitFor();

    await page.getByLabel('Endpoint URL').fill(hook.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await toast(page, 'Webhook endpoint created. Copy its signing secret now: it is shown only once.').waitFor();
    const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await capture(page, 'integration-webhooks-secret');
    await page.getByRole('button', { name: 'Done' }).click();
    const endpoint = page.getByTestId('webhook-endpoint');
    await endpoint.getByText(hook.url).waitFor();
    // Shown once: the page holds it no more.
    expect(await page.content()).not.toContain(secret);

    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await toast(page, 'Test event sent.').waitFor();
    const [test] = await hook.waitFor(1);
    const event = verifyWebhook(test?.body ?? '', test?.headers as Record<string, string>, secret);
    expect(event).toMatchObject({ type: 'webhook.test', livemode: false });

    await endpoint.getByRole('button', { name: 'Refresh' }).click();
    await endpoint.getByTestId('attempt').getByText(/: 200 in \d+ ms$/).waitFor();
    await endpoint.getByText('Delivered').waitFor();
    await endpoint.getByRole('button', { name: 'Resend' }).click();
    await toast(page, 'Delivery sent again.').waitFor();
    const [, again] = await hook.waitFor(2);
    expect(again?.headers['webhook-id']).toBe(test?.headers['webhook-id']);
    await expect.poll(async () => endpoint.getByTestId('attempt').count(), { timeout: 10_000 }).toBe(2);

    await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
    await toast(page, 'Signing secret rotated. The previous secret keeps signing for 24 hours.').waitFor();
    const rotated = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: 'Done' }).click();
    await endpoint.getByText(/The previous secret also signs until/).waitFor();
    await capture(page, 'integration-webhooks-endpoint');

    await endpoint.getByRole('button', { name: 'Disable' }).click();
    await toast(page, 'Webhook endpoint updated.').waitFor();
    await endpoint.getByText('Disabled', { exact: true }).waitFor();
    expect(await endpoint.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);

    // The live mode has its own endpoints: none.
    await page.getByRole('button', { name: 'Live' }).click();
    await page.getByText('No endpoint yet.').waitFor();
    await page.getByRole('button', { name: 'Sandbox' }).click();
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Webhook endpoint deleted.').waitFor();
    await page.getByText('No endpoint yet.').waitFor();

    // An endpoint nothing answers: its failed test is Failed in the log, and the list says it is failing.
    const gone = await closedPort();
    await urlField.fill(`http://127.0.0.1:${gone}/hook`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await endpoint.getByText('Enabled', { exact: true }).waitFor();
    expect(await endpoint.getByText(/^Failing since /).count()).toBe(0);
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await toast(page, 'Test event sent.').waitFor();
    await expect
      .poll(async () => {
        await endpoint.getByRole('button', { name: 'Refresh' }).click();
        return endpoint.getByText('Failed', { exact: true }).count();
      }, { timeout: 10_000 })
      .toBe(1);
    await endpoint.getByText(/^Failing since .+: no delivery accepted since then$/).waitFor();
    await capture(page, 'integration-webhooks-failing');
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No endpoint yet.').waitFor();
    expectNoProblems(tab);
  });
});
