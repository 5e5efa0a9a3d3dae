/**
 * One effect per intent: every form that creates, spends or changes security submits through this.
 *
 * - A submission started while another of the same form is on its way is dropped at once (a ref, not
 *   state: a second click or Enter may arrive before React has disabled the button).
 * - The same values again within REPEAT_MS of an answer (Enter pressed twice, where the first answer
 *   came back between the presses) are the same intent, already answered: dropped, no call.
 * - Each submission carries an Idempotency-Key (the data provider's `Submission`), made when it
 *   starts. Sent again with the same values after no definite answer (no answer, a 5xx, a 429, a key
 *   still in use), it keeps that key, so the server answers the first answer instead of acting
 *   twice. Any other submission is a deliberate one: a new key.
 * - `busy` holds from the start to the answer; the submit buttons are disabled by it.
 *
 * The second click of a double click never submits (`SubmitButton`, `onlyFirstClick`).
 */
import { useCallback, useRef, useState, type MouseEvent } from 'react';
import type { Submission } from '@partner-panel/data-provider';
import { newIdempotencyKey } from '@partner-panel/sdk';

export type { Submission };

/**
 * How long after an answer the same values sent again are the same intent: about a double click's
 * interval (the systems' default is 500 ms), well under the time to read the answer and decide again.
 */
export const REPEAT_MS = 1000;

/** `dropAnswered: false` sends the same values again at once, as a new intent (see SchemaForm's `repeats`). */
export function useSubmission({ dropAnswered = true }: { dropAnswered?: boolean } = {}) {
  const running = useRef(false);
  const held = useRef<{ key: string; values: string; until: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async <T>(values: unknown, work: (once: Submission) => Promise<T> | T): Promise<T | undefined> => {
    if (running.current) return undefined;
    const signature = JSON.stringify(values ?? null);
    const same = held.current !== null && held.current.values === signature && performance.now() < held.current.until;
    const answered = same && held.current?.until !== Infinity;
    // Answered a moment ago: the answer is on screen, a second call would only repeat it.
    if (answered && dropAnswered) return undefined;
    running.current = true;
    setBusy(true);
    const once: Submission = { idempotencyKey: same && !answered && held.current ? held.current.key : newIdempotencyKey() };
    held.current = { key: once.idempotencyKey, values: signature, until: Infinity };
    try {
      return await work(once);
    } finally {
      // Unanswered, the key waits for the retry; answered, only for a repeat close behind.
      held.current = { key: once.idempotencyKey, values: signature, until: once.unanswered ? Infinity : performance.now() + REPEAT_MS };
      running.current = false;
      setBusy(false);
    }
  }, [dropAnswered]);

  return { run, busy };
}

/**
 * A submit button's onClick: the second (third…) click of a double click is the same intent as the
 * first, so it does not submit again, even when the first's answer came back in between.
 */
export function onlyFirstClick(event: MouseEvent) {
  if (event.detail > 1) event.preventDefault();
}

/** An action button's onClick that runs `run` on a first click only (see `onlyFirstClick`). */
export const onFirstClick = (run: () => void) => (event: MouseEvent) => {
  onlyFirstClick(event);
  if (!event.defaultPrevented) run();
};
