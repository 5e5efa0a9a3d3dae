/**
 * A VPN subscription table (001 §2.9 columns): Coupon, Email, VPN Username, Billing Cycle, Billing
 * Type, Addon(s), Status, Start Date, End Date. The admin view of a user (§2.5) and the own list share it.
 */
import { Alert, Card, Chip, TableCell, TableRow } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';
import { errors, fallbackMessage, type VpnAccount } from '@partner-panel/sdk';
import { DataTable } from '../../layout/DataTable';
import { cycleLabel } from '../../pages/generate/useProducts';
import type { ReactNode } from 'react';

export type VpnRow = VpnAccount & { id: number };

const COLUMNS = ['coupon', 'email', 'username', 'cycle', 'type', 'addons', 'status', 'start', 'end'] as const;

export function VpnTable({ toolbar, footer }: { toolbar?: ReactNode; footer?: ReactNode }) {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<VpnRow>();
  return (
    <Card>
      {toolbar}
      {error ? <Alert severity="error" sx={{ m: 2 }}>{error.message || fallbackMessage(errors.fetchVpnList)}</Alert> : null}
      <DataTable
        label={translate('pp.vpn.list_title')}
        columns={COLUMNS.map((key) => ({ key, label: translate(`pp.vpn.col_${key}`) }))}
        loading={isPending}
        empty={(data?.length ?? 0) === 0}
      >
        {(data ?? []).map((row) => (
          <TableRow key={row.id} hover data-testid="vpn-row">
            <TableCell sx={{ fontFamily: 'monospace' }}>{row.coupon ?? '—'}</TableCell>
            <TableCell>{row.email}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{row.vpn_username}</TableCell>
            <TableCell>{cycleLabel(row.billing_cycle)}</TableCell>
            <TableCell>{translate(row.billing_type === 1 ? 'pp.coupons.recursive' : 'pp.coupons.non_recursive')}</TableCell>
            <TableCell>{row.addons.length ? row.addons.join(', ') : '—'}</TableCell>
            <TableCell>
              <StatusChip status={row.status} />
            </TableCell>
            <TableCell>{new Date(row.start_date).toLocaleDateString('en-US')}</TableCell>
            <TableCell>{new Date(row.end_date).toLocaleDateString('en-US')}</TableCell>
          </TableRow>
        ))}
      </DataTable>
      {footer}
    </Card>
  );
}

/** An account's status: Active, Suspended, Expired or Deleted (001 §4). */
export function StatusChip({ status }: { status: VpnAccount['status'] }) {
  return <Chip size="small" variant="outlined" label={status} color={status === 'Active' ? 'success' : status === 'Suspended' ? 'warning' : 'default'} />;
}
