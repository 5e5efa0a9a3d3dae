/** Update VPN Account (001 §2.8): a found username, its coupon (read-only), then Email or Password mode. */
import { useState, type FormEvent } from 'react';
import { Box, Button, MenuItem, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { contract, type VpnAccount } from '@partner-panel/sdk';
import { dataProvider } from '../../providers';
import { fieldBinder, validate, type FieldErrors } from '../../public/forms';
import { PasswordField } from '../../public/PasswordField';

export function UpdateVpnPanel({ accounts, onChanged }: { accounts: VpnAccount[]; onChanged: (account: VpnAccount) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const live = accounts.filter((a) => a.status !== 'Deleted');
  const [chosen, setUsername] = useState('');
  // One account found: it is the one to update.
  const username = chosen || (live.length === 1 ? (live[0]?.vpn_username ?? '') : '');
  const [mode, setMode] = useState<'email' | 'password'>('email');
  const [values, setValues] = useState({ email: '', password: '', password_confirmation: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const selected = live.find((a) => a.vpn_username === username);

  if (live.length === 0) {
    return <Typography color="text.secondary">{translate('pp.vpn.search_first')}</Typography>;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected) return setFieldErrors({ username: translate('pp.vpn.choose_username') });
    const invalid =
      mode === 'email'
        ? validate(contract.updateVpnEmail.body, { username, email: values.email })
        : validate(contract.updateVpnPassword.body, { username, password: values.password, password_confirmation: values.password_confirmation });
    setFieldErrors(invalid);
    if (Object.keys(invalid).length) return;
    setBusy(true);
    try {
      const { message, body } =
        mode === 'email'
          ? await dataProvider.updateVpnEmail(username, values.email.trim())
          : await dataProvider.updateVpnPassword(username, values.password, values.password_confirmation);
      notify(message, { type: 'success' });
      onChanged(body.account);
      setValues({ email: '', password: '', password_confirmation: '' });
    } catch (e) {
      notify(e instanceof Error ? e.message : translate('pp.errors.update'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const field = fieldBinder(values, setValues, fieldErrors, { password: translate('pp.register.password_hint') });

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="update-vpn">
      <TextField select name="username" label={translate('pp.vpn.col_username')} value={username} onChange={(e) => setUsername(e.target.value)} error={Boolean(fieldErrors.username)} helperText={fieldErrors.username ?? ' '}>
        {live.map((a) => (
          <MenuItem key={a.vpn_username} value={a.vpn_username}>
            {`${a.vpn_username} — ${a.email}`}
          </MenuItem>
        ))}
      </TextField>
      <TextField name="coupon" variant="filled" label={translate('pp.vpn.col_coupon')} value={selected?.coupon ?? '—'} slotProps={{ input: { readOnly: true } }} helperText={translate('pp.vpn.read_only')} />
      <ToggleButtonGroup exclusive fullWidth color="primary" value={mode} onChange={(_, m: 'email' | 'password' | null) => m && setMode(m)} sx={{ my: 1 }}>
        <ToggleButton value="email">{translate('pp.vpn.mode_email')}</ToggleButton>
        <ToggleButton value="password">{translate('pp.vpn.mode_password')}</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'email' ? (
        <TextField {...field('email')} type="email" label={translate('pp.vpn.new_email')} />
      ) : (
        <>
          <PasswordField {...field('password')} label={translate('pp.password_dialog.new')} autoComplete="new-password" />
          <PasswordField {...field('password_confirmation')} label={translate('pp.password_dialog.confirm')} autoComplete="new-password" />
        </>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 1 }}>
        {translate('pp.vpn.update')}
      </Button>
    </Box>
  );
}
