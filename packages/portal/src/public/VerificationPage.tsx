/** /verification/{hash} (000 §2): verifies on arrival; a dead link offers a new one. */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { dataProvider } from '../providers';
import { captchaToken } from './captcha';
import { messageOf } from '../components/serverErrors';
import { emailOnly, FormField, PublicForm, usePublicForm } from './formFields';
import { CardTitle, useToast } from './PublicShell';

type State = { kind: 'verifying' } | { kind: 'verified'; message: string } | { kind: 'failed'; message: string };

export default function VerificationPage() {
  const translate = useTranslate();
  const toast = useToast();
  const { hash = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'verifying' });
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === hash) return; // StrictMode runs effects twice; verify once
    started.current = hash;
    captchaToken('verification')
      .then((token) => dataProvider.verifyEmail({ hash, token }))
      .then(({ message }) => {
        setState({ kind: 'verified', message });
        toast({ message, severity: 'success' });
      })
      .catch((error: unknown) => {
        const message = messageOf(error, translate('pp.errors.update'));
        setState({ kind: 'failed', message });
        toast({ message, severity: 'error' });
      });
  }, [hash, toast, translate]);

  return (
    <>
      <CardTitle title={translate('pp.verify.title')} />
      {state.kind === 'verifying' ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{translate('pp.verify.verifying')}</Typography>
        </Box>
      ) : null}
      {state.kind === 'verified' ? (
        <>
          <Alert severity="success" sx={{ mt: 2 }}>
            {state.message}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" fullWidth sx={{ mt: 3 }}>
            {translate('pp.verify.sign_in')}
          </Button>
        </>
      ) : null}
      {state.kind === 'failed' ? (
        <>
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {state.message}
          </Alert>
          <Resend />
          <Button component={RouterLink} to="/login" fullWidth sx={{ mt: 1 }}>
            {translate('pp.forgot.back')}
          </Button>
        </>
      ) : null}
    </>
  );
}

function Resend() {
  const translate = useTranslate();
  const toast = useToast();
  const form = usePublicForm(emailOnly, { email: '' });
  const [sent, setSent] = useState<string | null>(null);

  async function resend({ email }: { email: string }) {
    try {
      const token = await captchaToken('verification');
      const { message } = await dataProvider.resendVerification({ email, token });
      setSent(message);
      toast({ message, severity: 'success' });
    } catch (e) {
      toast({ message: messageOf(e, translate('pp.errors.update')), severity: 'error' });
    }
  }

  if (sent) return <Alert severity="info" sx={{ mt: 2 }}>{sent}</Alert>;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('pp.verify.resend_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('pp.verify.resend_help')}
      </Typography>
      <PublicForm form={form} onValid={resend}>
        <FormField name="email" type="email" label={translate('pp.login.email')} />
        <Button type="submit" variant="outlined" fullWidth disabled={form.formState.isSubmitting}>
          {translate('pp.verify.resend')}
        </Button>
      </PublicForm>
    </Box>
  );
}
