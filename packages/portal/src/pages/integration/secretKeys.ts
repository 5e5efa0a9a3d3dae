/**
 * The reseller's API secret keys (002 §7), shared by the key box and the Sandbox page: one query,
 * and the key a generation or regeneration answers written into it at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import type { PortalDataProvider, Submission } from '@partner-panel/data-provider';
import { CLIENT_API, type CallResult, type Contract, type KeyMode } from '@partner-panel/sdk';
import { useSubmission } from '../../components/useSubmission';

export type KeyStates = CallResult<Contract['getSecretKey']>;
export type KeyState = Omit<KeyStates, 'sandbox'>;
export const SECRET_KEYS_QUERY = ['secret-keys'] as const;
/** Where an example needs the sandbox key and there is none yet. */
export const KEY_PLACEHOLDER = `${CLIENT_API.keyPrefix.sandbox}…`;

export const keyOf = (keys: KeyStates, mode: KeyMode): KeyState => (mode === 'live' ? keys : keys.sandbox);

export function useSecretKeys() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  // One retry: the page says at once when the keys cannot be read, with a Try again.
  return useQuery({ queryKey: SECRET_KEYS_QUERY, queryFn: () => dataProvider.secretKeys(), retry: 1 });
}

/**
 * Generates (no key yet) or regenerates (`shown` is the key as the box shows it) a key, and answers
 * it whole. The cache then reloads: the live key comes back masked, so it stays whole only in the
 * page that made it. `once`: the submission, whose Idempotency-Key the call carries.
 */
export function useMakeKey() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  return async (mode: KeyMode, shown?: string, once?: Submission) => {
    const { body, message } = shown ? await dataProvider.regenerateSecretKey(mode, shown, once) : await dataProvider.generateSecretKey(mode, once);
    void queryClient.invalidateQueries({ queryKey: SECRET_KEYS_QUERY });
    return { key: body.SecretKey, message };
  };
}

/**
 * The server's reason when it refused (the data provider's HttpError of a 4xx, with its message), to
 * follow the spec's own sentence. Read by shape: importing HttpError here would split it out of
 * the chunks /login loads.
 */
export function reasonOf(error: unknown): string | null {
  const status = (error as { status?: unknown } | null)?.status;
  return error instanceof Error && typeof status === 'number' && status >= 400 && status < 500 ? error.message : null;
}

/**
 * Generate (a kind with no key yet): the key made, toasting the server's message; or null, after
 * toasting the spec's 'Failed to generate secret key.' with the server's reason when it gave one.
 * Once per intent (../../components/useSubmission): a repeat while it is on its way is dropped.
 */
export function useGenerateKey() {
  const makeKey = useMakeKey();
  const notify = useNotify();
  const translate = useTranslate();
  const submission = useSubmission();
  const mutation = useMutation({
    mutationFn: ({ mode, once }: { mode: KeyMode; once: Submission }) => makeKey(mode, undefined, once),
    onSuccess: ({ message }) => notify(message, { type: 'success' }),
    onError: (error) => {
      const reason = reasonOf(error);
      notify(`${translate('pp.keys.generate_failed')}${reason ? ` ${reason}` : ''}`, { type: 'error' });
    },
  });
  const busy = submission.busy || mutation.isPending;
  const generate = async (mode: KeyMode): Promise<string | null> =>
    (await submission.run(mode, (once) =>
      mutation.mutateAsync({ mode, once }).then(
        ({ key }) => key,
        () => null,
      ),
    )) ?? null;
  return { busy, generate };
}
