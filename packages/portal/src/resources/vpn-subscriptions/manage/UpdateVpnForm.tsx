/**
 * Update VPN Account (001 §2.8): a found username, its coupon (read-only), then Email or Password
 * mode and Update. Each mode is a react-admin form validated by the contract's schema for its call
 * (the password rule and its confirmation for Password).
 */
import { useState } from 'react';
import { Box, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { PasswordInput, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract, type VpnAccount } from '@partner-panel/sdk';
import { serverFieldErrors } from '../../../components/serverErrors';
import { SchemaForm, type FormValues } from '../../../components/SchemaForm';
import type { Submission } from '../../../components/useSubmission';
import { SubmitButton } from '../../../components/SubmitButton';
import { NothingFound, type Found } from './NothingFound';

type Mode = 'email' | 'password';

export function UpdateVpnForm({ found, onChanged }: { found: Found; onChanged: (account: VpnAccount) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const live = (found ?? []).filter((a) => a.status !== 'Deleted');
  const [chosen, setChosen] = useState('');
  // One account found: it is the one to update.
  const username = live.some((a) => a.vpn_username === chosen) ? chosen : live.length === 1 ? (live[0]?.vpn_username ?? '') : '';
  const [mode, setMode] = useState<Mode>('email');
  const selected = live.find((a) => a.vpn_username === username);

  if (live.length === 0) return <NothingFound found={found} />;

  async function update(values: FormValues<typeof contract.updateVpnEmail.body | typeof contract.updateVpnPassword.body>, once: Submission) {
    try {
      const { message, body } =
        'email' in values
          ? await dataProvider.updateVpnEmail(values.username, values.email, once)
          : await dataProvider.updateVpnPassword(values.username, values.password, values.password_confirmation, once);
      notify(message, { type: 'success' });
      onChanged(body.account);
      return undefined;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return serverFieldErrors(error);
    }
  }

  return (
    <Box data-testid="update-vpn">
      <TextField select name="username" label={translate('pp.vpn.col_username')} value={username} onChange={(e) => setChosen(e.target.value)} helperText={username ? ' ' : translate('pp.vpn.choose_username')}>
        {live.map((a) => (
          <MenuItem key={a.vpn_username} value={a.vpn_username}>
            {`${a.vpn_username} — ${a.email}`}
          </MenuItem>
        ))}
      </TextField>
      <TextField name="coupon" variant="filled" label={translate('pp.vpn.col_coupon')} value={selected?.coupon ?? '—'} slotProps={{ input: { readOnly: true } }} helperText={translate('pp.vpn.read_only')} />
      <ToggleButtonGroup exclusive fullWidth color="primary" value={mode} onChange={(_, m: Mode | null) => m && setMode(m)} sx={{ my: 1 }}>
        <ToggleButton value="email">{translate('pp.vpn.mode_email')}</ToggleButton>
        <ToggleButton value="password">{translate('pp.vpn.mode_password')}</ToggleButton>
      </ToggleButtonGroup>
      {/* One form per mode, keyed by the account, so a switch starts clean. */}
      <SchemaForm
        key={`${mode}-${username}`}
        onSubmit={update}
        schema={mode === 'email' ? contract.updateVpnEmail.body : contract.updateVpnPassword.body}
        defaultValues={mode === 'email' ? { username, email: '' } : { username, password: '', password_confirmation: '' }}
      >
        {mode === 'email' ? (
          <TextInput source="email" type="email" label="pp.vpn.new_email" fullWidth />
        ) : (
          <>
            <PasswordInput source="password" label="pp.password_dialog.new" fullWidth autoComplete="new-password" helperText="pp.register.password_hint" />
            <PasswordInput source="password_confirmation" label="pp.password_dialog.confirm" fullWidth autoComplete="new-password" />
          </>
        )}
        <SubmitButton label="pp.vpn.update" size="large" fullWidth disabled={!username} sx={{ mt: 1 }} />
      </SchemaForm>
    </Box>
  );
}
