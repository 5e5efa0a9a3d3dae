/**
 * The Enable/Disable and Delete tables (001 §2.8): the found accounts with their actions. An active
 * account offers Disable and Delete, a suspended one Enable and Delete (001 §4). Success toasts come
 * after 600 ms.
 */
import { useState } from 'react';
import { Button, DialogContentText, TableCell, TableRow, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { TIMINGS_MS, type VpnAccount } from '@partner-panel/sdk';
import { dataProvider } from '../../providers';
import { ConfirmDelete } from '../../layout/ConfirmDelete';
import { DataTable } from '../../layout/DataTable';
import { StatusChip } from './VpnTable';

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function VpnActionsTable({ accounts, mode, onChanged }: { accounts: VpnAccount[]; mode: 'status' | 'delete'; onChanged: (account: VpnAccount) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<VpnAccount | null>(null);

  if (accounts.length === 0) return <Typography color="text.secondary">{translate('pp.vpn.search_first')}</Typography>;

  async function act(account: VpnAccount, action: 'enable' | 'disable' | 'delete') {
    setBusy(account.vpn_username);
    try {
      const { message, body } =
        action === 'delete' ? await dataProvider.deleteVpnAccount(account.vpn_username) : await dataProvider.updateVpnStatus(account.vpn_username, action);
      onChanged(body.account);
      await later(TIMINGS_MS.statusToastDelay);
      notify(message, { type: 'success' });
      if (action === 'enable') void dataProvider.refreshProfile().catch(() => undefined);
    } catch (e) {
      notify(e instanceof Error ? e.message : translate('pp.errors.update'), { type: 'error' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <DataTable
        label={translate(mode === 'status' ? 'pp.vpn.tab_enable' : 'pp.vpn.tab_delete')}
        columns={[
          { key: 'username', label: translate('pp.vpn.col_username') },
          { key: 'email', label: translate('pp.vpn.col_email') },
          { key: 'status', label: translate('pp.vpn.col_status') },
          { key: 'end', label: translate('pp.vpn.col_end') },
          { key: 'actions', label: translate('pp.coupons.actions'), align: 'right' },
        ]}
      >
        {accounts.map((a) => {
          const deleted = a.status === 'Deleted';
          return (
            <TableRow key={a.vpn_username} data-testid="vpn-action-row">
              <TableCell sx={{ fontFamily: 'monospace' }}>{a.vpn_username}</TableCell>
              <TableCell>{a.email}</TableCell>
              <TableCell>
                <StatusChip status={a.status} />
              </TableCell>
              <TableCell>{new Date(a.end_date).toLocaleDateString('en-US')}</TableCell>
              <TableCell align="right">
                {deleted ? null : mode === 'status' ? (
                  a.hosting_status === 'active' ? (
                    <Button size="small" color="warning" disabled={busy === a.vpn_username} onClick={() => act(a, 'disable')}>
                      {translate('pp.vpn.disable')}
                    </Button>
                  ) : (
                    <Button size="small" color="success" disabled={busy === a.vpn_username} onClick={() => act(a, 'enable')}>
                      {translate('pp.vpn.enable')}
                    </Button>
                  )
                ) : (
                  <Button size="small" color="error" disabled={busy === a.vpn_username} onClick={() => setConfirming(a)}>
                    {translate('pp.vpn.delete')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </DataTable>
      <ConfirmDelete target={confirming} onClose={() => setConfirming(null)} onConfirm={(account) => void act(account, 'delete')} labelId="delete-vpn-title">
        <DialogContentText>{translate('pp.vpn.delete_warning', { username: confirming?.vpn_username ?? '' })}</DialogContentText>
      </ConfirmDelete>
    </>
  );
}
