/**
 * A page whose call the member's role does not allow (its section's `call`, the contract's
 * `permission`) shows the 'not allowed' page at its own address, never a broken screen: the
 * menus do not offer it, but a bookmark, a link from a colleague or a lowered role may still lead
 * there.
 */
import type { ReactNode } from 'react';
import type { CallName } from '@partner-panel/sdk';
import { canAccess } from '@partner-panel/data-provider';
import { useSessionUser } from '../routing/useSessionUser';
import { NotAllowedPage } from '../pages/not-allowed/NotAllowedPage';

export function RequireCall({ call, children }: { call: CallName | undefined; children: ReactNode }) {
  const user = useSessionUser();
  if (!call || canAccess(user, { resource: 'dashboard', action: call })) return <>{children}</>;
  return <NotAllowedPage />;
}
