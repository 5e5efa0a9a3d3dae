/** /forgot-password (000 §2): asks for the e-mail and mails a reset link. */
import { useState } from 'react';
import { Alert, Box, Button, Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { messageOf } from '../components/serverErrors';
import { dataProvider } from '../providers';
import { captchaToken } from './captcha';
import { emailOnly, FormField, PublicForm, usePublicForm } from './formFields';
import { CardTitle, useToast } from './PublicShell';

export default function ForgotPasswordPage() {
  const translate = useTranslate();
  const toast = useToast();
  const form = usePublicForm(emailOnly, { email: '' });
  const [alert, setAlert] = useState<{ severity: 'success' | 'error'; message: string } | null>(null);

  async function send({ email }: { email: string }) {
    try {
      const token = await captchaToken('forgot');
      const { message } = await dataProvider.forgotPassword({ email, token });
      setAlert({ severity: 'success', message });
      toast({ message, severity: 'success' });
    } catch (e) {
      const message = messageOf(e, translate('pp.errors.update'));
      setAlert({ severity: 'error', message });
      toast({ message, severity: 'error' });
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
      <PublicForm form={form} onValid={send}>
        <FormField name="email" type="email" label={translate('pp.login.email')} autoComplete="email" autoFocus />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={form.formState.isSubmitting} sx={{ mt: 1 }}>
          {translate('pp.forgot.submit')}
        </Button>
      </PublicForm>
      <Box sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login" variant="body2">
          {translate('pp.forgot.back')}
        </Link>
      </Box>
    </>
  );
}
