import type { ApiError } from '@partner-panel/sdk';

/** The ApiError a call fails with; fails the test if the call succeeds. */
export const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as ApiError,
  );
