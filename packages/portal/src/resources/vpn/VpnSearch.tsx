/** Search VPN Account (001 §2.8): search by Email, Coupon Code or Username, then 'Fetch VPN Details'. */
import { useState, type FormEvent } from 'react';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { errors, fallbackMessage, messages, type VpnAccount } from '@partner-panel/sdk';
import { dataProvider } from '../../providers';

export type SearchBy = 'email' | 'coupon' | 'username';

export function VpnSearch({ onFound }: { onFound: (accounts: VpnAccount[], query: { by: SearchBy; value: string }) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [by, setBy] = useState<SearchBy | ''>('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!by || !value.trim()) return setError(messages.vpnSearchRequired);
    setError(null);
    setBusy(true);
    try {
      const { account_details } = await dataProvider.searchVpnAccounts(by, value.trim());
      onFound(account_details, { by, value: value.trim() });
      if (account_details.length === 0) notify(translate('pp.vpn.none_found'), { type: 'info' });
    } catch (e) {
      notify(e instanceof Error ? e.message : fallbackMessage(errors.fetchVpnList), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }} data-testid="vpn-search">
      <TextField select name="search" label={translate('pp.vpn.search_by')} value={by} onChange={(e) => setBy(e.target.value as SearchBy)} sx={{ width: 200 }} fullWidth={false} margin="none">
        <MenuItem value="email">{translate('pp.vpn.by_email')}</MenuItem>
        <MenuItem value="coupon">{translate('pp.vpn.by_coupon')}</MenuItem>
        <MenuItem value="username">{translate('pp.vpn.by_username')}</MenuItem>
      </TextField>
      <TextField
        name="value"
        label={translate('pp.vpn.search_value')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error !== null}
        helperText={error ?? ' '}
        sx={{ flex: '1 1 240px' }}
        margin="none"
      />
      <Button type="submit" variant="contained" disabled={busy} sx={{ height: 56 }}>
        {translate('pp.vpn.fetch')}
      </Button>
    </Box>
  );
}
