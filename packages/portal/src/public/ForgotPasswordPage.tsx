/** /forgot-password (000 §2): asks for the e-mail and mails a reset link. The form shows before the rules and the client arrive (./publicForm). */
import { useState } from 'react';
import { loadAccount, useAccount, usePublicForm } from './publicForm';
import { Button, Field, Links, Notice, t as translate, Title as CardTitle, useToast } from './frame';

export default function ForgotPasswordPage() {
  useAccount();
  const toast = useToast();
  const form = usePublicForm((values) => loadAccount().then((account) => account.check('email', values)), { email: '' });
  const [alert, setAlert] = useState<{ severity: 'success' | 'error'; message: string } | null>(null);

  async function send({ email }: { email: string }) {
    const outcome = await (await loadAccount()).forgotPassword(email);
    const shown = outcome.ok ? { severity: 'success' as const, message: outcome.answer.message } : { severity: 'error' as const, message: outcome.message };
    setAlert(shown);
    toast(shown);
  }

  return (
    <>
      <CardTitle title={translate('pp.forgot.title')} subtitle={translate('pp.forgot.help')} />
      {alert ? (
        <Notice severity={alert.severity} role={alert.severity === 'error' ? 'alert' : 'status'}>
          {alert.message}
        </Notice>
      ) : null}
      <form onSubmit={form.submit(send)} noValidate>
        <Field {...form.field('email')} type="email" label={translate('pp.login.email')} autoComplete="email" autoFocus />
        <Button type="submit" disabled={form.submitting}>
          {translate('pp.forgot.submit')}
        </Button>
      </form>
      <Links links={[{ to: '/login', label: translate('pp.forgot.back') }]} />
    </>
  );
}
