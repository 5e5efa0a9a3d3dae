/**
 * The Enable/Disable and Delete tables (001 §2.8): the found accounts, as a react-admin list of
 * local data, with their actions. An active account offers Disable and Delete, a suspended one
 * Enable and Delete (001 §4). Success toasts come after 600 ms.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, DialogContentText } from '@mui/material';
import { DataTable, ListContextProvider, ResourceContextProvider, useDataProvider, useList, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { TIMINGS_MS, type VpnAccount } from '@partner-panel/sdk';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useFormat } from '../../../components/format';
import { ListTable } from '../../../components/ListTable';
import { StatusChip } from '../VpnList';
import { NothingFound, type Found } from './NothingFound';
import { later } from '../../../components/later';
import { onFirstClick, useSubmission, type Submission } from '../../../components/useSubmission';

type Row = VpnAccount & { id: string };
const Col = DataTable.Col<Row>;

export function VpnActionsTable({ found, mode, onChanged }: { found: Found; mode: 'status' | 'delete'; onChanged: (account: VpnAccount) => void }) {
  const translate = useTranslate();
  const format = useFormat();
  const rows: Row[] = (found ?? []).map((a) => ({ ...a, id: a.vpn_username }));
  const list = useList({ data: rows, resource: 'vpn-subscriptions', perPage: 100 });
  if (rows.length === 0) return <NothingFound found={found} />;
  return (
    <ResourceContextProvider value="vpn-subscriptions">
      <ListContextProvider value={list}>
        <ListTable rowTestId="vpn-action-row" label={translate(mode === 'status' ? 'pp.vpn.tab_enable' : 'pp.vpn.tab_delete')}>
        <Col source="vpn_username" disableSort cellSx={() => ({ fontFamily: 'monospace' })} />
        <Col source="email" disableSort />
        <Col source="status" disableSort render={(a) => <StatusChip status={a.status} />} />
        <Col source="end_date" disableSort render={(a) => format.date(a.end_date)} />
        <Col label="pp.list.actions" align="right" render={() => <AccountAction mode={mode} onChanged={onChanged} />} />
        </ListTable>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

function AccountAction({ mode, onChanged }: { mode: 'status' | 'delete'; onChanged: (account: VpnAccount) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const account = useRecordContext<Row>();
  const [confirming, setConfirming] = useState<Row | null>(null);
  // Busy from the click until the toast: the row's buttons stay disabled while the change is on its way.
  // Once per intent (useSubmission): a repeat meanwhile is dropped, and the call carries the submission's
  // Idempotency-Key, so a double-clicked Enable (which charges the wallet) charges once.
  const submission = useSubmission();
  const change = useMutation({
    mutationFn: async ({ username, action, once }: { username: string; action: 'enable' | 'disable' | 'delete'; once: Submission }) => {
      const { message, body } = action === 'delete' ? await dataProvider.deleteVpnAccount(username, once) : await dataProvider.updateVpnStatus(username, action, once);
      onChanged(body.account);
      await later(TIMINGS_MS.statusToastDelay);
      return { message, action };
    },
    onSuccess: ({ message, action }) => {
      notify(message, { type: 'success' });
      if (action === 'enable') void dataProvider.refreshProfile().catch(() => undefined);
    },
    onError: (e) => notify(e.message, { type: 'error' }),
  });
  const busy = submission.busy || change.isPending;
  if (!account || account.status === 'Deleted') return null;
  const username = account.vpn_username;
  const act = (action: 'enable' | 'disable' | 'delete') => void submission.run({ username, action }, (once) => change.mutateAsync({ username, action, once }).catch(() => undefined));

  if (mode === 'delete') {
    return (
      <>
        <Button size="small" color="error" disabled={busy} aria-haspopup="dialog" onClick={() => setConfirming(account)}>
          {translate('pp.vpn.delete')}
        </Button>
        <ConfirmDialog target={confirming} onClose={() => setConfirming(null)} onConfirm={() => act('delete')} labelId={`delete-vpn-${account.id}`}>
          <DialogContentText>{translate('pp.vpn.delete_warning', { username: account.vpn_username })}</DialogContentText>
        </ConfirmDialog>
      </>
    );
  }
  return account.hosting_status === 'active' ? (
    <Button size="small" color="warning" disabled={busy} onClick={onFirstClick(() => act('disable'))}>
      {translate('pp.vpn.disable')}
    </Button>
  ) : (
    <Button size="small" color="success" disabled={busy} onClick={onFirstClick(() => act('enable'))}>
      {translate('pp.vpn.enable')}
    </Button>
  );
}
