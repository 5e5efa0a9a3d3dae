/** A new VPN account's login: a unique username and a strong password, both from a CSPRNG. */
import { randomBytes, randomInt } from 'node:crypto';
import { isStrongPassword, PASSWORD_SPECIALS } from '@partner-panel/sdk';

const LOWER_CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** `vpn` and 10 characters: 50 random bits, read aloud without confusion. */
export function newUsername(): string {
  let out = 'vpn';
  for (const b of randomBytes(10)) out += LOWER_CROCKFORD[b & 31];
  return out;
}

const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIALS = PASSWORD_SPECIALS.replace(/[{}.,]/g, '');

/** 16 characters meeting the password rule of 000 §5 (no look-alikes, no braces or commas). */
export function newPassword(): string {
  for (;;) {
    const all = LETTERS + DIGITS + SPECIALS;
    const chars = Array.from({ length: 16 }, () => all[randomInt(all.length)] as string);
    // One of each class at random places, so the rule always holds.
    chars[randomInt(4)] = DIGITS[randomInt(DIGITS.length)] as string;
    chars[4 + randomInt(4)] = SPECIALS[randomInt(SPECIALS.length)] as string;
    chars[8 + randomInt(4)] = 'abcdefghijkmnpqrstuvwxyz'[randomInt(24)] as string;
    chars[12 + randomInt(4)] = 'ABCDEFGHJKLMNPQRSTUVWXYZ'[randomInt(24)] as string;
    const password = chars.join('');
    if (isStrongPassword(password)) return password;
  }
}
