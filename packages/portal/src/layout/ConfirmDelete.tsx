/**
 * The delete confirmation (001 §2.3, §2.8): 'Are you sure?', what the deletion does, then Cancel
 * or 'delete it!'. Open while `target` is set; confirming hands the target over and closes.
 */
import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';

export function ConfirmDelete<T>({
  target,
  onClose,
  onConfirm,
  labelId,
  children,
}: {
  target: T | null;
  onClose: () => void;
  onConfirm: (target: T) => void;
  labelId: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={target !== null} onClose={onClose} aria-labelledby={labelId}>
      <DialogTitle id={labelId}>{translate('pp.coupons.confirm_title')}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('pp.password_dialog.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => {
            onClose();
            if (target !== null) onConfirm(target);
          }}
        >
          {translate('pp.coupons.confirm_button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
