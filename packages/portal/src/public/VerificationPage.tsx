/**
 * /verification/{hash} (000 §2): verifies on arrival; a dead link offers a new one. The page shows
 * while the client arrives and the link is checked (./publicForm).
 */
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { loadAccount, usePublicForm } from './publicForm';
import { Busy, Button, ButtonLink, Field, Notice, t as translate, Title as CardTitle, useToast } from './frame';

type State = { kind: 'verifying' } | { kind: 'verified'; message: string } | { kind: 'failed'; message: string };

export default function VerificationPage() {
  const toast = useToast();
  const { hash = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'verifying' });
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === hash) return; // StrictMode runs effects twice; verify once
    started.current = hash;
    void loadAccount()
      .then((account) => account.verifyEmail(hash))
      .then((outcome) => {
        const message = outcome.ok ? outcome.answer.message : outcome.message;
        setState({ kind: outcome.ok ? 'verified' : 'failed', message });
        toast({ message, severity: outcome.ok ? 'success' : 'error' });
      });
  }, [hash, toast]);

  return (
    <>
      <CardTitle title={translate('pp.verify.title')} />
      {state.kind === 'verifying' ? <Busy>{translate('pp.verify.verifying')}</Busy> : null}
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
  const form = usePublicForm((values) => loadAccount().then((account) => account.check('email', values)), { email: '' });
  const [sent, setSent] = useState<string | null>(null);

  async function resend({ email }: { email: string }) {
    const outcome = await (await loadAccount()).resendVerification(email);
    if (outcome.ok) {
      setSent(outcome.answer.message);
      toast({ message: outcome.answer.message, severity: 'success' });
    } else toast({ message: outcome.message, severity: 'error' });
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
      <form onSubmit={form.submit(resend)} noValidate>
        <Field {...form.field('email')} type="email" label={translate('pp.login.email')} />
        <Button type="submit" variant="outlined" disabled={form.submitting}>
          {translate('pp.verify.resend')}
        </Button>
      </form>
    </section>
  );
}
