/**
 * What a screen does not need to show its first data (the live channel, the check for a new
 * version) starts after it: on the frame after the moment no read is in flight, so that its code
 * never competes with what a person came to read.
 */
import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

export function afterReads(queryClient: QueryClient, stopped: () => boolean = () => false): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (stopped()) return unsubscribe();
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      requestAnimationFrame(() => setTimeout(resolve));
    };
    // The cache tells of every change; a read just answered has left the count on the next task.
    const unsubscribe = queryClient.getQueryCache().subscribe(() => setTimeout(check));
    setTimeout(check);
  });
}

/** True from then on. */
export function useAfterReads() {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  useEffect(() => {
    let stopped = false;
    void afterReads(queryClient, () => stopped).then(() => !stopped && setDone(true));
    return () => {
      stopped = true;
    };
  }, [queryClient]);
  return done;
}
