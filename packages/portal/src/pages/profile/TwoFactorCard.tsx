/**
 * Two-factor sign-in on the profile (docs/api.md "Two-factor sign-in"): whether it is on, how many
 * recovery codes are left, and the dialogs that turn it on (password → QR code and key → a code →
 * the recovery codes, shown once), replace the recovery codes, and turn it off (password and a
 * current code). The server's messages are shown as they come.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { useFormat } from '../../components/format';
import { PasswordField } from '../../components/PasswordField';
import { messageOf } from '../../components/serverErrors';
import { SubmitButton } from '../../components/SubmitButton';
import { useSubmission, type Submission } from '../../components/useSubmission';
import { startRegistration } from '@simplewebauthn/browser';
import { RecoveryCodes, SecretQr } from './RecoveryCodes';

type Mode = 'on' | 'off' | 'codes' | 'passkey';
type Setup = { secret: string; qr_code: string };

interface Step {
  password: string;
  code: string;
  setCodes: (codes: string[]) => void;
  clearPassword: () => void;
}

/**
 * A dialog's password, code, recovery codes, alert and busy state, and its submit: `run` does the
 * step, once per intent (../../components/useSubmission: a repeat while it is on its way is dropped,
 * and its call carries the submission's Idempotency-Key, so a repeated "Turn on" answers the one
 * enrolment's codes); a refusal clears the code and shows the server's sentence. The card reads the
 * account again after every answer, so it says On or Off as soon as the step is done.
 */
function useTwoFactorForm(run: (step: Step, once: Submission) => Promise<void>) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const submission = useSubmission();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    void submission.run({ password, code }, async (once) => {
      setAlert(null);
      try {
        await run({ password, code, setCodes, clearPassword: () => setPassword('') }, once);
      } catch (error) {
        setCode('');
        setAlert(messageOf(error, translate('pp.errors.update')));
      } finally {
        void queryClient.invalidateQueries({ queryKey: ['two-factor'] });
      }
    });
  }
  return { password, setPassword, code, setCode, codes, alert, busy: submission.busy, submit };
}

export function TwoFactorCard() {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const { data: state } = useQuery({ queryKey: ['two-factor'], queryFn: () => dataProvider.twoFactor() });
  const [mode, setMode] = useState<Mode | null>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);

  const close = () => {
    setMode(null);
    void queryClient.invalidateQueries({ queryKey: ['two-factor'] });
  };

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('pp.two_factor.title')}
        </Typography>
        {state ? (
          <>
            <Typography data-testid="two-factor-state">{translate(state.totp ? 'pp.two_factor.on' : 'pp.two_factor.off')}</Typography>
            {state.required ? <Typography color="text.secondary">{translate('pp.two_factor.required')}</Typography> : null}
            {state.totp ? (
              <Typography color="text.secondary">{translate('pp.two_factor.codes_left', { count: state.recovery_codes_left, smart_count: state.recovery_codes_left })}</Typography>
            ) : null}
            <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
              {state.totp ? (
                <>
                  <Button variant="outlined" aria-haspopup="dialog" onClick={() => setMode('codes')}>
                    {translate('pp.two_factor.new_codes')}
                  </Button>
                  {state.required ? null : (
                    <Button variant="outlined" color="warning" aria-haspopup="dialog" onClick={() => setMode('off')}>
                      {translate('pp.two_factor.turn_off')}
                    </Button>
                  )}
                </>
              ) : (
                <Button variant="contained" aria-haspopup="dialog" onClick={() => setMode('on')}>
                  {translate('pp.two_factor.turn_on')}
                </Button>
              )}
            </Box>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
              {translate('pp.two_factor.passkeys')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('pp.two_factor.passkeys_help')}
            </Typography>
            <Box component="ul" data-testid="passkeys" sx={{ pl: 0, listStyle: 'none', my: 1 }}>
              {state.passkeys.map((p) => (
                <Box component="li" key={p.id} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                  <span>
                    {p.name} · {translate('pp.two_factor.added', { date: format.date(p.created_at) })}
                  </span>
                  <Button size="small" color="warning" aria-label={translate('pp.two_factor.remove_label', { name: p.name })} aria-haspopup="dialog" onClick={() => setRemoving({ id: p.id, name: p.name })}>
                    {translate('pp.two_factor.remove')}
                  </Button>
                </Box>
              ))}
            </Box>
            <Button variant="outlined" aria-haspopup="dialog" onClick={() => setMode('passkey')}>
              {translate('pp.two_factor.add_passkey')}
            </Button>
          </>
        ) : null}
      </CardContent>
      {mode === 'passkey' ? <PasskeyDialog onClose={close} /> : null}
      {removing ? (
        <PasskeyDialog
          remove={removing}
          onClose={() => {
            setRemoving(null);
            close();
          }}
        />
      ) : null}
      {mode === 'on' ? <TurnOnDialog onClose={close} /> : null}
      {mode === 'off' || mode === 'codes' ? <PasswordAndCodeDialog mode={mode} onClose={close} /> : null}
    </Card>
  );
}

function TurnOnDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [setup, setSetup] = useState<Setup | null>(null);
  const { password, setPassword, code, setCode, codes, alert, busy, submit } = useTwoFactorForm(async (form, once) => {
    if (!setup) {
      setSetup((await dataProvider.setupTwoFactor(form.password, once)).body);
      form.clearPassword();
    } else {
      const { body, message } = await dataProvider.enableTwoFactor(form.code, once);
      form.setCodes(body.recovery_codes);
      notify(message, { type: 'success' });
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="two-factor-on-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="two-factor-on-title">{translate('pp.two_factor.on_title')}</DialogTitle>
        <DialogContent>
          {alert ? (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {alert}
            </Alert>
          ) : null}
          {codes ? (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('pp.login.codes_help')}
              </Typography>
              <RecoveryCodes codes={codes} />
            </>
          ) : setup ? (
            <>
              <Typography variant="body2">{translate('pp.login.setup_help')}</Typography>
              <SecretQr setup={setup} />
              <TextField name="code" label={translate('pp.two_factor.setup_code')} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" fullWidth autoFocus />
            </>
          ) : (
            <PasswordField name="password" label={translate('pp.two_factor.password')} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" fullWidth autoFocus />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {codes ? (
            <Button variant="contained" onClick={onClose}>
              {translate('pp.two_factor.done')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose}>{translate('pp.two_factor.cancel')}</Button>
              <SubmitButton label={setup ? 'pp.two_factor.confirm' : 'pp.two_factor.next'} busy={busy} />
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function PasswordAndCodeDialog({ mode, onClose }: { mode: 'off' | 'codes'; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { password, setPassword, code, setCode, codes, alert, busy, submit } = useTwoFactorForm(async (form, once) => {
    if (mode === 'off') {
      notify((await dataProvider.disableTwoFactor({ password: form.password, code: form.code }, once)).message, { type: 'success' });
      onClose();
    } else {
      const { body, message } = await dataProvider.renewRecoveryCodes({ password: form.password, code: form.code }, once);
      form.setCodes(body.recovery_codes);
      notify(message, { type: 'success' });
    }
  });

  const title = mode === 'off' ? 'pp.two_factor.off_title' : 'pp.two_factor.codes_title';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="two-factor-change-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="two-factor-change-title">{translate(title)}</DialogTitle>
        <DialogContent>
          {alert ? (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {alert}
            </Alert>
          ) : null}
          {codes ? (
            <RecoveryCodes codes={codes} />
          ) : (
            <>
              <Typography variant="body2" sx={{ mb: 2 }}>
                {translate(mode === 'off' ? 'pp.two_factor.off_help' : 'pp.two_factor.codes_help')}
              </Typography>
              <PasswordField name="password" label={translate('pp.two_factor.password')} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" fullWidth autoFocus />
              <TextField
                name="code"
                label={translate('pp.two_factor.code')}
                helperText={translate('pp.two_factor.code_help')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="one-time-code"
                fullWidth
                sx={{ mt: 2 }}
              />
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {codes ? (
            <Button variant="contained" onClick={onClose}>
              {translate('pp.two_factor.done')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose}>{translate('pp.two_factor.cancel')}</Button>
              <SubmitButton label={mode === 'off' ? 'pp.two_factor.turn_off' : 'pp.two_factor.new_codes'} color={mode === 'off' ? 'warning' : 'primary'} busy={busy} />
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Adds a passkey (password, a name, then the browser's own prompt), or removes one (password). */
function PasskeyDialog({ remove, onClose }: { remove?: { id: number; name: string }; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [name, setName] = useState('');
  const { password, setPassword, alert, busy, submit } = useTwoFactorForm(async (form, once) => {
    if (remove) {
      notify((await dataProvider.removePasskey({ id: remove.id, password: form.password }, once)).message, { type: 'success' });
      return onClose();
    }
    const optionsJSON = await dataProvider.passkeyOptions(form.password, once);
    const response = await startRegistration({ optionsJSON: optionsJSON as never });
    notify((await dataProvider.addPasskey({ name, response: response as unknown as Record<string, unknown> }, once)).message, { type: 'success' });
    onClose();
  });
  const title = remove ? 'pp.two_factor.remove_title' : 'pp.two_factor.passkey_title';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="passkey-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="passkey-title">{translate(title)}</DialogTitle>
        <DialogContent>
          {alert ? (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {alert}
            </Alert>
          ) : null}
          {remove ? <Typography sx={{ mb: 2 }}>{remove.name}</Typography> : null}
          <PasswordField name="password" label={translate('pp.two_factor.password')} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" fullWidth autoFocus />
          {remove ? null : (
            <TextField name="name" label={translate('pp.two_factor.passkey_name')} helperText={translate('pp.two_factor.passkey_name_help')} value={name} onChange={(e) => setName(e.target.value)} fullWidth sx={{ mt: 2 }} />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{translate('pp.two_factor.cancel')}</Button>
          <SubmitButton label={remove ? 'pp.two_factor.remove' : 'pp.two_factor.add_passkey'} color={remove ? 'warning' : 'primary'} busy={busy} />
        </DialogActions>
      </Box>
    </Dialog>
  );
}
