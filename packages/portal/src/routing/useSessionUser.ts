import { useSyncExternalStore } from 'react';
import type { StoredUser } from '@partner-panel/data-provider';
import { session } from '../session';

let cached: { raw: string | null; user: StoredUser | null } = { raw: null, user: null };

/** A snapshot that keeps its identity while the stored user is unchanged. */
function snapshot(): StoredUser | null {
  const user = session.user();
  const raw = user ? JSON.stringify(user) : null;
  if (raw !== cached.raw) cached = { raw, user };
  return cached.user;
}

/** The stored user, re-rendering whenever the session changes (sign-in, refresh, sign-out). */
export function useSessionUser(): StoredUser | null {
  return useSyncExternalStore(session.subscribe, snapshot, snapshot);
}
