/**
 * /login (000 §2): step 1 asks for the email, step 2 for the password; clicking the shown e-mail
 * returns to step 1. A failed sign-in clears the password and shows the server's message. An
 * account with a second factor gets a third step, the code (docs/api.md "Two-factor sign-in");
 * one whose admin requires a second factor it has not set up sets it up here.
 *
 * The page renders in plain React (./frame) so that it is ready before the rest arrives: the
 * contract's rules, the client and captcha (./signIn) load right after it shows, while the person
 * types the e-mail; the signed-in app's first chunks while they type the password; the dashboard's
 * data the moment the token arrives (docs/performance.md).
 */
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { flash } from '../routing/flash';
import { Button, EmailChip, Field, Links, Notice, t, Title } from './frame';
import type { ThirdStep } from './signIn';

const loadSignIn = () => import('./signIn');
/** The signed-in app and its first screen, fetched while the password is typed. */
const loadSignedIn = () => import('../admin/firstScreen');
/** The rare third step of an account whose admin requires a second factor: MUI, as the profile's setup. */
const SecondFactorSetup = lazy(() => import('./SecondFactorSetupStep'));

type Step = 'email' | 'password' | 'code';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [notice] = useState(() => flash.peek());
  const [third, setThird] = useState<ThirdStep | null>(null);
  useEffect(() => flash.clear(), []);
  // Shown first, then the rest of sign-in, on the frame after the form is painted (an effect may run
  // before the first paint, and the request would then compete with it): the person is typing the
  // e-mail meanwhile.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => void loadSignIn())));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  useEffect(() => {
    if (step !== 'password') return;
    void loadSignIn().then((m) => m.prepare());
    void loadSignedIn()
      .then((m) => m.preloadFirstScreen())
      .catch(() => undefined);
  }, [step]);

  const field = step === 'email' ? 'email' : step === 'password' ? 'password' : 'code';

  /** At once, in the same task as the stored session (which sends a signed-in visitor on, PublicOnly). */
  function enter() {
    const from = (location.state as { from?: string } | null)?.from;
    const to = from && from !== '/login' ? from : '/dashboard';
    navigate(to, { replace: true });
    // The dashboard's data is asked for now, while its code (fetched already) mounts.
    if (to === '/dashboard') void loadSignedIn().then((m) => m.prefetchFirstScreen());
  }

  /** Back to step 1 with the e-mail in its field, to correct it. */
  function backToEmail() {
    setValue(email);
    setError(undefined);
    setAlert(null);
    setThird(null);
    setStep('email');
  }

  /** Once a field shows an error it is checked again as the person types (as on every form). */
  async function change(next: string) {
    setValue(next);
    if (error !== undefined) setError((await loadSignIn()).check(field, next));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const signIn = await loadSignIn();
    const problem = signIn.check(field, value);
    setError(problem);
    if (problem) return;
    if (step === 'email') {
      setAlert(null);
      setEmail(value.trim());
      setValue('');
      setStep('password');
      return;
    }
    setBusy(true);
    const outcome = step === 'password' ? await signIn.withPassword(email, value) : await signIn.withCode(third?.challenge ?? '', value);
    setBusy(false);
    if ('signedIn' in outcome) return enter();
    setValue('');
    if ('third' in outcome) {
      setAlert(null);
      setThird(outcome.third);
      setStep('code');
      return;
    }
    if (outcome.expired) backToEmail();
    setAlert(outcome.message);
  }

  async function signInWithPasskey() {
    const outcome = await (await loadSignIn()).withPasskey(third?.challenge ?? '');
    if ('signedIn' in outcome) enter();
    else if ('message' in outcome) setAlert(outcome.message);
  }

  const fieldProps = { name: field, value, onChange: (v: string) => void change(v), error, autoFocus: true };
  return (
    <>
      <Title title={t('pp.login.title')} subtitle={t('pp.login.subtitle')} />
      {alert ? (
        <Notice severity="error" role="alert">
          {alert}
        </Notice>
      ) : notice ? (
        <Notice severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
          {notice.message}
        </Notice>
      ) : null}
      {third && !alert ? (
        <Notice severity="info" role="status">
          {third.message}
        </Notice>
      ) : null}
      {third?.setup ? (
        <Suspense fallback={null}>
          <SecondFactorSetup challenge={third.challenge} onDone={enter} onError={(message) => setAlert(message)} />
        </Suspense>
      ) : (
        <form key={step} onSubmit={(event) => void submit(event)} noValidate>
          {step === 'email' ? (
            <>
              <Field {...fieldProps} type="email" label={t('pp.login.email')} autoComplete="username" />
              <Button type="submit">{t('pp.login.continue')}</Button>
            </>
          ) : step === 'password' ? (
            <>
              <EmailChip email={email} onClick={backToEmail} data-testid="login-email" />
              <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
              <Field {...fieldProps} password label={t('pp.login.password')} autoComplete="current-password" />
              <Button type="submit" disabled={busy}>
                {t('pp.login.submit')}
              </Button>
            </>
          ) : (
            <>
              <EmailChip email={email} onClick={backToEmail} />
              {third?.methods.includes('totp') ? (
                <>
                  <Field {...fieldProps} label={t('pp.login.code')} hint={t('pp.login.code_help')} autoComplete="one-time-code" />
                  <Button type="submit" disabled={busy}>
                    {t('pp.login.verify')}
                  </Button>
                </>
              ) : null}
              {third?.methods.includes('passkey') ? (
                <Button outlined={third.methods.includes('totp')} onClick={() => void signInWithPasskey()}>
                  {t('pp.login.use_passkey')}
                </Button>
              ) : null}
            </>
          )}
        </form>
      )}
      <Links
        links={[
          { to: '/forgot-password', label: t('pp.login.forgot') },
          { to: '/register', label: t('pp.login.register') },
        ]}
      />
    </>
  );
}
