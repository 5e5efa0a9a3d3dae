/**
 * A Team dialog around a form on a contract call's schema (Invite people, Change a member): the
 * help line, the server's sentence for the whole form above it, each field's beneath it; on
 * success the server's sentence as a toast, the lists read again and the dialog closed. The form
 * stays whole while the dialog closes (MUI unmounts it once closed), so the page behind comes back
 * as the dialog goes, named to the end.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useNotify, useRefresh, useTranslate } from 'ra-core';
import type { z } from 'zod';
import { SchemaForm, type FormDefaults, type FormValues } from '../../components/SchemaForm';
import { messageOf, serverFieldErrors } from '../../components/serverErrors';
import { SubmitButton } from '../../components/SubmitButton';
import type { Submission } from '../../components/useSubmission';

export function TeamFormDialog<S extends z.ZodType>({
  open,
  onClose,
  id,
  title,
  help,
  submit,
  maxWidth,
  schema,
  defaultValues,
  call,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** The title's id, which names the dialog. */
  id: string;
  /** Already translated. */
  title: string;
  help: string;
  submit: string;
  maxWidth: 'xs' | 'sm';
  schema: S;
  defaultValues: FormDefaults<S>;
  /** The call, answering the server's sentence. */
  call: (values: FormValues<S>, once: Submission) => Promise<{ message: string }>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [alert, setAlert] = useState<string | null>(null);
  // A sentence of the last attempt is not shown again when the dialog next opens.
  const close = () => {
    setAlert(null);
    onClose();
  };

  async function send(values: FormValues<S>, once: Submission) {
    setAlert(null);
    try {
      const { message } = await call(values, once);
      notify(message, { type: 'success' });
      refresh();
      close();
      return undefined;
    } catch (error) {
      setAlert(messageOf(error, translate('pp.errors.update')));
      return serverFieldErrors(error);
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={id} fullWidth maxWidth={maxWidth}>
      <SchemaForm schema={schema} defaultValues={defaultValues} onSubmit={send}>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate(help)}
          </Typography>
          {alert ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {alert}
            </Alert>
          ) : null}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('pp.team.cancel')}</Button>
          <SubmitButton label={submit} />
        </DialogActions>
      </SchemaForm>
    </Dialog>
  );
}
