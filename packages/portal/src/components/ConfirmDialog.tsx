/**
 * A confirmation before something that cannot be undone (001 §5: 'Are you sure?', what it does,
 * then Cancel or the action). Open while `target` is set; confirming hands the target over.
 */
import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';

export function ConfirmDialog<T>({
  target,
  onClose,
  onConfirm,
  labelId,
  title = 'pp.confirm.title',
  confirm = 'pp.confirm.delete',
  color = 'error',
  children,
}: {
  target: T | null;
  onClose: () => void;
  onConfirm: (target: T) => void;
  labelId: string;
  title?: string;
  confirm?: string;
  color?: 'error' | 'warning' | 'primary';
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={target !== null} onClose={onClose} aria-labelledby={labelId}>
      <DialogTitle id={labelId}>{translate(title)}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('pp.confirm.cancel')}</Button>
        <Button
          color={color}
          variant="contained"
          onClick={() => {
            onClose();
            if (target !== null) onConfirm(target);
          }}
        >
          {translate(confirm)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
