/**
 * /register (000 §2, §5): every rule checked here with the contract's schema, and again by the
 * server. The form shows before the rules and the client arrive (./publicForm).
 */
import { useState } from 'react';
import { loadAccount, useAccount, usePublicForm } from './publicForm';
import { Button, ButtonLink, Field, Links, Notice, t as translate, Title as CardTitle, useToast } from './frame';

type Values = Parameters<Awaited<ReturnType<typeof loadAccount>>['register']>[0];

export default function RegisterPage() {
  useAccount();
  const toast = useToast();
  const form = usePublicForm((values) => loadAccount().then((account) => account.check('register', values)), { email: '', name: '', password: '', password_confirmation: '', token: '' });
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function register(values: Values) {
    setAlert(null);
    const outcome = await (await loadAccount()).register(values);
    if (outcome.ok) {
      // Said once: the page that replaces the form (what to do next, and where the link went), not
      // a toast repeating it.
      setDone(values.email);
      return;
    }
    form.showErrors(outcome.fields);
    setAlert(outcome.message);
    toast({ message: outcome.message, severity: 'error' });
  }

  if (done) {
    return (
      <>
        <CardTitle title={translate('pp.register.done_title')} />
        <Notice severity="success" role="status">
          {translate('pp.register.done_body', { email: done })}
        </Notice>
        <div className="pp-section">
          <ButtonLink to="/login">{translate('pp.verify.sign_in')}</ButtonLink>
        </div>
      </>
    );
  }

  return (
    <>
      <CardTitle title={translate('pp.register.title')} subtitle={translate('pp.register.subtitle')} />
      {alert ? (
        <Notice severity="error" role="alert">
          {alert}
        </Notice>
      ) : null}
      <form onSubmit={form.submit(register)} noValidate>
        <Field {...form.field('email')} type="email" label={translate('pp.register.email')} autoComplete="email" autoFocus />
        <Field {...form.field('name')} label={translate('pp.register.name')} autoComplete="name" />
        <Field {...form.field('password')} password label={translate('pp.register.password')} autoComplete="new-password" hint={translate('pp.register.password_hint')} />
        <Field {...form.field('password_confirmation')} password label={translate('pp.register.confirm')} autoComplete="new-password" />
        <Button type="submit" disabled={form.submitting}>
          {translate('pp.register.submit')}
        </Button>
      </form>
      <Links links={[{ to: '/login', label: translate('pp.register.have_account') }]} />
    </>
  );
}
