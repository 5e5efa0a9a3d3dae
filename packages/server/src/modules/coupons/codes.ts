/** Coupon codes: the prefix and 12 Crockford base32 characters (60 random bits) from a CSPRNG. */
import { randomId } from '../../random.js';

export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RANDOM_CHARS = 12;

/** 32 divides 256, so masking a byte to 5 bits keeps every character equally likely. */
export function randomCode(prefix: string): string {
  const bytes = randomId(RANDOM_CHARS);
  let out = prefix;
  for (const b of bytes) out += CROCKFORD[b & 31];
  return out;
}

export const randomCodes = (prefix: string, n: number) => Array.from({ length: n }, () => randomCode(prefix));
