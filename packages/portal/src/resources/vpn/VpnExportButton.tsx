/**
 * Export CSV of a VPN subscription list (001 §2.5, §2.9): every row of the current search or
 * filter, with the screen's nine columns and labels, named <date>-vpn-subscriptions.csv.
 */
import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useNotify, useTranslate } from 'ra-core';
import { CYCLES, errors, fallbackMessage, type VpnAccount } from '@partner-panel/sdk';
import { download, toCsv, today } from '../../layout/csv';

const COLUMNS = ['coupon', 'email', 'username', 'cycle', 'type', 'addons', 'status', 'start', 'end'] as const;

/** `meta` as the list's query passes it (an admin's user: `{ userId }`). */
export function VpnExportButton({ meta }: { meta?: Record<string, unknown> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { resource, filterValues, sort, total = 0 } = useListContext();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const { data } = await dataProvider.getList<VpnAccount & { id: number }>(resource, {
        pagination: { page: 1, perPage: Math.max(1, total) },
        sort,
        filter: filterValues,
        ...(meta ? { meta } : {}),
      });
      const rows = data.map((r) => [
        r.coupon ?? '',
        r.email,
        r.vpn_username,
        CYCLES[r.billing_cycle].label,
        translate(r.billing_type === 1 ? 'pp.coupons.recursive' : 'pp.coupons.non_recursive'),
        r.addons.join('; '),
        r.status,
        r.start_date.slice(0, 10),
        r.end_date.slice(0, 10),
      ]);
      download(`${today()}-vpn-subscriptions.csv`, toCsv(COLUMNS.map((c) => translate(`pp.vpn.col_${c}`)), rows));
    } catch (e) {
      notify(e instanceof Error ? e.message : fallbackMessage(errors.fetchVpnList), { type: 'error' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button variant="outlined" startIcon={exporting ? <CircularProgress size={16} /> : <DownloadIcon />} disabled={exporting || total === 0} onClick={exportCsv}>
      {translate('pp.coupons.export')}
    </Button>
  );
}
