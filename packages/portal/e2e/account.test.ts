/**
 * A new reseller's first day, in Chromium against the real server: register, verify from the dev
 * inbox, the two-step sign-in, the dashboard's numbers, the profile, a password change, logout.
 */
import { describe, expect, it } from 'vitest';
import { capture, expectNoProblems, newTab } from './support/browser.js';
import { seedActivity } from './support/data.js';
import { startServer } from './support/server.js';

const server = await startServer();
const email = 'new.reseller@example.com';
const password = 'First!Password1';
const newPassword = 'Second!Password2';

describe('a new reseller', () => {
  it('registers, verifies, signs in, sees its numbers, edits its profile, changes its password and logs out', async () => {
    const tab = await newTab(server.url);
    const { page } = tab;

    // --- register, with every validation message of 000 §5
    await page.goto('/register');
    await capture(page, 'register');
    // The password rule is shown before anything goes wrong.
    await page.getByText(/^At least 12 characters, with a number/).waitFor();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Email address is required').count()).toBe(1);
    expect(await page.getByText('Full Name is required').count()).toBe(1);
    expect(await page.getByText('Password is required').count()).toBe(1);
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Full Name').fill('New Reseller');
    await page.getByLabel('Password', { exact: true }).fill('weakpassword');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText(/^Password must contain minimum 12 characters/).waitFor();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Check your inbox').waitFor();
    await page.getByText(`We sent a verification link to ${email}. Open it to activate your account.`).waitFor();
    // The success is said once, by the page: no toast repeats it (both would come in the same render).
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await page.getByText(/Registration successful/).count()).toBe(0);
    await capture(page, 'register-done');

    // --- the verification link, from the dev inbox
    await page.goto('/dev/mail');
    const link = await page.locator('a', { hasText: '/verification/' }).first().getAttribute('href');
    expect(link).toMatch(/\/verification\/[\w-]{43}$/);
    await page.goto(new URL(link as string).pathname);
    await page.getByText('Your email address is verified. You can now sign in.').first().waitFor();
    await capture(page, 'verification');

    // --- two-step sign-in: back to step 1 by clicking the e-mail, a wrong password clears the field
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('login-email').click();
    expect(await page.getByLabel('Email address').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await capture(page, 'login-password');
    await page.getByLabel('Password', { exact: true }).fill('Wrong!Password9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Unable to Login').waitFor();
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/new-reseller\/dashboard\/overview$/);

    // --- the dashboard shows the server's numbers
    const me = await server.app.ctx.db.query.resellers.findFirst({ where: (r, { eq }) => eq(r.email, email) });
    await seedActivity(server.app, me?.id as number);
    await page.reload();
    const tile = (id: string) => page.getByTestId(`${id}-value`);
    await expect.poll(() => tile('tile-total-coupons').textContent()).toBe('4');
    expect(await tile('tile-coupons-24h').textContent()).toBe('2');
    expect(await tile('tile-redeemed').textContent()).toBe('2');
    expect(await tile('tile-vpn-24h').textContent()).toBe('1');
    expect(await tile('tile-active-vpn').textContent()).toBe('2');
    expect(await tile('tile-wallet').textContent()).toBe('$0.00');
    await page.getByTestId('white-label-promo').waitFor();
    await capture(page, 'dashboard');

    // --- the profile: name ('Nothing to update', 'Field is empty'), read-only e-mail
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/new-reseller\/profile$/);
    await capture(page, 'profile');
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Nothing to update').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('  ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Field is empty').waitFor();
    // Typed, then emptied: the input now holds null, and the sentence is still the spec's.
    await page.getByLabel('Name', { exact: true }).fill('Someone');
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Field is empty').waitFor();
    expect(await page.getByText(/Invalid input|expected|received/).count()).toBe(0);
    await page.getByLabel('Name', { exact: true }).fill('Renamed Reseller');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Profile updated successfully').waitFor();
    await page.reload();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Renamed Reseller');

    // --- the change-password modal
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Old Password').fill(password);
    await dialog.getByLabel('New Password').fill('short');
    await dialog.getByLabel('Confirm Password').fill('other');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText(/^Password must contain minimum 12 characters/).waitFor();
    await dialog.getByText("Passwords don't match").waitFor();
    await capture(page, 'change-password');
    // The server's refusal goes as soon as the field is corrected.
    await dialog.getByLabel('Old Password').fill('Wrong!Password9');
    await dialog.getByLabel('New Password').fill(newPassword);
    await dialog.getByLabel('Confirm Password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByRole('alert').getByText('Old password is incorrect').waitFor();
    await dialog.getByLabel('Old Password').fill(password);
    await expect.poll(() => dialog.getByText('Old password is incorrect').count()).toBe(0);
    await dialog.getByLabel('New Password').fill(newPassword);
    await dialog.getByLabel('Confirm Password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('Your password has been changed. Please sign in again.').waitFor();

    // --- sign in with the new password, then log out
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back where the change sent the user out: the profile.
    await page.waitForURL(/\/new-reseller\/profile$/);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    // Nothing of the person stays on the browser; its language does, for the sign-in page (i18n/locale.ts).
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pp.')))).toEqual(['pp.locale']);
    await page.goto('/dashboard');
    await page.waitForURL(/\/login$/);
    expectNoProblems(tab);
  });

  it('forgets the password, resets it from the mailed link, and signs in', async () => {
    const { page } = await newTab(server.url);
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email address is required').waitFor();
    await page.getByLabel('Email address').fill('reseller@demo.partner-panel.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText(/^If an account exists for this email address/).waitFor();
    await capture(page, 'forgot-password');
    await page.goto('/dev/mail');
    const link = await page.locator('a', { hasText: '/reset-password/' }).first().getAttribute('href');
    await page.goto(new URL(link as string).pathname);
    await page.getByText('For reseller@demo.partner-panel.test').waitFor();
    await capture(page, 'reset-password');
    await page.getByLabel('New Password').fill('Reset!Password3');
    await page.getByLabel('Confirm Password').fill('Reset!Password4');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Confirm Password').fill('Reset!Password3');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('Your password has been updated. Please sign in with your new password.').waitFor();
    await page.getByLabel('Email address').fill('reseller@demo.partner-panel.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('Reset!Password3');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/demo-reseller\/dashboard\/overview$/);
  });

  it('shows a dead verification link, and sends a new one', async () => {
    const { page } = await newTab(server.url);
    await page.goto(`/verification/${'x'.repeat(43)}`);
    await page.getByRole('main').getByText('This verification link is invalid or has expired.').waitFor();
    await page.getByLabel('Email address').fill('sub2@demo.partner-panel.test');
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByText(/^If this address is waiting for verification/).first().waitFor();
    await capture(page, 'verification-failed');
    // Not a dead end: back to sign in.
    await page.getByRole('link', { name: 'Back to sign in' }).waitFor();
  });
});
