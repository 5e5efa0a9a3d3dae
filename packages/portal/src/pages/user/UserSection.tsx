/**
 * An admin's pages for one of its users (002 §2): /{cu}/user/edit/{id} and its sub-pages. The id
 * must be numeric, else 'User undefined' (001 §5); the server refuses any user not the admin's own.
 */
import { lazy, useState, type ReactNode } from 'react';
import { Alert, Box, Tab, Tabs, Typography } from '@mui/material';
import { ListBase, useTranslate } from 'ra-core';
import { Link, useLocation, useParams } from 'react-router-dom';
import { messages, PAGE_SIZES } from '@partner-panel/sdk';
import { ListPagination } from '../../layout/ListPagination';
import { CouponFilters, FilterToggle } from '../../resources/coupons/CouponFilters';
import { VpnExportButton } from '../../resources/vpn/VpnExportButton';
import { CouponTable } from '../../resources/coupons/CouponTable';
import { VpnTable } from '../../resources/vpn/VpnTable';
import { paths } from '../../routing/paths';
import { useSessionUser } from '../../routing/useSessionUser';
import { useTabStrip } from '../../layout/tabStrip';
import { PageHeader } from '../PageHeader';

const GeneratePage = lazy(() => import('../generate/GeneratePage'));
const ComingSoonPage = lazy(() => import('../coming-soon/ComingSoonPage'));

export type UserPage = 'profile' | 'generatecoupon' | 'listcoupons' | 'listsusbscriptions';

function useUserId(): number | null {
  const { id = '' } = useParams();
  return /^\d+$/.test(id) ? Number(id) : null;
}

function UserTabs({ id }: { id: number }) {
  const translate = useTranslate();
  const user = useSessionUser();
  const { pathname } = useLocation();
  const strip = useTabStrip(4);
  if (!user) return null;
  const base = paths(user.custom_url).userEdit(id);
  const tabs = [
    { to: base, label: 'pp.users.profile' },
    { to: `${base}/generatecoupon`, label: 'pp.nav.generate' },
    { to: `${base}/listcoupons`, label: 'pp.nav.coupons_list' },
    { to: `${base}/listsusbscriptions`, label: 'pp.users.subscriptions' },
  ];
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('pp.users.user_number', { id })}
      </Typography>
      <Tabs value={tabs.find((t) => t.to === pathname)?.to ?? false} {...strip} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((t) => (
          <Tab key={t.to} value={t.to} label={translate(t.label)} component={Link} to={t.to} />
        ))}
      </Tabs>
    </Box>
  );
}

function AdminVpnList({ id }: { id: number }) {
  const translate = useTranslate();
  const [filters, setFilters] = useState(false);
  return (
    <>
      <PageHeader title={translate('pp.users.vpn_title')} />
      <ListBase resource="userVpn" perPage={PAGE_SIZES.vpn.default} storeKey={`userVpn.${id}`} queryOptions={{ meta: { userId: id } }}>
        <VpnTable
          toolbar={
            <>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: 2, pb: 0, flexWrap: 'wrap' }}>
                <FilterToggle open={filters} onToggle={setFilters} />
                <VpnExportButton meta={{ userId: id }} />
              </Box>
              {filters ? <CouponFilters billingType codeLabel="pp.vpn.search" /> : null}
            </>
          }
          footer={<ListPagination sizes={PAGE_SIZES.vpn.options} pages={PAGE_SIZES.vpn.pages} />}
        />
      </ListBase>
    </>
  );
}

export default function UserSection({ page }: { page: UserPage }) {
  const translate = useTranslate();
  const id = useUserId();
  if (id === null) {
    return (
      <Alert severity="error" data-testid="user-undefined">
        {messages.userUndefined}
      </Alert>
    );
  }
  const content: Record<UserPage, ReactNode> = {
    profile: <ComingSoonPage title="pp.users.profile" />,
    generatecoupon: <GeneratePage userId={id} />,
    listcoupons: (
      <>
        <PageHeader title={translate('pp.coupons.title')} />
        <CouponTable resource="userCoupons" userId={id} browserConfirm />
      </>
    ),
    listsusbscriptions: <AdminVpnList id={id} />,
  };
  return (
    <>
      <UserTabs id={id} />
      {content[page]}
    </>
  );
}
