/**
 * What the bell missed while its socket was away (issue 37): the unread notifications written after
 * the newest one it holds, asked for with `since` once the channel is subscribed again, and merged
 * by uid, so one that also arrives live (or was already read in) shows once. The server's count
 * checks the merge: when it is not the count held plus the new ones (one read in another tab
 * meanwhile, or a transaction that committed after a newer one), the bell reads its whole list again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { BELL_QUERY, type NotificationRow } from './notifications';

/** What the bell's query holds: the unread call's answer. */
interface Unread {
  data: NotificationRow[];
  total: number;
}

/** The unread call answers at most this many; the merged list keeps no more. */
const UNREAD_LIMIT = 50;

export async function catchUp(queryClient: QueryClient, dataProvider: Pick<PortalDataProvider, 'unreadNotifications'>): Promise<void> {
  const reread = () => queryClient.invalidateQueries({ queryKey: BELL_QUERY });
  const since = queryClient.getQueryData<Unread>(BELL_QUERY)?.data[0]?.uid;
  // Nothing held, nothing to count from: the whole list is as small as what was missed.
  if (!since) return reread();
  let missed: Unread;
  try {
    missed = await dataProvider.unreadNotifications(since);
  } catch {
    return reread();
  }
  // Merged into what the bell holds now: a live event may have refetched it while we asked.
  const held = queryClient.getQueryData<Unread>(BELL_QUERY);
  if (!held) return reread();
  const known = new Set(held.data.map((row) => row.uid));
  const fresh = missed.data.filter((row) => !known.has(row.uid));
  if (missed.total !== held.total + fresh.length) return reread();
  queryClient.setQueryData<Unread>(BELL_QUERY, { data: [...fresh, ...held.data].slice(0, UNREAD_LIMIT), total: missed.total });
}
