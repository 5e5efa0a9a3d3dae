/**
 * A dialog holding one form on a schema of the contract: a title, a sentence of help, the fields,
 * Cancel and the submit button. `onSubmit` answers the server's field errors, shown beside their
 * fields, or nothing once done.
 */
import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { SchemaForm } from './SchemaForm';
import { SubmitButton } from './SubmitButton';
import type { Submission } from './useSubmission';

export function FormDialog({ id, title, help, submit, schema, defaultValues, onSubmit, onClose, children, titleOptions, helpOptions }: {
  id: string;
  title: string;
  help: string;
  /** The values of the title's and the help's placeholders (a name, an amount). */
  titleOptions?: Record<string, unknown>;
  helpOptions?: Record<string, unknown>;
  submit: string;
  schema: z.ZodType;
  defaultValues: FieldValues;
  onSubmit: (values: FieldValues, once: Submission) => Promise<Record<string, string> | undefined>;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={id}>
      <SchemaForm schema={schema} defaultValues={defaultValues} onSubmit={onSubmit}>
        <DialogTitle id={id}>{translate(title, titleOptions)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate(help, helpOptions)}</DialogContentText>
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{translate('pp.confirm.cancel')}</Button>
          <SubmitButton label={submit} />
        </DialogActions>
      </SchemaForm>
    </Dialog>
  );
}

