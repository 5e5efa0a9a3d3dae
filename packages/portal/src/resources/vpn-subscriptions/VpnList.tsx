/**
 * VPN Subscription List (001 §2.9) at vpn/list: the nine columns, a search, Export CSV, 5/20/25 rows
 * a page (default 5) with a range of 4 pages. An admin's view of one of its users (001 §2.5, 'Admins
 * VPN List') is the same resource with the user in meta, and the coupon list's filters behind the toggle.
 */
import { Box, Button, Chip } from '@mui/material';
import { DataTable, TextInput, useTranslate } from 'react-admin';
import { PAGE_SIZES, type VpnAccount } from '@partner-panel/sdk';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { couponFilterInputs, LiveFilters, ToggledFilters } from '../../components/FilterPanel';
import { useFormat } from '../../components/format';
import { ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { PortalList } from '../../components/PortalList';
import { useCycleLabel } from '../coupons/generate/useProducts';

export type VpnRecord = VpnAccount & { id: number };

const Col = DataTable.Col<VpnRecord>;

/** The own list: /{custom_url}/vpn/list. */
export default function VpnListPage() {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={translate('pp.nav.vpn_list')} />
      <VpnList />
    </>
  );
}

export function VpnList({ userId }: { userId?: number }) {
  const meta = userId ? { userId } : undefined;
  return (
    <PortalList
      resource="vpn-subscriptions"
      storeKey={userId ? `vpn-subscriptions.user.${userId}` : 'vpn-subscriptions.own'}
      sizes={PAGE_SIZES.vpn.options}
      pages={PAGE_SIZES.vpn.pages}
      perPage={PAGE_SIZES.vpn.default}
      meta={meta}
    >
      {meta ? (
        // An admin's user: the coupon list's layout (001 §2.5), Billing Type always offered.
        <ToggledFilters meta={meta}>
          <TextInput source="search" label="pp.vpn.search" helperText={false} />
          {couponFilterInputs(true)}
        </ToggledFilters>
      ) : (
        <OwnToolbar />
      )}
      <VpnTable />
    </PortalList>
  );
}

/** The own list's search: e-mail, username or coupon; typing applies after a pause, Search at once. */
function OwnToolbar() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 320px' }}>
        <LiveFilters>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <TextInput source="search" label="pp.vpn.search_list" helperText={false} sx={{ m: 0 }} />
            <Button type="submit" variant="contained">
              {translate('pp.vpn.search')}
            </Button>
          </Box>
        </LiveFilters>
      </Box>
      <ExportCsvButton />
    </Box>
  );
}

function VpnTable() {
  const cycleLabel = useCycleLabel();
  const translate = useTranslate();
  const format = useFormat();
  return (
    <ListTable rowTestId="vpn-row" label={translate('pp.vpn.list_title')}>
      <Col source="coupon" disableSort render={(r) => r.coupon ?? '—'} cellSx={() => ({ fontFamily: 'monospace' })} />
      <Col source="email" disableSort />
      <Col source="vpn_username" disableSort cellSx={() => ({ fontFamily: 'monospace' })} />
      <Col source="billing_cycle" disableSort render={(r) => cycleLabel(r.billing_cycle)} />
      <Col source="billing_type" disableSort render={(r) => translate(r.billing_type === 1 ? 'pp.coupons.recursive' : 'pp.coupons.non_recursive')} />
      <Col source="addons" disableSort render={(r) => (r.addons.length ? r.addons.join(', ') : '—')} />
      <Col source="status" disableSort render={(r) => <StatusChip status={r.status} />} />
      <Col source="start_date" disableSort render={(r) => format.date(r.start_date)} />
      <Col source="end_date" disableSort render={(r) => format.date(r.end_date)} />
    </ListTable>
  );
}

/** An account's status: Active, Suspended, Expired or Deleted (001 §4). */
export function StatusChip({ status }: { status: VpnAccount['status'] }) {
  return <Chip size="small" variant="outlined" label={status} color={status === 'Active' ? 'success' : status === 'Suspended' ? 'warning' : 'default'} />;
}
