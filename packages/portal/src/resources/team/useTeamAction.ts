/**
 * A Team page action (resend, revoke, remove, transfer, two-factor for everyone): once per intent
 * (../../components/useSubmission: a double click acts once, with one Idempotency-Key), the
 * server's sentence toasted, and the members and invitations read again whatever the answer.
 */
import { useNotify, useRefresh } from 'ra-core';
import type { Answered } from '@partner-panel/data-provider';
import { useSubmission, type Submission } from '../../components/useSubmission';

export function useTeamAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const submission = useSubmission();
  const act = async <T,>(what: unknown, call: (once: Submission) => Promise<Answered<T>>): Promise<T | null> => {
    const body = await submission.run(what, async (once) => {
      try {
        const answer = await call(once);
        notify(answer.message, { type: 'success' });
        return answer.body;
      } catch (error) {
        notify((error as Error).message, { type: 'error' });
        return null;
      } finally {
        refresh();
      }
    });
    return body ?? null;
  };
  return { act, busy: submission.busy };
}
