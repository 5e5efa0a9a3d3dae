/**
 * Sign-in of an account whose admin requires a second factor it has not set up: the QR code and
 * key of a new secret (drawn by our server), a code to confirm it, then the recovery codes, shown
 * once before the dashboard opens.
 */
import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { z } from 'zod';
import { attempt } from '@partner-panel/data-provider';
import { messageOf } from '../components/serverErrors';
import { client, session } from '../providers';
import { checkWith } from './account';
import { Field } from './frame';
import { usePublicForm } from './publicForm';
import { RecoveryCodes, SecretQr } from '../pages/profile/RecoveryCodes';

interface Props {
  challenge: string;
  schema: z.ZodType<string, string>;
  onDone: () => void;
  onError: (message: string) => void;
}

export function SecondFactorSetup({ challenge, schema, onDone, onError }: Props) {
  const translate = useTranslate();
  const [secret, setSecret] = useState<{ secret: string; qr_code: string } | null>(null);
  const [signedIn, setSignedIn] = useState<Awaited<ReturnType<typeof client.loginTwoFactorEnable>> | null>(null);
  const check = useMemo(() => checkWith(z.object({ code: schema })), [schema]);
  const form = usePublicForm(check, { code: '' });

  // One secret per challenge: asking again would replace the one the user is scanning.
  const [failed] = useState(() => ({ onError, fallback: translate('pp.errors.login') }));
  useEffect(() => {
    attempt(() => client.loginTwoFactorSetup({ challenge })).then(setSecret, (error: unknown) => failed.onError(messageOf(error, failed.fallback)));
  }, [challenge, failed]);

  async function confirm({ code }: { code: string }) {
    try {
      // Kept until the codes are read: a stored session would take the user on at once.
      setSignedIn(await attempt(() => client.loginTwoFactorEnable({ challenge, code })));
    } catch (error) {
      form.reset({ code: '' });
      onError(messageOf(error, translate('pp.errors.login')));
    }
  }

  function enter() {
    if (!signedIn) return;
    const { access_token, expires_at: _expires, recovery_codes: _codes, ...user } = signedIn;
    session.signIn(user, access_token);
    onDone();
  }

  if (signedIn) {
    return (
      <Box sx={{ mt: 2 }}>
        <Typography variant="h6" component="h2">
          {translate('pp.login.codes_title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('pp.login.codes_help')}
        </Typography>
        <RecoveryCodes codes={signedIn.recovery_codes} />
        <Button variant="contained" fullWidth sx={{ mt: 2 }} onClick={enter}>
          {translate('pp.login.codes_done')}
        </Button>
      </Box>
    );
  }
  return (
    <form onSubmit={form.submit(confirm)} noValidate>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('pp.login.setup_title')}
      </Typography>
      <Typography variant="body2">{translate('pp.login.setup_help')}</Typography>
      {secret ? <SecretQr setup={secret} /> : null}
      <Field {...form.field('code')} label={translate('pp.login.setup_code')} autoComplete="one-time-code" />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!secret || form.submitting}>
        {translate('pp.login.turn_on')}
      </Button>
    </form>
  );
}
