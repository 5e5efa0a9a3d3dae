/**
 * The change-password modal (000 §2): old, new and confirm, the password rule shown up front, and
 * a captcha token for the `password` action when a provider is configured. A react-admin form
 * validated by the contract's schema; the server's field errors land on their fields. The server
 * ends every session with the change, so the user signs in again.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { PasswordInput, useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract } from '@partner-panel/sdk';
import { SchemaForm } from '../../components/SchemaForm';
import type { Submission } from '../../components/useSubmission';
import { OnFormChange } from '../../components/OnFormChange';
import { messageOf, serverFieldErrors } from '../../components/serverErrors';
import { SubmitButton } from '../../components/SubmitButton';
import { session } from '../../providers';
import { captchaToken } from '../../public/captcha';
import { flash } from '../../routing/flash';
import { useSessionUser } from '../../routing/useSessionUser';

type ChangeInput = Parameters<PortalDataProvider['changePassword']>[0];

export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const user = useSessionUser();
  const [alert, setAlert] = useState<string | null>(null);
  if (!user) return null;

  async function change(input: ChangeInput, once: Submission) {
    setAlert(null);
    try {
      const token = await captchaToken('password');
      const { message } = await dataProvider.changePassword({ ...input, token }, once);
      flash.set(message);
      session.clear();
      return undefined;
    } catch (error) {
      setAlert(messageOf(error, translate('pp.errors.update')));
      return serverFieldErrors(error);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <SchemaForm
        onSubmit={change}
        schema={contract.changePassword.body}
        defaultValues={{ email: user.email, client_id: user.client_id, old_password: '', password: '', password_confirmation: '', token: '' }}
      >
        <OnFormChange onChange={() => setAlert(null)} />
        <DialogTitle id="change-password-title">{translate('pp.password_dialog.title')}</DialogTitle>
        <DialogContent>
          {alert ? (
            <Alert severity="error" role="alert">
              {alert}
            </Alert>
          ) : null}
          <PasswordInput source="old_password" label="pp.password_dialog.old" fullWidth autoComplete="current-password" />
          <PasswordInput source="password" label="pp.password_dialog.new" fullWidth autoComplete="new-password" helperText="pp.register.password_hint" />
          <PasswordInput source="password_confirmation" label="pp.password_dialog.confirm" fullWidth autoComplete="new-password" />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{translate('pp.confirm.cancel')}</Button>
          <SubmitButton label="pp.password_dialog.submit" />
        </DialogActions>
      </SchemaForm>
    </Dialog>
  );
}
