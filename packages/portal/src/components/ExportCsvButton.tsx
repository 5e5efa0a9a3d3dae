/**
 * Export CSV (001 §2.3, §2.9, §9): after 500 ms the server streams the whole filtered list, with the
 * same columns and dates whatever its size, and the browser downloads it (named <date>-coupons.csv
 * or <date>-vpn-subscriptions.csv). One export path for every list.
 */
import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useNotify, useTranslate } from 'ra-core';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { TIMINGS_MS } from '@partner-panel/sdk';
import { followDownload } from './download';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function ExportCsvButton({ meta }: { meta?: Record<string, unknown> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { resource, filterValues, total = 0 } = useListContext();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await wait(TIMINGS_MS.couponExportDelay);
      const { url } = await dataProvider.exportLink(resource as 'coupons' | 'vpn-subscriptions', { filter: filterValues, ...(meta ? { meta } : {}) });
      followDownload(url);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button variant="outlined" startIcon={exporting ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />} disabled={exporting || total === 0} onClick={exportCsv}>
      {translate('pp.list.export')}
    </Button>
  );
}
