/** /forgot-password (000 §2): asks for the e-mail and mails a reset link. */
import { useState } from 'react';
import { messageOf } from '../components/serverErrors';
import { dataProvider } from '../providers';
import { captchaToken } from './captcha';
import { emailOnly, FormField, PublicForm, usePublicForm } from './formFields';
import { Button, Links, Notice, t as translate, Title as CardTitle, useToast } from './frame';

export default function ForgotPasswordPage() {
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
        <Notice severity={alert.severity} role={alert.severity === 'error' ? 'alert' : 'status'}>
          {alert.message}
        </Notice>
      ) : null}
      <PublicForm form={form} onValid={send}>
        <FormField name="email" type="email" label={translate('pp.login.email')} autoComplete="email" autoFocus />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {translate('pp.forgot.submit')}
        </Button>
      </PublicForm>
      <Links links={[{ to: '/login', label: translate('pp.forgot.back') }]} />
    </>
  );
}
