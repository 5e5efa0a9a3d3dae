/**
 * VPN Subscription List (001 §2.9): the nine columns, a search, CSV export, and 5/20/25 rows a page
 * (default 5) with a range of 4 pages.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { ListBase, useListContext, useTranslate } from 'ra-core';
import { PAGE_SIZES } from '@partner-panel/sdk';
import { ListPagination } from '../../layout/ListPagination';
import { PageHeader } from '../../pages/PageHeader';
import { VpnExportButton } from './VpnExportButton';
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
  const { filterValues, setFilters } = useListContext();
  const [search, setSearch] = useState(String(filterValues.search ?? ''));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(search.trim() ? { search: search.trim() } : {}, {});
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <Box component="form" onSubmit={apply} sx={{ display: 'flex', gap: 1, flex: '1 1 320px' }}>
        <TextField name="search" size="small" margin="none" label={translate('pp.vpn.search_list')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit" variant="contained">
          {translate('pp.vpn.search')}
        </Button>
      </Box>
      <VpnExportButton />
    </Box>
  );
}
