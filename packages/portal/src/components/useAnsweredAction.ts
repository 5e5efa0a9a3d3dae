/**
 * A button's call that is not a form (resend, revoke, rotate, delete…): once per intent
 * (./useSubmission: a double click acts once, with one Idempotency-Key; `what` names the action, so
 * the same action again within a second is the same intent), the server's sentence toasted either
 * way, `settle` run whatever the answer (read the page's data again), and the body answered, or
 * null on a refusal.
 */
import { useNotify } from 'ra-core';
import { useSubmission, type Submission } from './useSubmission';

export function useAnsweredAction(settle: () => void) {
  const notify = useNotify();
  const submission = useSubmission();
  const act = async <T,>(what: unknown, call: (once: Submission) => Promise<{ body: T; message: string }>): Promise<T | null> => {
    const body = await submission.run(what, async (once) => {
      try {
        const answer = await call(once);
        notify(answer.message, { type: 'success' });
        return answer.body;
      } catch (error) {
        notify((error as Error).message, { type: 'error' });
        return null;
      } finally {
        settle();
      }
    });
    return body ?? null;
  };
  return { act, busy: submission.busy };
}
