/**
 * /invitation/{token} (ours, issue 34): the page an invitation's e-mail links to. It says which
 * account invites which address as which role; a new person chooses a name and a password
 * (registration's rules, the same fields) and is signed in to the account; an address that already
 * signs in here signs in first (the sign-in page comes back here) and accepts; a link used,
 * expired, revoked or for another address shows the server's sentence. Signed in as someone else,
 * the page offers to log out first.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Role } from '@partner-panel/sdk';
import { flash } from '../routing/flash';
import { useSessionUser } from '../routing/useSessionUser';
import { loadAccount, useAccount, usePublicForm } from './publicForm';
import { Busy, Button, ButtonLink, Field, Notice, t as translate, Title as CardTitle } from './frame';
import { currentLocale } from '../i18n/locale';

interface Offer {
  account: string;
  email: string;
  role: Role;
  expires_at: string;
  existing_person: boolean;
}
type State = { kind: 'checking' } | { kind: 'ready'; offer: Offer } | { kind: 'invalid'; message: string };

export default function InvitationPage() {
  useAccount();
  const navigate = useNavigate();
  const { hash = '' } = useParams();
  const user = useSessionUser();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [alert, setAlert] = useState<string | null>(null);
  const [accepting, setAccepting] = useState(false);
  const started = useRef<string | null>(null);
  const form = usePublicForm((values) => loadAccount().then((account) => account.check('joinTeam', values)), { token: hash, name: '', password: '', password_confirmation: '' });

  useEffect(() => {
    if (started.current === hash) return;
    started.current = hash;
    void loadAccount()
      .then((account) => account.readInvitation(hash))
      .then((outcome) => setState(outcome.ok ? { kind: 'ready', offer: outcome.answer.body } : { kind: 'invalid', message: outcome.message }));
  }, [hash]);

  /** Signed in to the account: its dashboard, with the server's welcome. */
  function joined(message: string) {
    flash.set(message);
    navigate('/dashboard', { replace: true });
  }

  async function accept(input: { token: string; name?: string; password?: string; password_confirmation?: string }) {
    setAlert(null);
    const outcome = await (await loadAccount()).acceptInvitation(input);
    if (outcome.ok) return joined(outcome.answer.message);
    form.showErrors(outcome.fields);
    setAlert(outcome.message);
  }

  async function acceptSignedIn() {
    if (accepting) return;
    setAccepting(true);
    try {
      await accept({ token: hash });
    } finally {
      setAccepting(false);
    }
  }

  if (state.kind === 'checking') {
    return (
      <>
        <CardTitle title={translate('pp.invitation.checking')} />
        <Busy>{translate('pp.invitation.checking')}</Busy>
      </>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <>
        <CardTitle title={translate('pp.app.name')} />
        <Notice severity="error" role="alert">
          {state.message}
        </Notice>
        <div className="pp-section">
          <ButtonLink to="/login">{translate('pp.invitation.back')}</ButtonLink>
        </div>
      </>
    );
  }

  const { offer } = state;
  const role = translate(`pp.roles.${offer.role}`);
  const signedAs = user?.member.email;
  const forMe = signedAs !== undefined && signedAs.toLowerCase() === offer.email.toLowerCase();
  return (
    <>
      <CardTitle title={translate('pp.invitation.title', { account: offer.account })} />
      <Notice severity="info" role="status">
        {translate('pp.invitation.offer', { email: offer.email, account: offer.account, role, until: new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long' }).format(new Date(offer.expires_at)) })}
      </Notice>
      {alert ? (
        <Notice severity="error" role="alert">
          {alert}
        </Notice>
      ) : null}
      {signedAs !== undefined && forMe ? (
        <div className="pp-section">
          <p>{translate('pp.invitation.signed_in_as', { email: signedAs })}</p>
          <Button type="button" disabled={accepting} onClick={() => void acceptSignedIn()}>
            {translate('pp.invitation.accept')}
          </Button>
        </div>
      ) : null}
      {signedAs !== undefined && !forMe ? (
        <div className="pp-section">
          <p>{translate('pp.invitation.other_person', { signed: signedAs, email: offer.email })}</p>
          <Button type="button" onClick={() => void loadAccount().then((account) => account.signOut())}>
            {translate('pp.invitation.log_out')}
          </Button>
        </div>
      ) : null}
      {signedAs === undefined && offer.existing_person ? (
        <div className="pp-section">
          <p>{translate('pp.invitation.existing', { email: offer.email })}</p>
          <ButtonLink to="/login" state={{ from: `/invitation/${hash}` }}>
            {translate('pp.invitation.sign_in')}
          </ButtonLink>
        </div>
      ) : null}
      {signedAs === undefined && !offer.existing_person ? (
        <form onSubmit={form.submit(accept)} noValidate>
          <p>{translate('pp.invitation.new_person')}</p>
          <Field {...form.field('name')} label={translate('pp.invitation.name')} autoComplete="name" autoFocus />
          <Field {...form.field('password')} password label={translate('pp.invitation.password')} autoComplete="new-password" hint={translate('pp.register.password_hint')} />
          <Field {...form.field('password_confirmation')} password label={translate('pp.invitation.confirm')} autoComplete="new-password" />
          <Button type="submit" disabled={form.submitting}>
            {translate('pp.invitation.submit')}
          </Button>
        </form>
      ) : null}
    </>
  );
}
