/**
 * Two-factor sign-in on the profile (docs/api.md "Two-factor sign-in"): whether it is on, how many
 * recovery codes are left, and the dialogs that turn it on (password → QR code and key → a code →
 * the recovery codes, shown once), replace the recovery codes, and turn it off (password and a
 * current code), and add or remove a passkey. Each step is a SchemaForm on its call's body in the
 * contract, so an empty or malformed field says the contract's sentence beneath it; the server's
 * refusals are shown as they come.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { PasswordInput, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract } from '@partner-panel/sdk';
import { useFormat } from '../../components/format';
import { SchemaForm, type FormControl } from '../../components/SchemaForm';
import { messageOf, serverFieldErrors } from '../../components/serverErrors';
import { SubmitButton } from '../../components/SubmitButton';
import type { Submission } from '../../components/useSubmission';
import { startRegistration } from '@simplewebauthn/browser';
import { RecoveryCodes, SecretQr } from './RecoveryCodes';

type Mode = 'on' | 'off' | 'codes' | 'passkey';
type Setup = { secret: string; qr_code: string };

/**
 * A dialog's steps: `step(run, clear)` is a SchemaForm's onSubmit that runs the call (once per
 * intent: SchemaForm drops a repeat while it is on its way, and the call carries the submission's
 * Idempotency-Key, so a repeated "Turn on" answers the one enrolment's codes). A refusal shows the
 * server's sentence above the fields and its field errors beneath them, and empties `clear` (a
 * code is typed afresh). The card reads the account again after every answer, so it says On or Off
 * as soon as the step is done.
 */
function useSteps() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const step =
    <V,>(run: (values: V, once: Submission) => Promise<void>, clear?: string) =>
    async (values: V, once: Submission, form: FormControl) => {
      setAlert(null);
      try {
        await run(values, once);
        return undefined;
      } catch (error) {
        if (clear) form.setValue(clear, '');
        setAlert(messageOf(error, translate('pp.errors.update')));
        return serverFieldErrors(error);
      } finally {
        void queryClient.invalidateQueries({ queryKey: ['two-factor'] });
      }
    };
  return { alert, step };
}

/** A dialog's title, content (the server's refusal first) and actions: inside its step's form. */
function Step({ titleId, title, alert, actions, children }: { titleId: string; title: string; alert?: string | null; actions: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      <DialogTitle id={titleId}>{translate(title)}</DialogTitle>
      <DialogContent>
        {alert ? (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {alert}
          </Alert>
        ) : null}
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>
    </>
  );
}

/** Cancel and the step's submit button. */
function StepActions({ submit, color = 'primary', onCancel }: { submit: string; color?: 'primary' | 'warning'; onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <>
      <Button onClick={onCancel}>{translate('pp.two_factor.cancel')}</Button>
      <SubmitButton label={submit} color={color} />
    </>
  );
}

/** The recovery codes just made, shown once, and Done. */
function CodesStep({ titleId, title, help, codes, onClose }: { titleId: string; title: string; help?: string; codes: string[]; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Step
      titleId={titleId}
      title={title}
      actions={
        <Button variant="contained" onClick={onClose}>
          {translate('pp.two_factor.done')}
        </Button>
      }
    >
      {help ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate(help)}
        </Typography>
      ) : null}
      <RecoveryCodes codes={codes} />
    </Step>
  );
}

/** The password every dialog asks first: focused as the dialog opens, offered by a password manager. */
const passwordInput = <PasswordInput source="password" label="pp.two_factor.password" autoComplete="current-password" fullWidth autoFocus />;

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
  const [codes, setCodes] = useState<string[] | null>(null);
  const { alert, step } = useSteps();
  const titleId = 'two-factor-on-title';
  const title = 'pp.two_factor.on_title';

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      {codes ? (
        <CodesStep titleId={titleId} title={title} help="pp.login.codes_help" codes={codes} onClose={onClose} />
      ) : setup ? (
        <SchemaForm
          schema={contract.enableTwoFactor.body}
          defaultValues={{ code: '' }}
          onSubmit={step(async ({ code }: { code: string }, once) => {
            const { body, message } = await dataProvider.enableTwoFactor(code, once);
            setCodes(body.recovery_codes);
            notify(message, { type: 'success' });
          }, 'code')}
        >
          <Step titleId={titleId} title={title} alert={alert} actions={<StepActions submit="pp.two_factor.confirm" onCancel={onClose} />}>
            <Typography variant="body2">{translate('pp.login.setup_help')}</Typography>
            <SecretQr setup={setup} />
            <TextInput source="code" label="pp.two_factor.setup_code" autoComplete="one-time-code" fullWidth autoFocus />
          </Step>
        </SchemaForm>
      ) : (
        <SchemaForm
          schema={contract.setupTwoFactor.body}
          defaultValues={{ password: '' }}
          onSubmit={step(async ({ password }: { password: string }, once) => setSetup((await dataProvider.setupTwoFactor(password, once)).body))}
        >
          <Step titleId={titleId} title={title} alert={alert} actions={<StepActions submit="pp.two_factor.next" onCancel={onClose} />}>
            {passwordInput}
          </Step>
        </SchemaForm>
      )}
    </Dialog>
  );
}

function PasswordAndCodeDialog({ mode, onClose }: { mode: 'off' | 'codes'; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { alert, step } = useSteps();
  const titleId = 'two-factor-change-title';
  const title = mode === 'off' ? 'pp.two_factor.off_title' : 'pp.two_factor.codes_title';
  // Both calls take the password and a current code (or a recovery code): the same fields, the same rules.
  const schema = mode === 'off' ? contract.disableTwoFactor.body : contract.renewRecoveryCodes.body;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      {codes ? (
        <CodesStep titleId={titleId} title={title} codes={codes} onClose={onClose} />
      ) : (
        <SchemaForm
          schema={schema}
          defaultValues={{ password: '', code: '' }}
          onSubmit={step(async (input: { password: string; code: string }, once) => {
            if (mode === 'off') {
              notify((await dataProvider.disableTwoFactor(input, once)).message, { type: 'success' });
              onClose();
            } else {
              const { body, message } = await dataProvider.renewRecoveryCodes(input, once);
              setCodes(body.recovery_codes);
              notify(message, { type: 'success' });
            }
          }, 'code')}
        >
          <Step
            titleId={titleId}
            title={title}
            alert={alert}
            actions={<StepActions submit={mode === 'off' ? 'pp.two_factor.turn_off' : 'pp.two_factor.new_codes'} color={mode === 'off' ? 'warning' : 'primary'} onCancel={onClose} />}
          >
            <Typography variant="body2" sx={{ mb: 2 }}>
              {translate(mode === 'off' ? 'pp.two_factor.off_help' : 'pp.two_factor.codes_help')}
            </Typography>
            {passwordInput}
            <TextInput source="code" label="pp.two_factor.code" helperText="pp.two_factor.code_help" autoComplete="one-time-code" fullWidth />
          </Step>
        </SchemaForm>
      )}
    </Dialog>
  );
}

/** The fields of adding a passkey: the password (for the browser's options) and its name. */
const addPasskeySchema = contract.passkeyOptions.body.extend({ name: contract.addPasskey.body.shape.name });
/** Removing one takes the password alone. */
const removePasskeySchema = contract.removePasskey.body.pick({ password: true });

/** Adds a passkey (password, a name, then the browser's own prompt), or removes one (password). */
function PasskeyDialog({ remove, onClose }: { remove?: { id: number; name: string }; onClose: () => void }) {
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { alert, step } = useSteps();
  const titleId = 'passkey-title';
  const actions = <StepActions submit={remove ? 'pp.two_factor.remove' : 'pp.two_factor.add_passkey'} color={remove ? 'warning' : 'primary'} onCancel={onClose} />;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      {remove ? (
        <SchemaForm
          schema={removePasskeySchema}
          defaultValues={{ password: '' }}
          onSubmit={step(async ({ password }: { password: string }, once) => {
            notify((await dataProvider.removePasskey({ id: remove.id, password }, once)).message, { type: 'success' });
            onClose();
          })}
        >
          <Step titleId={titleId} title="pp.two_factor.remove_title" alert={alert} actions={actions}>
            <Typography sx={{ mb: 2 }}>{remove.name}</Typography>
            {passwordInput}
          </Step>
        </SchemaForm>
      ) : (
        <SchemaForm
          schema={addPasskeySchema}
          defaultValues={{ password: '', name: '' }}
          onSubmit={step(async ({ password, name }: { password: string; name: string }, once) => {
            const optionsJSON = await dataProvider.passkeyOptions(password, once);
            const response = await startRegistration({ optionsJSON: optionsJSON as never });
            notify((await dataProvider.addPasskey({ name, response: response as unknown as Record<string, unknown> }, once)).message, { type: 'success' });
            onClose();
          })}
        >
          <Step titleId={titleId} title="pp.two_factor.passkey_title" alert={alert} actions={actions}>
            {passwordInput}
            <TextInput source="name" label="pp.two_factor.passkey_name" helperText="pp.two_factor.passkey_name_help" fullWidth />
          </Step>
        </SchemaForm>
      )}
    </Dialog>
  );
}
