/** /forgot-password (000 §2): asks for the e-mail and mails a reset link. */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { emailField } from '@partner-panel/sdk';
import { dataProvider } from '../providers';
import { captchaToken } from './captcha';
import { messageOf } from './forms';
import { CardTitle, useToast } from './PublicShell';

export default function ForgotPasswordPage() {
  const translate = useTranslate();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<{ severity: 'success' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = emailField.safeParse(email);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    setError(null);
    setBusy(true);
    try {
      const token = await captchaToken('forgot');
      const { message } = await dataProvider.forgotPassword({ email: checked.data, token });
      setAlert({ severity: 'success', message });
      toast({ message, severity: 'success' });
    } catch (e) {
      const message = messageOf(e, translate('pp.errors.update'));
      setAlert({ severity: 'error', message });
      toast({ message, severity: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <CardTitle title={translate('pp.forgot.title')} subtitle={translate('pp.forgot.help')} />
      {alert ? (
        <Alert severity={alert.severity} sx={{ mt: 2 }} role={alert.severity === 'error' ? 'alert' : 'status'}>
          {alert.message}
        </Alert>
      ) : null}
      <Box component="form" onSubmit={submit} noValidate>
        <TextField
          name="email"
          type="email"
          label={translate('pp.login.email')}
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error !== null}
          helperText={error ?? ' '}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 1 }}>
          {translate('pp.forgot.submit')}
        </Button>
      </Box>
      <Box sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login" variant="body2">
          {translate('pp.forgot.back')}
        </Link>
      </Box>
    </>
  );
}
