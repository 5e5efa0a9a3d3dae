/**
 * A Team page action (resend, revoke, remove, transfer, two-factor for everyone): once per intent,
 * the server's sentence toasted, and the members and invitations read again whatever the answer.
 */
import { useRefresh } from 'ra-core';
import { useAnsweredAction } from '../../components/useAnsweredAction';

export function useTeamAction() {
  return useAnsweredAction(useRefresh());
}
