/** /register (000 §2, §5): every rule checked here with the contract's schema, and again by the server. */
import { useState } from 'react';
import { contract, errors } from '@partner-panel/sdk';
import { messageOf } from '../components/serverErrors';
import { dataProvider } from '../providers';
import { captchaToken } from './captcha';
import { FormField, PublicForm, showServerErrors, usePublicForm } from './formFields';
import { Button, ButtonLink, Links, Notice, t as translate, Title as CardTitle, useToast } from './frame';

export default function RegisterPage() {
  const toast = useToast();
  const form = usePublicForm(contract.register.body, { email: '', name: '', password: '', password_confirmation: '', token: '' });
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function register(values: { email: string; name: string; password: string; password_confirmation: string }) {
    setAlert(null);
    try {
      const token = await captchaToken('register');
      const { message } = await dataProvider.register({ ...values, token });
      toast({ message, severity: 'success' });
      setDone(values.email);
    } catch (error) {
      const message = messageOf(error, errors.csrfMissing.message);
      showServerErrors(form, error);
      setAlert(message);
      toast({ message, severity: 'error' });
    }
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
      <PublicForm form={form} onValid={register}>
        <FormField name="email" type="email" label={translate('pp.register.email')} autoComplete="email" autoFocus />
        <FormField name="name" label={translate('pp.register.name')} autoComplete="name" />
        <FormField name="password" password label={translate('pp.register.password')} autoComplete="new-password" hint={translate('pp.register.password_hint')} />
        <FormField name="password_confirmation" password label={translate('pp.register.confirm')} autoComplete="new-password" />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {translate('pp.register.submit')}
        </Button>
      </PublicForm>
      <Links links={[{ to: '/login', label: translate('pp.register.have_account') }]} />
    </>
  );
}
