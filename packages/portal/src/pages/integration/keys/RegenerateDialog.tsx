/**
 * Regenerate, confirmed first (002 §2). It sends the key as the box shows it, so a key another tab
 * has already replaced is refused rather than a second one made. A failure keeps the dialog open
 * with the spec's 'There was a problem regenerating your key.' and toasts why: the server's
 * refusal ('Error regenerating key: …') or no usable answer ('Failed to regenerate secret key.').
 */
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import type { KeyMode } from '@partner-panel/sdk';
import type { Submission } from '@partner-panel/data-provider';
import { onFirstClick, useSubmission } from '../../../components/useSubmission';
import { reasonOf, useMakeKey } from '../secretKeys';

export function RegenerateDialog({ open, mode, shown, onClose, onMade }: { open: boolean; mode: KeyMode; shown: string; onClose: () => void; onMade: (key: string) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const makeKey = useMakeKey();
  // Once per intent: a repeat while it is on its way is dropped, and the call carries the submission's Idempotency-Key.
  const submission = useSubmission();
  // Its error state is the dialog's 'There was a problem…' until the next try or a close.
  const regenerate = useMutation({
    mutationFn: (once: Submission) => makeKey(mode, shown, once),
    onSuccess: ({ key, message }) => {
      onMade(key);
      notify(message, { type: 'success' });
    },
    onError: (error) => {
      const reason = reasonOf(error);
      notify(reason ? translate('pp.keys.regenerate_error', { reason }) : translate('pp.keys.regenerate_failed'), { type: 'error' });
    },
  });
  const busy = submission.busy || regenerate.isPending;
  const failed = regenerate.isError;
  const titleId = `regenerate-${mode}-title`;

  const close = () => {
    regenerate.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(`pp.keys.regenerate_${mode}`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('pp.keys.regenerate_text')}</DialogContentText>
        {failed ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="regenerate-problem">
            {translate('pp.keys.regenerate_problem')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate('pp.confirm.cancel')}
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onFirstClick(() => void submission.run(shown, (once) => regenerate.mutateAsync(once).catch(() => undefined)))}>
          {translate(busy ? 'pp.keys.regenerating' : 'pp.keys.regenerate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
