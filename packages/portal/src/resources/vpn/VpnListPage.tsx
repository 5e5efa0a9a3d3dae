/**
 * VPN Subscription List (001 §2.9): the nine columns, a search, CSV export, and 5/20/25 rows a page
 * (default 5) with a range of 4 pages.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, TextField } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { ListBase, useListContext, useNotify, useTranslate } from 'ra-core';
import { CYCLES, PAGE_SIZES, errors, fallbackMessage } from '@partner-panel/sdk';
import { dataProvider } from '../../providers';
import { download, toCsv, today } from '../../layout/csv';
import { ListPagination } from '../../layout/ListPagination';
import { PageHeader } from '../../pages/PageHeader';
import { VpnTable } from './VpnTable';

export default function VpnListPage() {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={translate('pp.nav.vpn_list')} />
      <ListBase resource="vpn" perPage={PAGE_SIZES.vpn.default} storeKey="vpn.own">
        <VpnTable toolbar={<Toolbar />} footer={<ListPagination sizes={PAGE_SIZES.vpn.options} pages={PAGE_SIZES.vpn.pages} />} />
      </ListBase>
    </>
  );
}

function Toolbar() {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, setFilters, total = 0 } = useListContext();
  const [search, setSearch] = useState(String(filterValues.search ?? ''));
  const [exporting, setExporting] = useState(false);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(search.trim() ? { search: search.trim() } : {}, {});
  };
  async function exportCsv() {
    setExporting(true);
    try {
      const { data } = await dataProvider.allVpnAccounts(String(filterValues.search ?? ''), total);
      const header = ['Coupon', 'Email', 'VPN Username', 'Billing Cycle', 'Billing Type', 'Addon(s)', 'Status', 'Start Date', 'End Date'];
      const rows = data.map((r) => [
        r.coupon ?? '',
        r.email,
        r.vpn_username,
        CYCLES[r.billing_cycle].label,
        r.billing_type === 1 ? 'Recurring' : 'Onetime',
        r.addons.join('; '),
        r.status,
        r.start_date.slice(0, 10),
        r.end_date.slice(0, 10),
      ]);
      download(`${today()}-vpn-subscriptions.csv`, toCsv(header, rows));
    } catch (e) {
      notify(e instanceof Error ? e.message : fallbackMessage(errors.fetchVpnList), { type: 'error' });
    } finally {
      setExporting(false);
    }
  }
  return (
    <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <Box component="form" onSubmit={apply} sx={{ display: 'flex', gap: 1, flex: '1 1 320px' }}>
        <TextField name="search" size="small" margin="none" label={translate('pp.vpn.search_list')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit" variant="contained">
          {translate('pp.vpn.search')}
        </Button>
      </Box>
      <Button variant="outlined" startIcon={exporting ? <CircularProgress size={16} /> : <DownloadIcon />} disabled={exporting || total === 0} onClick={exportCsv}>
        {translate('pp.coupons.export')}
      </Button>
    </Box>
  );
}
