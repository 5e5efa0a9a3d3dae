/** /register (000 §2, §5): every rule checked here with the contract's schema, and again by the server. */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { contract, errors } from '@partner-panel/sdk';
import { dataProvider } from '../providers';
import { captchaToken } from './captcha';
import { fieldBinder, messageOf, serverFieldErrors, validate, type FieldErrors } from './forms';
import { PasswordField } from './PasswordField';
import { CardTitle, useToast } from './PublicShell';

const empty = { email: '', name: '', password: '', password_confirmation: '' };

export default function RegisterPage() {
  const translate = useTranslate();
  const toast = useToast();
  const [values, setValues] = useState(empty);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = fieldBinder(values, setValues, fieldErrors, { password: translate('pp.register.password_hint') });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const invalid = validate(contract.register.body, { ...values, token: '' });
    setFieldErrors(invalid);
    if (Object.keys(invalid).length) return;
    setBusy(true);
    try {
      const token = await captchaToken('register');
      const { message } = await dataProvider.register({ ...values, token });
      toast({ message, severity: 'success' });
      setDone(values.email.trim());
    } catch (error) {
      const message = messageOf(error, errors.csrfMissing.message);
      setFieldErrors(serverFieldErrors(error));
      setAlert(message);
      toast({ message, severity: 'error' });
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <>
        <CardTitle title={translate('pp.register.done_title')} />
        <Alert severity="success" sx={{ mt: 2 }}>
          {translate('pp.register.done_body', { email: done })}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" fullWidth sx={{ mt: 3 }}>
          {translate('pp.verify.sign_in')}
        </Button>
      </>
    );
  }

  return (
    <>
      <CardTitle title={translate('pp.register.title')} subtitle={translate('pp.register.subtitle')} />
      {alert ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {alert}
        </Alert>
      ) : null}
      <Box component="form" onSubmit={submit} noValidate>
        <TextField {...field('email')} type="email" label={translate('pp.register.email')} autoComplete="email" autoFocus />
        <TextField {...field('name')} label={translate('pp.register.name')} autoComplete="name" />
        <PasswordField {...field('password')} label={translate('pp.register.password')} autoComplete="new-password" />
        <PasswordField {...field('password_confirmation')} label={translate('pp.register.confirm')} autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 1 }}>
          {translate('pp.register.submit')}
        </Button>
      </Box>
      <Box sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login" variant="body2">
          {translate('pp.register.have_account')}
        </Link>
      </Box>
    </>
  );
}
