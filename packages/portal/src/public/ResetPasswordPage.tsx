/**
 * /reset-password/{hash} (000 §2): a valid hash shows the update-password form. The page shows
 * while the client arrives and the hash is checked (./publicForm).
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { flash } from '../routing/flash';
import { loadAccount, usePublicForm } from './publicForm';
import { Busy, Button, ButtonLink, Field, Notice, t as translate, Title as CardTitle } from './frame';

type State = { kind: 'checking' } | { kind: 'ready'; email: string } | { kind: 'invalid'; message: string };
type Values = Parameters<Awaited<ReturnType<typeof loadAccount>>['updatePassword']>[0];

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const { hash = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const form = usePublicForm((values) => loadAccount().then((account) => account.check('updatePassword', values)), { client_id: '', password: '', password_confirmation: '', token: '' });
  const [alert, setAlert] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  const { set } = form;

  useEffect(() => {
    if (started.current === hash) return;
    started.current = hash;
    void loadAccount()
      .then((account) => account.verifyResetHash(hash))
      .then((outcome) => {
        if (!outcome.ok) return setState({ kind: 'invalid', message: outcome.message });
        set('client_id', outcome.answer.body.client_id);
        setState({ kind: 'ready', email: outcome.answer.body.email });
      });
  }, [hash, set]);

  async function update(values: Values) {
    setAlert(null);
    const outcome = await (await loadAccount()).updatePassword(values);
    if (outcome.ok) {
      flash.set(outcome.answer.message);
      navigate('/login', { replace: true });
      return;
    }
    form.showErrors(outcome.fields);
    setAlert(outcome.message);
  }

  return (
    <>
      <CardTitle title={translate('pp.reset.title')} subtitle={state.kind === 'ready' ? translate('pp.reset.for_account', { email: state.email }) : undefined} />
      {state.kind === 'checking' ? <Busy>{translate('pp.reset.checking')}</Busy> : null}
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
        <form onSubmit={form.submit(update)} noValidate>
          {alert ? (
            <Notice severity="error" role="alert">
              {alert}
            </Notice>
          ) : null}
          <Field {...form.field('password')} password label={translate('pp.reset.password')} autoComplete="new-password" autoFocus hint={translate('pp.register.password_hint')} />
          <Field {...form.field('password_confirmation')} password label={translate('pp.reset.confirm')} autoComplete="new-password" />
          <Button type="submit" disabled={form.submitting}>
            {translate('pp.reset.submit')}
          </Button>
        </form>
      ) : null}
    </>
  );
}
