/**
 * /login (000 §2): step 1 asks for the email, step 2 for the password; clicking the shown e-mail
 * returns to step 1. A failed sign-in clears the password and shows the server's message. An
 * account with a second factor gets a third step, the code (docs/api.md "Two-factor sign-in");
 * one whose admin requires a second factor it has not set up sets it up here.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Chip, Link, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { startAuthentication } from '@simplewebauthn/browser';
import { errors, passwordRequiredField, secondFactorCode, totpCode } from '@partner-panel/sdk';
import { messageOf } from '../components/serverErrors';
import { apiErrorOf, attempt, hasCode } from '@partner-panel/data-provider';
import { authProvider, client } from '../providers';
import { flash } from '../routing/flash';
import { captchaToken } from './captcha';
import { emailOnly, FormField, PublicForm, usePublicForm } from './formFields';
import { CardTitle } from './PublicShell';
import { SecondFactorSetup } from './SecondFactorSetup';

const passwordOnly = z.object({ password: passwordRequiredField });
const codeOnly = z.object({ code: secondFactorCode });

/** The third step the password step asked for, if it did: `rspf-login-1015` (a code) or `-1016` (set one up). */
function thirdStep(error: unknown): { challenge: string; setup: boolean; methods: string[] } | null {
  const setup = hasCode(error, errors.twoFactorSetupRequired);
  if (!setup && !hasCode(error, errors.twoFactorRequired)) return null;
  const body = apiErrorOf(error)?.body as { challenge?: string; methods?: string[] } | null | undefined;
  const challenge = body?.challenge;
  return challenge ? { challenge, setup, methods: body?.methods ?? [] } : null;
}

export function LoginPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [notice] = useState(() => flash.peek());
  useEffect(() => flash.clear(), []);
  const emailForm = usePublicForm(emailOnly, { email: '' });
  const passwordForm = usePublicForm(passwordOnly, { password: '' });
  const codeForm = usePublicForm(codeOnly, { code: '' });
  const [third, setThird] = useState<{ challenge: string; setup: boolean; methods: string[]; message: string } | null>(null);

  function enter() {
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from && from !== '/login' ? from : '/dashboard', { replace: true });
  }

  async function signIn({ password }: { password: string }) {
    try {
      const token = await captchaToken('login');
      await authProvider.login({ email: email ?? '', password, token });
      enter();
    } catch (error) {
      passwordForm.reset({ password: '' });
      const step = thirdStep(error);
      if (step) {
        setAlert(null);
        setThird({ ...step, message: messageOf(error, '') });
      } else setAlert(messageOf(error, translate('pp.errors.login')));
    }
  }

  async function verifyCode({ code }: { code: string }) {
    try {
      await authProvider.login({ challenge: third?.challenge ?? '', code });
      enter();
    } catch (error) {
      codeForm.reset({ code: '' });
      if (hasCode(error, errors.twoFactorChallengeExpired)) backToEmail();
      setAlert(messageOf(error, translate('pp.errors.login')));
    }
  }

  async function signInWithPasskey() {
    const challenge = third?.challenge ?? '';
    try {
      const optionsJSON = await attempt(() => client.loginPasskeyOptions({ challenge }));
      const answer = await startAuthentication({ optionsJSON: optionsJSON as never });
      await authProvider.login({ challenge, passkey: answer as unknown as Record<string, unknown> });
      enter();
    } catch (error) {
      setAlert(messageOf(error, translate('pp.errors.login')));
    }
  }

  function backToEmail() {
    passwordForm.reset({ password: '' });
    codeForm.reset({ code: '' });
    setAlert(null);
    setThird(null);
    setEmail(null);
  }

  return (
    <>
      <CardTitle title={translate('pp.login.title')} subtitle={translate('pp.login.subtitle')} />
      {alert ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {alert}
        </Alert>
      ) : notice ? (
        <Alert severity={notice.severity} sx={{ mt: 2 }} role={notice.severity === 'error' ? 'alert' : 'status'}>
          {notice.message}
        </Alert>
      ) : null}
      {third && !alert ? (
        <Alert severity="info" sx={{ mt: 2 }} role="status">
          {third.message}
        </Alert>
      ) : null}
      {third?.setup ? (
        <SecondFactorSetup challenge={third.challenge} schema={totpCode} onDone={enter} onError={(message) => setAlert(message)} />
      ) : third ? (
        <PublicForm form={codeForm} onValid={verifyCode}>
          <Chip label={email} onClick={backToEmail} variant="outlined" aria-label={translate('pp.login.change_email', { email })} sx={{ mt: 2, maxWidth: '100%' }} />
          {third.methods.includes('totp') ? (
            <>
              <FormField name="code" label={translate('pp.login.code')} hint={translate('pp.login.code_help')} autoComplete="one-time-code" autoFocus />
              <Button type="submit" variant="contained" size="large" fullWidth disabled={codeForm.formState.isSubmitting} sx={{ mt: 1 }}>
                {translate('pp.login.verify')}
              </Button>
            </>
          ) : null}
          {third.methods.includes('passkey') ? (
            <Button variant={third.methods.includes('totp') ? 'outlined' : 'contained'} size="large" fullWidth sx={{ mt: 1 }} onClick={() => void signInWithPasskey()}>
              {translate('pp.login.use_passkey')}
            </Button>
          ) : null}
        </PublicForm>
      ) : email === null ? (
        <PublicForm
          form={emailForm}
          onValid={(values) => {
            setAlert(null);
            setEmail(values.email);
          }}
        >
          <FormField name="email" type="email" label={translate('pp.login.email')} autoComplete="username" autoFocus />
          <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 1 }}>
            {translate('pp.login.continue')}
          </Button>
        </PublicForm>
      ) : (
        <PublicForm form={passwordForm} onValid={signIn}>
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
          <FormField name="password" password label={translate('pp.login.password')} autoComplete="current-password" autoFocus />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={passwordForm.formState.isSubmitting} sx={{ mt: 1 }}>
            {translate('pp.login.submit')}
          </Button>
        </PublicForm>
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
