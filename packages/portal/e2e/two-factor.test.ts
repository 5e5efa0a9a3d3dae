/**
 * Two-factor sign-in in Chromium against the real server (docs/api.md "Two-factor sign-in"): set
 * up TOTP on the profile by reading the key shown beside its QR code, sign out, sign in with the
 * password and a code; a wrong code is refused and counted by the sign-in lockout; a recovery code
 * works once; an admin's requirement makes its user set it up at sign-in.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab, signIn } from './support/browser.js';
import { startServer } from './support/server.js';

const server = await startServer({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '4' });
const email = 'reseller@demo.partner-panel.test';
const PASSWORD = 'DemoPass2026!';

/** The code an authenticator shows `steps` 30-second steps from now (the server takes one step of drift). */
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(/\/login$/);
}

async function passwordStep(page: Page, who = email) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(who);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signed in: the shell's user menu shows. (Where the sign-in lands — the dashboard, or the page the
 * sign-out left, which react-admin's logout hands on — is not this test's subject.)
 */
async function signedInShell(page: Page) {
  await page.getByTestId('user-menu').waitFor();
  expect(new URL(page.url()).pathname).not.toBe('/login');
}

describe('two-factor sign-in', () => {
  it('is set up from the profile by the QR code’s key, then asked after the password; wrong codes count toward the lockout; a recovery code works once', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;
    await signIn(page, email);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByTestId('two-factor-state').getByText('Off. Signing in takes only your password.').waitFor();

    await page.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('alert').getByText('Your password is incorrect.').waitFor();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Next' }).click();
    const qr = dialog.getByRole('img', { name: 'QR code of your two-factor sign-in key' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = (await dialog.getByTestId('totp-secret').textContent()) as string;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await capture(page, 'two-factor-setup');
    await dialog.getByLabel('6-digit code').fill('000000');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByRole('alert').getByText('That code is not right. Check your authenticator app and try again.').waitFor();
    await dialog.getByLabel('6-digit code').fill(await code(secret));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const list = dialog.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => list.count()).toBe(10);
    const recovery = (await list.allTextContents()).map((c) => c.trim());
    await capture(page, 'two-factor-recovery-codes');
    // Shown once: they can be copied, or saved as a file, before the dialog closes.
    await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await dialog.getByRole('button', { name: 'Copy codes' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${recovery.join('\n')}\n`);
    const [saved] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download codes' }).click()]);
    expect(saved.suggestedFilename()).toBe('partner-panel-recovery-codes.txt');
    expect(readFileSync((await saved.path()) as string, 'utf8')).toBe(`${recovery.join('\n')}\n`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('two-factor-state').getByText('On. Signing in asks for a code from your authenticator app.').waitFor();
    await page.getByText('10 unused recovery codes left.').waitFor();

    // --- sign out, sign in: the password, then the code
    await signOut(page);
    await passwordStep(page);
    await page.getByText('Enter the code from your authenticator app to finish signing in.').waitFor();
    await capture(page, 'login-two-factor');
    // Wrong codes are refused; with the password step they count toward the lockout of 4 in a row.
    for (let i = 0; i < 2; i++) {
      await page.getByLabel('Authentication code').fill(`12345${i}`);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => page.getByLabel('Authentication code').inputValue()).toBe('');
      await page.getByRole('alert').getByText('That code is not right. Check your authenticator app and try again.').waitFor();
    }
    await page.getByLabel('Authentication code').fill(await code(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/dashboard\/overview$/);

    // --- the lockout: the password step and wrong codes, four in a row, then even a right code waits
    await signOut(page);
    await passwordStep(page);
    for (let i = 0; i < 3; i++) {
      await page.getByLabel('Authentication code').fill(`65432${i}`);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => page.getByLabel('Authentication code').inputValue()).toBe('');
    }
    await page.getByLabel('Authentication code').fill(recovery[0] as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText(/^Too many attempts\. Please try again in/).waitFor();
    await server.app.ctx.counters.reset(`login:${email}`);

    // --- a recovery code signs in once
    await passwordStep(page);
    await page.getByLabel('Authentication code').fill(recovery[0] as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/dashboard\/overview$/);
    await signOut(page);
    await passwordStep(page);
    await page.getByLabel('Authentication code').fill(recovery[0] as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('That code is not right. Check your authenticator app and try again.').waitFor();
    expectNoProblems(tab);
    await tab.context.close();
  });

  it("makes a user whose admin requires it set it up at sign-in, then shows the recovery codes once", async () => {
    await server.app.ctx.db.execute(sql`update resellers set two_factor_required = true where email = 'sub1@demo.partner-panel.test'`);
    const tab = await newTab(server.url);
    const { page } = tab;
    await passwordStep(page, 'sub1@demo.partner-panel.test');
    await page.getByText('Your administrator requires two-factor sign-in. Set it up to finish signing in.').waitFor();
    await page.getByRole('img', { name: 'QR code of your two-factor sign-in key' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent()) as string;
    await capture(page, 'login-two-factor-setup');
    await page.getByLabel('6-digit code').fill(await code(secret));
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();
    await expect.poll(() => page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them — continue' }).click();
    await page.waitForURL(/\/dashboard\/overview$/);
    expectNoProblems(tab);
    await tab.context.close();
  });

  it("adds a passkey from the profile with Chromium's virtual authenticator, and signs in with it instead of a code", async () => {
    // WebAuthn needs a domain (an IP address is no relying party): the same server as localhost.
    const tab = await newTab(server.url.replace('127.0.0.1', 'localhost'));
    const { page } = tab;
    const cdp = await tab.context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const admin = 'admin@demo.partner-panel.test';
    await signIn(page, admin);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Your password').fill('wrong-password');
    await dialog.getByLabel('Passkey name').fill('Test laptop');
    await dialog.getByRole('button', { name: 'Add a passkey' }).click();
    await dialog.getByRole('alert').getByText('Your password is incorrect.').waitFor();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Your passkey is added. You can sign in with it instead of a code.').first().waitFor();
    await page.getByTestId('passkeys').getByText(/^Test laptop · Added/).waitFor();

    await signOut(page);
    await passwordStep(page, admin);
    // A passkey-only account is asked for the passkey alone: no word of a code or an app.
    await page.getByText('Use your passkey to finish signing in.').waitFor();
    expect(await page.getByText(/authenticator app|recovery code/).count()).toBe(0);
    expect(await page.getByLabel('Authentication code').count()).toBe(0);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await signedInShell(page);

    // With TOTP on too, the step names both: the code (or a recovery code) and the passkey.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('button', { name: 'Turn on' }).click();
    const setup = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await setup.getByLabel('Your password').fill(PASSWORD);
    await setup.getByRole('button', { name: 'Next' }).click();
    const secret = (await setup.getByTestId('totp-secret').textContent()) as string;
    await setup.getByLabel('6-digit code').fill(await code(secret));
    await setup.getByRole('button', { name: 'Turn on' }).click();
    await setup.getByRole('button', { name: 'Done' }).click();
    await signOut(page);
    await passwordStep(page, admin);
    await page.getByText('Enter the code from your authenticator app or a recovery code, or use your passkey, to finish signing in.').waitFor();
    await page.getByLabel('Authentication code').waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await signedInShell(page);
    expectNoProblems(tab);
    await tab.context.close();
  });
});
