/**
 * One effect per intent, at the hook every spending and security form submits through: a repeat
 * while a call is out is dropped, the same values just answered are dropped, a retry after no
 * definite answer keeps its Idempotency-Key, and anything else is a new intent with a new key.
 */
import './support/dom';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPEAT_MS, useSubmission, type Submission } from '../src/components/useSubmission';

afterEach(() => vi.restoreAllMocks());

/** The hook, and every key its work was called with. */
function hook(options?: Parameters<typeof useSubmission>[0]) {
  const { result } = renderHook(() => useSubmission(options));
  const keys: string[] = [];
  const submit = (values: unknown, work: (once: Submission) => Promise<unknown> | unknown = () => 'ok') =>
    act(() =>
      result.current.run(values, (once) => {
        keys.push(once.idempotencyKey);
        return work(once);
      }),
    );
  return { result, keys, submit };
}

/** performance.now() from here on, moved by hand. */
function clock() {
  let now = 1_000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return { pass: (ms: number) => (now += ms) };
}

describe('useSubmission', () => {
  it('drops a submission made while another is on its way', async () => {
    const { result, keys } = hook();
    let answer!: () => void;
    const pending = new Promise<void>((resolve) => (answer = resolve));
    let first!: Promise<unknown>;
    let second!: unknown;
    await act(async () => {
      first = result.current.run({ quantity: 1 }, (once) => {
        keys.push(once.idempotencyKey);
        return pending;
      });
      second = await result.current.run({ quantity: 1 }, (once) => keys.push(once.idempotencyKey));
    });
    expect(second).toBeUndefined();
    expect(result.current.busy).toBe(true);
    await act(async () => {
      answer();
      await first;
    });
    expect(keys).toHaveLength(1);
    expect(result.current.busy).toBe(false);
  });

  it('drops the same values sent again just after their answer (Enter pressed twice), and takes them again later with a new key', async () => {
    const time = clock();
    const { keys, submit } = hook();
    expect(await submit({ quantity: 1 })).toBe('ok');
    time.pass(REPEAT_MS - 1);
    expect(await submit({ quantity: 1 })).toBeUndefined();
    expect(keys).toHaveLength(1);
    time.pass(2);
    expect(await submit({ quantity: 1 })).toBe('ok');
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('sends other values at once, under a new key', async () => {
    clock();
    const { keys, submit } = hook();
    await submit({ quantity: 1 });
    await submit({ quantity: 2 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('keeps the key for a retry of a call that had no definite answer, however late', async () => {
    const time = clock();
    const { keys, submit } = hook();
    await submit({ quantity: 1 }, (once) => {
      once.unanswered = true;
      return undefined;
    });
    time.pass(60_000);
    await submit({ quantity: 1 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends the same values again at once, under a new key, where repeats are deliberate (the sandbox’s Try it out)', async () => {
    clock();
    const { keys, submit } = hook({ dropAnswered: false });
    await submit({ userId: 7 });
    expect(await submit({ userId: 7 })).toBe('ok');
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
