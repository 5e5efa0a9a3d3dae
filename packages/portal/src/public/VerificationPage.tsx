/** /verification/{hash} (000 §2): verifies on arrival; a dead link offers a new one. */
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { dataProvider } from '../providers';
import { captchaToken } from './captcha';
import { messageOf } from '../components/serverErrors';
import { emailOnly, FormField, PublicForm, usePublicForm } from './formFields';
import { Busy, Button, ButtonLink, Notice, t as translate, Title as CardTitle, useToast } from './frame';

type State = { kind: 'verifying' } | { kind: 'verified'; message: string } | { kind: 'failed'; message: string };

export default function VerificationPage() {
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
  }, [hash, toast]);

  return (
    <>
      <CardTitle title={translate('pp.verify.title')} />
      {state.kind === 'verifying' ? (
        <Busy>{translate('pp.verify.verifying')}</Busy>
      ) : null}
      {state.kind === 'verified' ? (
        <>
          <Notice severity="success" role="status">
            {state.message}
          </Notice>
          <div className="pp-section">
            <ButtonLink to="/login">{translate('pp.verify.sign_in')}</ButtonLink>
          </div>
        </>
      ) : null}
      {state.kind === 'failed' ? (
        <>
          <Notice severity="error" role="alert">
            {state.message}
          </Notice>
          <Resend />
          <ButtonLink to="/login" variant="text">
            {translate('pp.forgot.back')}
          </ButtonLink>
        </>
      ) : null}
    </>
  );
}

function Resend() {
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

  if (sent)
    return (
      <Notice severity="info" role="status">
        {sent}
      </Notice>
    );
  return (
    <section className="pp-section">
      <h2>{translate('pp.verify.resend_title')}</h2>
      <p className="pp-subtitle">{translate('pp.verify.resend_help')}</p>
      <PublicForm form={form} onValid={resend}>
        <FormField name="email" type="email" label={translate('pp.login.email')} />
        <Button type="submit" variant="outlined" disabled={form.formState.isSubmitting}>
          {translate('pp.verify.resend')}
        </Button>
      </PublicForm>
    </section>
  );
}
