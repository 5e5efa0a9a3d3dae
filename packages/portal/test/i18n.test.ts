/** Every string key the portal uses exists in the messages, and the spec's texts are verbatim. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errors, fallbackMessage, ROLE_NAMES } from '@partner-panel/sdk';
import { en } from '../src/i18n/en/all';
import { validation } from '../src/i18n/en/contract';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });

const lookup = (key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe('i18n messages', () => {
  const keys = new Set<string>();
  for (const file of files(src)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/['"`](pp\.[a-z_]+(?:\.[a-z0-9_]+)+)['"`]/g)) keys.add(match[1] as string);
  }

  it('finds the keys the screens use', () => {
    expect(keys.size).toBeGreaterThan(80);
  });

  it.each([...keys].sort())('has %s', (key) => {
    expect(typeof lookup(key), key).toBe('string');
  });

  it('shows "No Records Found!" on an empty table (000 §2)', () => {
    expect(en.ra.navigation.no_results).toBe('No Records Found!');
  });

  it('holds the spec texts verbatim', () => {
    expect(en.pp.legacy).toEqual({ title: 'Browser not supported', body: 'Please update your browser' });
    expect(validation.passwordsDontMatch).toBe("Passwords don't match");
    // The signed-out pages' copies of the contract's refusals (kept apart from its catalogue for /login's weight).
    expect(en.pp.roles).toEqual(ROLE_NAMES);
    expect(en.pp.errors).toMatchObject({
      csrf: errors.csrfMissing.message,
      form_init: errors.formInit.message,
      login: errors.loginFailed.message,
      fetch_details: fallbackMessage(errors.fetchDetails),
      update: errors.updateFailed.message,
      network: errors.network.message,
    });
    expect(validation.fullNameRequired).toBe('Full Name is required');
    expect(validation.emailRequired).toBe('Email address is required');
    expect(validation.nothingToUpdate).toBe('Nothing to update');
    expect(validation.fieldEmpty).toBe('Field is empty');
    expect(en.pp.payment_success.verifying).toBe('Verifying Your Payment…');
    expect(en.pp.errors.csrf).toBe('CSRF token not found. Please refresh the page and try again.');
    expect(en.pp.errors.form_init).toBe('Failed to initialize form. Please refresh the page.');
    expect(en.pp.nav).toMatchObject({ control_panel: 'Control Panel', coupons: 'Coupons', vpn: 'Manage VPN', integration: 'Integration', profile: 'Profile', logout: 'Logout' });
    // The key box and the playground (002 §2, §8).
    expect(en.pp.keys).toMatchObject({
      fetch_failed: 'Error fetching secret key: %{reason}',
      generate_failed: 'Failed to generate secret key.',
      regenerate_failed: 'Failed to regenerate secret key.',
      regenerate_error: 'Error regenerating key: %{reason}',
      regenerate_problem: 'There was a problem regenerating your key.',
    });
    expect(en.pp.sandbox).toMatchObject({ try: 'Try it out', executing: 'Executing...' });
  });
});
