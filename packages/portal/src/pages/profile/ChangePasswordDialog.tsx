/** The change-password modal (000 §2): old, new and confirm; the password rule; then sign in again. */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { contract } from '@partner-panel/sdk';
import { dataProvider, session } from '../../providers';
import { messageOf, serverFieldErrors, validate, type FieldErrors } from '../../public/forms';
import { PasswordField } from '../../public/PasswordField';
import { flash } from '../../routing/flash';
import { useSessionUser } from '../../routing/useSessionUser';

const empty = { old_password: '', password: '', password_confirmation: '' };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const user = useSessionUser();
  const [values, setValues] = useState(empty);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  const close = () => {
    setValues(empty);
    setFieldErrors({});
    setAlert(null);
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { email: user?.email ?? '', client_id: user?.client_id ?? '', ...values, token: '' };
    const invalid = validate(contract.changePassword.body, input);
    setFieldErrors(invalid);
    setAlert(null);
    if (Object.keys(invalid).length) return;
    setBusy(true);
    try {
      const { message } = await dataProvider.changePassword(input);
      // The server ended every session with the change: the guard sends the user to sign in again.
      flash.set(message);
      session.clear();
    } catch (error) {
      setFieldErrors(serverFieldErrors(error));
      setAlert(messageOf(error, translate('pp.errors.update')));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof typeof empty, label: string, autoComplete: string) => (
    <PasswordField
      name={name}
      label={translate(label)}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={Boolean(fieldErrors[name])}
      helperText={fieldErrors[name] ?? ' '}
    />
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="change-password-title">{translate('pp.password_dialog.title')}</DialogTitle>
        <DialogContent>
          {alert ? (
            <Alert severity="error" role="alert">
              {alert}
            </Alert>
          ) : null}
          {field('old_password', 'pp.password_dialog.old', 'current-password')}
          {field('password', 'pp.password_dialog.new', 'new-password')}
          {field('password_confirmation', 'pp.password_dialog.confirm', 'new-password')}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>{translate('pp.password_dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('pp.password_dialog.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
