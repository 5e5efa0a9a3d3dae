/** /reset-password/{hash} (000 §2): a valid hash shows the update-password form. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { contract } from '@partner-panel/sdk';
import { dataProvider } from '../providers';
import { captchaToken } from './captcha';
import { fieldBinder, messageOf, serverFieldErrors, validate, type FieldErrors } from './forms';
import { PasswordField } from './PasswordField';
import { CardTitle } from './PublicShell';
import { flash } from '../routing/flash';

type State = { kind: 'checking' } | { kind: 'ready'; clientId: string; email: string } | { kind: 'invalid'; message: string };

export default function ResetPasswordPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { hash = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [values, setValues] = useState({ password: '', password_confirmation: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === hash) return;
    started.current = hash;
    captchaToken('password')
      .then((token) => dataProvider.verifyResetHash({ hash, token }))
      .then(({ body }) => setState({ kind: 'ready', clientId: body.client_id, email: body.email }))
      .catch((error: unknown) => setState({ kind: 'invalid', message: messageOf(error, translate('pp.errors.update')) }));
  }, [hash, translate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.kind !== 'ready') return;
    const input = { client_id: state.clientId, ...values, token: '' };
    const invalid = validate(contract.updatePassword.body, input);
    setFieldErrors(invalid);
    setAlert(null);
    if (Object.keys(invalid).length) return;
    setBusy(true);
    try {
      const token = await captchaToken('update_password');
      const { message } = await dataProvider.updatePassword({ ...input, token });
      flash.set(message);
      navigate('/login', { replace: true });
    } catch (error) {
      setFieldErrors(serverFieldErrors(error));
      setAlert(messageOf(error, translate('pp.errors.update')));
    } finally {
      setBusy(false);
    }
  }

  const field = fieldBinder(values, setValues, fieldErrors, { password: translate('pp.register.password_hint') });

  return (
    <>
      <CardTitle title={translate('pp.reset.title')} subtitle={state.kind === 'ready' ? translate('pp.reset.for_account', { email: state.email }) : undefined} />
      {state.kind === 'checking' ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <CircularProgress size={24} />
          <Typography>{translate('pp.reset.checking')}</Typography>
        </Box>
      ) : null}
      {state.kind === 'invalid' ? (
        <>
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {state.message}
          </Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained" fullWidth sx={{ mt: 3 }}>
            {translate('pp.reset.request_new')}
          </Button>
        </>
      ) : null}
      {state.kind === 'ready' ? (
        <Box component="form" onSubmit={submit} noValidate>
          {alert ? (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {alert}
            </Alert>
          ) : null}
          <PasswordField {...field('password')} label={translate('pp.reset.password')} autoComplete="new-password" autoFocus />
          <PasswordField {...field('password_confirmation')} label={translate('pp.reset.confirm')} autoComplete="new-password" />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 1 }}>
            {translate('pp.reset.submit')}
          </Button>
        </Box>
      ) : null}
    </>
  );
}
