/** Random ids cut from a block the CSPRNG fills at once (src/random.ts): never the same bytes twice. */
import { describe, expect, it } from 'vitest';
import { randomId } from '../src/random.js';
import { newRequestId } from '../src/http/request-id.js';

describe('random ids', () => {
  it('gives each caller its own bytes, across many blocks, and larger asks straight from the CSPRNG', () => {
    const cuts = Array.from({ length: 5_000 }, (_, i) => randomId(i % 2 ? 12 : 15));
    expect(cuts.every((b, i) => b.length === (i % 2 ? 12 : 15))).toBe(true);
    expect(new Set(cuts.map((b) => b.toString('hex'))).size).toBe(cuts.length);
    // A cut is a view that no later cut overlaps: filling one leaves the others as they were.
    const before = cuts.map((b) => b.toString('hex'));
    cuts[0]?.fill(0);
    expect(cuts.slice(1).map((b) => b.toString('hex'))).toEqual(before.slice(1));
    expect(randomId(2_000)).toHaveLength(2_000);
    const ids = Array.from({ length: 1_000 }, newRequestId);
    expect(ids.every((id) => /^req_[A-Za-z0-9_-]{16}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
