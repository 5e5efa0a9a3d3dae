/**
 * Sealed secrets (sealing.ts): each kind under a key of its own, bound to its owner; a purpose is
 * always named, and only the webhook secrets' also opens what was sealed before it had its own.
 */
import { describe, expect, it } from 'vitest';
import { SEAL_PURPOSES, seal, unseal, type SealPurpose } from '../src/sealing.js';

const secret = 'an app secret of thirty-two characters or more';
const purposes = Object.keys(SEAL_PURPOSES) as SealPurpose[];

describe('sealing', () => {
  it('opens a value under its own purpose and owner only', () => {
    for (const purpose of purposes) {
      const sealed = seal(secret, purpose, 'reseller:1', 'whsec_value');
      expect(unseal(secret, purpose, 'reseller:1', sealed)).toBe('whsec_value');
      expect(unseal(secret, purpose, 'reseller:2', sealed)).toBeNull();
      expect(unseal('another app secret of thirty-two characters', purpose, 'reseller:1', sealed)).toBeNull();
      for (const other of purposes.filter((p) => p !== purpose)) {
        const former = (SEAL_PURPOSES[other] as { formerly?: readonly string[] }).formerly ?? [];
        if (former.includes(SEAL_PURPOSES[purpose].info)) continue;
        expect(unseal(secret, other, 'reseller:1', sealed), `${purpose} opened as ${other}`).toBeNull();
      }
    }
  });

  it('gives every purpose a key of its own', () => {
    expect(new Set(purposes.map((p) => SEAL_PURPOSES[p].info)).size).toBe(purposes.length);
  });

  it('opens a webhook secret sealed under the sandbox key’s purpose (as before it had its own), and seals new ones under its own', () => {
    const before = seal(secret, 'sandboxKey', 'reseller:1', 'whsec_old');
    expect(unseal(secret, 'webhookSecret', 'reseller:1', before)).toBe('whsec_old');
    const now = seal(secret, 'webhookSecret', 'reseller:1', 'whsec_new');
    expect(unseal(secret, 'sandboxKey', 'reseller:1', now)).toBeNull();
    // The way back is not open: a sandbox key is never read from a webhook secret's seal.
    expect(unseal(secret, 'sandboxKey', 'reseller:1', seal(secret, 'webhookSecret', 'reseller:1', 'sk_test_x'))).toBeNull();
  });

  it('takes no value without a purpose', () => {
    const typed = () => {
      // @ts-expect-error the purpose is required
      seal(secret, 'reseller:1', 'value');
      // @ts-expect-error a purpose must be one of SEAL_PURPOSES
      unseal(secret, 'default', 'reseller:1', 'v1.x');
    };
    expect(typeof typed).toBe('function');
  });
});
