/**
 * The bell's catch-up after a reconnection (src/realtime/catchUp.ts): it asks only for what came
 * after the newest notification it holds, merges it by uid, and reads the whole list again when the
 * server's count says the merge is not the truth (one read elsewhere, a late commit) or it cannot ask.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { catchUp } from '../src/realtime/catchUp';
import { BELL_QUERY, type NotificationRow } from '../src/realtime/notifications';

const row = (uid: string): NotificationRow => ({ uid, read_at: null, data: '{}', created_at: '2026-11-28T00:00:00.000Z' });

/** A query client holding `held` for the bell, the sinces asked for, and how often the bell was marked stale. */
function setup(held: { data: NotificationRow[]; total: number } | undefined, answer: () => Promise<{ data: NotificationRow[]; total: number }>) {
  const queryClient = new QueryClient();
  if (held) queryClient.setQueryData(BELL_QUERY, held);
  const asked: (string | undefined)[] = [];
  const dataProvider = {
    unreadNotifications: (since?: string) => {
      asked.push(since);
      return answer();
    },
  };
  const stale = () => queryClient.getQueryState(BELL_QUERY)?.isInvalidated ?? false;
  return { queryClient, dataProvider, asked, stale, run: () => catchUp(queryClient, dataProvider as never) };
}

describe('catching the bell up after a reconnection', () => {
  it('asks since the newest held and merges what it missed, each once', async () => {
    const t = setup({ data: [row('b'), row('a')], total: 2 }, async () => ({ data: [row('d'), row('c')], total: 4 }));
    await t.run();
    expect(t.asked).toEqual(['b']);
    expect(t.queryClient.getQueryData(BELL_QUERY)).toEqual({ data: [row('d'), row('c'), row('b'), row('a')], total: 4 });
    expect(t.stale()).toBe(false);
  });

  it('keeps one copy of a row that reached the bell another way meanwhile', async () => {
    const t = setup({ data: [row('b'), row('a')], total: 2 }, async () => {
      t.queryClient.setQueryData(BELL_QUERY, { data: [row('c'), row('b'), row('a')], total: 3 });
      return { data: [row('c')], total: 3 };
    });
    await t.run();
    expect(t.queryClient.getQueryData(BELL_QUERY)).toEqual({ data: [row('c'), row('b'), row('a')], total: 3 });
    expect(t.stale()).toBe(false);
  });

  it('reads the whole list again when the count disagrees, the cursor is refused, or nothing is held', async () => {
    const read = setup({ data: [row('b'), row('a')], total: 2 }, async () => ({ data: [row('c')], total: 2 }));
    await read.run();
    expect(read.stale()).toBe(true);
    const refused = setup({ data: [row('b')], total: 1 }, () => Promise.reject(new Error('Notification not found.')));
    await refused.run();
    expect(refused.stale()).toBe(true);
    const empty = setup({ data: [], total: 0 }, async () => ({ data: [], total: 0 }));
    await empty.run();
    expect(empty.asked).toEqual([]);
  });
});
