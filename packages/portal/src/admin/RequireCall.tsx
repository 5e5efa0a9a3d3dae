/**
 * A page whose call the member's role does not allow (its section's `call`, the contract's
 * `permission`) shows the 'not allowed' page at its own address, never a broken screen: the
 * menus do not offer it, but a bookmark, a link from a colleague or a lowered role may still lead
 * there.
 */
import type { ReactNode } from 'react';
import type { CallName } from '@partner-panel/sdk';
import { memberMay } from '@partner-panel/data-provider';
import { useSessionUser } from '../routing/useSessionUser';
import { NotAllowedPage } from '../pages/not-allowed/NotAllowedPage';

export function RequireCall({ call, children }: { call: CallName | undefined; children: ReactNode }) {
  const user = useSessionUser();
  // The account's rule (the page's area) is RequireArea's, around this: here the member's alone.
  if (!call || memberMay(user, call)) return <>{children}</>;
  return <NotAllowedPage />;
}
