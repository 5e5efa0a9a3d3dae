/**
 * Export CSV (001 §2.3, §2.9, §9): after 500 ms the server streams the whole filtered list, with the
 * same columns and dates whatever its size, and the browser downloads it (named <date>-coupons.csv,
 * <date>-vpn-subscriptions.csv, <date>-transactions.csv, <date>-invoices.csv). One export path for
 * every list.
 */
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useListContext, useNotify, useTranslate } from 'ra-core';
import type { ExportResource, PortalDataProvider } from '@partner-panel/data-provider';
import { TIMINGS_MS } from '@partner-panel/sdk';
import { followDownload } from './download';
import { later } from './later';


type ExportParams = Parameters<PortalDataProvider['exportLink']>;

/**
 * The one export path: asks the server for the signed link (after `delayMs`), follows it, and toasts
 * a refusal; `exporting` holds while the link is on its way. Used by the list's Export CSV and by a
 * selection's export.
 */
export function useExportLink(delayMs = 0) {
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const mutation = useMutation({
    mutationFn: async ([resource, params]: ExportParams) => {
      await later(delayMs);
      return dataProvider.exportLink(resource, params);
    },
    onSuccess: ({ url }) => followDownload(url),
    onError: (error) => notify((error as Error).message, { type: 'error' }),
  });
  return { exporting: mutation.isPending, exportLink: (...args: ExportParams) => mutation.mutate(args) };
}

/** `filter`: the list's permanent filter (Unpaid Invoices'), which the list's own filter values leave out. */
export function ExportCsvButton({ meta, filter }: { meta?: Record<string, unknown>; filter?: Record<string, unknown> }) {
  const translate = useTranslate();
  const { resource, filterValues, total = 0 } = useListContext();
  const { exporting, exportLink } = useExportLink(TIMINGS_MS.couponExportDelay);
  const exportCsv = () => exportLink(resource as ExportResource, { filter: { ...filterValues, ...filter }, ...(meta ? { meta } : {}) });

  return (
    <Button variant="outlined" startIcon={exporting ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />} disabled={exporting || total === 0} onClick={exportCsv}>
      {translate('pp.list.export')}
    </Button>
  );
}
