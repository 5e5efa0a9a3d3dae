/**
 * The webhooks page's Add endpoint and the two-factor dialogs, alone inside react-admin's
 * AdminContext against the real server: each field's own sentence from the contract beneath it
 * (never a schema library's words), the server's refusals where the person looks, the fields
 * emptied after an answer, the first field of each step focused, and the recovery codes of the
 * first answer shown with Copy and Download.
 */
import './support/dom';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { generate } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { messages, TWO_FACTOR_MESSAGES } from '@partner-panel/sdk';
import WebhooksPage from '../src/pages/integration/webhooks/WebhooksPage';
import { TwoFactorCard } from '../src/pages/profile/TwoFactorCard';
import { renderAt, signedIn } from './support/admin';

afterEach(() => cleanup());

const PASSWORD = 'DemoPass2026!';
const LIBRARY_WORDS = /Invalid input|expected|received|undefined|\[object/;
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const toasts = () => [...document.querySelectorAll('.MuiSnackbarContent-message')].map((t) => t.textContent);
/** The message beneath a field: its helper text, in error or not. */
const beneath = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('Add endpoint', () => {
  it('says the contract’s sentence for an empty URL, the server’s beneath the field for a refused one, and empties the form after adding', async () => {
    const p = await signedIn('reseller@demo.partner-panel.test');
    renderAt(p, 'integration/webhooks', <WebhooksPage />);
    const url = await screen.findByLabelText('Endpoint URL');
    const add = screen.getByRole('button', { name: 'Add endpoint' });

    fireEvent.click(add);
    await waitFor(() => expect(beneath(url)).toBe(messages.webhookUrlRequired));
    expect(url.getAttribute('aria-invalid')).toBe('true');

    type(url, 'not a url');
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('false'));
    fireEvent.click(add);
    await waitFor(() => expect(beneath(url)).toBe('The URL must be a full http:// or https:// address, without a user name or password.'));
    expect(toasts().filter((t) => t?.startsWith('The URL must be'))).toEqual([]);
    expect(document.body.textContent).not.toMatch(LIBRARY_WORDS);

    type(url, 'https://hooks.example.com/forms');
    fireEvent.click(screen.getByRole('checkbox', { name: 'coupon.redeemed' }));
    expect((screen.getByRole('checkbox', { name: 'Every event type' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(add);
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret.textContent).toMatch(/^whsec_/);
    const [made] = await p.dataProvider.webhookEndpoints('live');
    expect(made).toMatchObject({ url: 'https://hooks.example.com/forms', event_types: ['coupon.redeemed'], mode: 'live' });
    // Added: the form is empty again, for the next endpoint (behind the secret's dialog).
    expect((url as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('checkbox', { name: 'Every event type', hidden: true }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('the two-factor dialogs', () => {
  it('turn on with the password then a code, each refused in its own words, and show the first answer’s codes to copy or download', async () => {
    const p = await signedIn('reseller@demo.partner-panel.test');
    renderAt(p, 'profile', <TwoFactorCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    const password = within(dialog).getByLabelText('Your password');
    await waitFor(() => expect(document.activeElement).toBe(password));

    // Empty: the contract's sentence beneath the field, and nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(beneath(password)).toBe(messages.passwordRequired));
    type(password, 'not-my-password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByText('Your password is incorrect.');
    expect(within(dialog).getByRole('alert').textContent).toBe('Your password is incorrect.');

    type(within(dialog).getByLabelText('Your password'), PASSWORD);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const code = await within(dialog).findByLabelText('6-digit code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const secret = within(dialog).getByTestId('totp-secret').textContent as string;

    type(code, 'abc');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(beneath(code)).toBe('Enter the 6-digit code your authenticator app shows.'));
    // A wrong code: the server's sentence, and the field emptied to type the next one.
    type(code, '000000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await within(dialog).findByText('That code is not right. Check your authenticator app and try again.');
    expect((code as HTMLInputElement).value).toBe('');

    type(code, await generate({ secret }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const list = await within(dialog).findByTestId('recovery-codes');
    const shown = [...list.querySelectorAll('li')].map((li) => li.textContent);
    expect(shown).toHaveLength(10);
    within(dialog).getByRole('button', { name: 'Copy codes' });
    within(dialog).getByRole('button', { name: 'Download codes' });
    expect(dialog.textContent).not.toMatch(LIBRARY_WORDS);
    await waitFor(() => expect(screen.getByTestId('two-factor-state').textContent).toMatch(/^On/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // New recovery codes: the password and a code; a wrong code is emptied; the new codes replace the old.
    fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const renew = await screen.findByRole('dialog', { name: 'New recovery codes' });
    const renewCode = within(renew).getByLabelText('Authentication code');
    fireEvent.click(within(renew).getByRole('button', { name: 'New recovery codes' }));
    await waitFor(() => expect(beneath(renewCode)).toBe(TWO_FACTOR_MESSAGES.codeRequired));
    expect(beneath(within(renew).getByLabelText('Your password'))).toBe(messages.passwordRequired);
    type(within(renew).getByLabelText('Your password'), PASSWORD);
    type(renewCode, '000000');
    fireEvent.click(within(renew).getByRole('button', { name: 'New recovery codes' }));
    await within(renew).findByText('That code is not right. Check your authenticator app and try again.');
    expect((renewCode as HTMLInputElement).value).toBe('');
    type(renewCode, shown[0] as string);
    fireEvent.click(within(renew).getByRole('button', { name: 'New recovery codes' }));
    const renewed = [...(await within(renew).findByTestId('recovery-codes')).querySelectorAll('li')].map((li) => li.textContent);
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((c) => shown.includes(c))).toEqual([]);
    fireEvent.click(within(renew).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Turn off: the password and a recovery code; the card says Off.
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const off = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    type(within(off).getByLabelText('Your password'), PASSWORD);
    type(within(off).getByLabelText('Authentication code'), 'no');
    fireEvent.click(within(off).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(beneath(within(off).getByLabelText('Authentication code'))).toBe(TWO_FACTOR_MESSAGES.codeFormat));
    type(within(off).getByLabelText('Authentication code'), renewed[0] as string);
    fireEvent.click(within(off).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('two-factor-state').textContent).toMatch(/^Off/));
  });

  it('asks a passkey its name in the contract’s words', async () => {
    const p = await signedIn('admin@demo.partner-panel.test');
    renderAt(p, 'profile', <TwoFactorCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    type(within(dialog).getByLabelText('Your password'), PASSWORD);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expect(beneath(within(dialog).getByLabelText('Passkey name'))).toBe('Name the passkey, for example "Work laptop".'));
    expect(dialog.textContent).not.toMatch(LIBRARY_WORDS);
  });
});
