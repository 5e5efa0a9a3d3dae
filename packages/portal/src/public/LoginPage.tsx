/**
 * /login (000 §2): step 1 asks for the e-mail, step 2 for the password; clicking the shown e-mail
 * returns to step 1. A failed sign-in clears the password and shows the server's message.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Chip, Link, Stack, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { emailField, passwordRequiredField } from '@partner-panel/sdk';
import { authProvider } from '../providers';
import { flash } from '../routing/flash';
import { captchaToken } from './captcha';
import { messageOf } from './forms';
import { PasswordField } from './PasswordField';
import { CardTitle } from './PublicShell';

export function LoginPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice] = useState(() => flash.peek());
  useEffect(() => flash.clear(), []);

  function toPassword(event: FormEvent) {
    event.preventDefault();
    const checked = emailField.safeParse(email);
    if (!checked.success) return setFieldError(checked.error.issues[0]?.message ?? null);
    setEmail(checked.data);
    setFieldError(null);
    setAlert(null);
    setStep('password');
  }

  async function signIn(event: FormEvent) {
    event.preventDefault();
    const checked = passwordRequiredField.safeParse(password);
    if (!checked.success) return setFieldError(checked.error.issues[0]?.message ?? null);
    setFieldError(null);
    setBusy(true);
    try {
      const token = await captchaToken('login');
      await authProvider.login({ email, password, token });
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/dashboard', { replace: true });
    } catch (error) {
      setPassword('');
      setAlert(messageOf(error, translate('pp.errors.login')));
    } finally {
      setBusy(false);
    }
  }

  function backToEmail() {
    setPassword('');
    setAlert(null);
    setFieldError(null);
    setStep('email');
  }

  return (
    <>
      <CardTitle title={translate('pp.login.title')} subtitle={translate('pp.login.subtitle')} />
      {alert ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {alert}
        </Alert>
      ) : notice ? (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          {notice}
        </Alert>
      ) : null}
      {step === 'email' ? (
        <Box component="form" onSubmit={toPassword} noValidate>
          <TextField
            name="email"
            type="email"
            label={translate('pp.login.email')}
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldError !== null}
            helperText={fieldError ?? ' '}
          />
          <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 1 }}>
            {translate('pp.login.continue')}
          </Button>
        </Box>
      ) : (
        <Box component="form" onSubmit={signIn} noValidate>
          <Chip
            label={email}
            onClick={backToEmail}
            variant="outlined"
            title={translate('pp.login.change_email', { email })}
            aria-label={translate('pp.login.change_email', { email })}
            data-testid="login-email"
            sx={{ mt: 2, maxWidth: '100%' }}
          />
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            name="password"
            label={translate('pp.login.password')}
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldError !== null}
            helperText={fieldError ?? ' '}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 1 }}>
            {translate('pp.login.submit')}
          </Button>
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', mt: 3, gap: 1 }}>
        <Link component={RouterLink} to="/forgot-password" variant="body2">
          {translate('pp.login.forgot')}
        </Link>
        <Link component={RouterLink} to="/register" variant="body2">
          {translate('pp.login.register')}
        </Link>
      </Stack>
    </>
  );
}
