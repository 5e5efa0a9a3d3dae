/** /reset-password/{hash} (000 §2): a valid hash shows the update-password form. */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { contract } from '@partner-panel/sdk';
import { dataProvider } from '../providers';
import { captchaToken } from './captcha';
import { messageOf } from '../components/serverErrors';
import { FormField, PublicForm, showServerErrors, usePublicForm } from './formFields';
import { Busy, Button, ButtonLink, Notice, t as translate, Title as CardTitle } from './frame';
import { flash } from '../routing/flash';

type State = { kind: 'checking' } | { kind: 'ready'; clientId: string; email: string } | { kind: 'invalid'; message: string };

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const { hash = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const form = usePublicForm(contract.updatePassword.body, { client_id: '', password: '', password_confirmation: '', token: '' });
  const [alert, setAlert] = useState<string | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === hash) return;
    started.current = hash;
    captchaToken('password')
      .then((token) => dataProvider.verifyResetHash({ hash, token }))
      .then(({ body }) => {
        form.setValue('client_id', body.client_id);
        setState({ kind: 'ready', clientId: body.client_id, email: body.email });
      })
      .catch((error: unknown) => setState({ kind: 'invalid', message: messageOf(error, translate('pp.errors.update')) }));
  }, [hash, form]);

  async function update(values: { client_id: string; password: string; password_confirmation: string }) {
    setAlert(null);
    try {
      const token = await captchaToken('update_password');
      const { message } = await dataProvider.updatePassword({ ...values, token });
      flash.set(message);
      navigate('/login', { replace: true });
    } catch (error) {
      showServerErrors(form, error);
      setAlert(messageOf(error, translate('pp.errors.update')));
    }
  }

  return (
    <>
      <CardTitle title={translate('pp.reset.title')} subtitle={state.kind === 'ready' ? translate('pp.reset.for_account', { email: state.email }) : undefined} />
      {state.kind === 'checking' ? (
        <Busy>{translate('pp.reset.checking')}</Busy>
      ) : null}
      {state.kind === 'invalid' ? (
        <>
          <Notice severity="error" role="alert">
            {state.message}
          </Notice>
          <div className="pp-section">
            <ButtonLink to="/forgot-password">{translate('pp.reset.request_new')}</ButtonLink>
          </div>
        </>
      ) : null}
      {state.kind === 'ready' ? (
        <PublicForm form={form} onValid={update}>
          {alert ? (
            <Notice severity="error" role="alert">
              {alert}
            </Notice>
          ) : null}
          <FormField name="password" password label={translate('pp.reset.password')} autoComplete="new-password" autoFocus hint={translate('pp.register.password_hint')} />
          <FormField name="password_confirmation" password label={translate('pp.reset.confirm')} autoComplete="new-password" />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {translate('pp.reset.submit')}
          </Button>
        </PublicForm>
      ) : null}
    </>
  );
}
