/**
 * An admin's pages for one of its users (002 §2): user/edit/{id} and its sub-pages, on the `users`
 * resource's record (<ShowBase>: named, with its e-mail and balance). The id must be numeric, else 'User
 * undefined' (001 §5); the server refuses any user not the admin's own. The user's coupons and
 * subscriptions are the `coupons` and `vpn-subscriptions` lists with the user in meta.
 */
import { lazy } from 'react';
import { Alert, Box, Tab, Tabs, Typography } from '@mui/material';
import { ShowBase, useGetRecordRepresentation, useRecordContext, useTranslate } from 'react-admin';
import { Link, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { messages } from '@partner-panel/sdk';
import { useFormat } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { TAB_STRIP } from '../../layout/tabStrip';
import { ShellPage } from '../../layout/emptyPages';
import { usePaths } from '../../routing/usePaths';
import { CouponList } from '../coupons/CouponList';
import { VpnList } from '../vpn-subscriptions/VpnList';
import type { UserRecord } from './UserList';

const GeneratePage = lazy(() => import('../coupons/generate/GeneratePage'));
const UserProfile = lazy(() => import('./profile/UserProfile'));

export default function UserPages() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) {
    return (
      <Alert severity="error" data-testid="user-undefined">
        {messages.userUndefined}
      </Alert>
    );
  }
  const userId = Number(id);
  // The user's record: its list row stands in at once, and get/user answers the whole profile.
  // A user the server does not answer for still gets its pages, named by its number.
  return (
    <ShowBase resource="users" id={userId} queryOptions={{ staleTime: 0, onError: () => undefined }}>
      <UserHeader id={userId} />
      <Routes>
        <Route index element={<UserProfile />} />
        <Route path="generatecoupon" element={<GeneratePage userId={userId} />} />
        <Route
          path="listcoupons"
          element={
            <>
              <PageHeader title={translate('pp.coupons.title')} />
              <CouponList userId={userId} />
            </>
          }
        />
        <Route
          path="listsusbscriptions"
          element={
            <>
              <PageHeader title={translate('pp.users.vpn_title')} />
              <VpnList userId={userId} />
            </>
          }
        />
        <Route path="*" element={<ShellPage />} />
      </Routes>
    </ShowBase>
  );
}

/** Who the pages are about: the user's name, e-mail and balance (from the list, or get/user), and the tabs. */
function UserHeader({ id }: { id: number }) {
  const translate = useTranslate();
  const format = useFormat();
  const links = usePaths();
  const { pathname } = useLocation();
  const represent = useGetRecordRepresentation('users');
  const user = useRecordContext<UserRecord>();
  const base = links.userEdit(id);
  const tabs = [
    { to: base, label: 'pp.users.profile' },
    { to: `${base}/generatecoupon`, label: 'pp.nav.generate' },
    { to: `${base}/listcoupons`, label: 'pp.nav.coupons_list' },
    { to: `${base}/listsusbscriptions`, label: 'pp.users.subscriptions' },
  ];
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" data-testid="user-identity">
        {user
          ? translate('pp.users.identity', { name: represent(user), email: user.email, balance: format.money(user.balance) })
          : translate('pp.users.user_number', { id })}
      </Typography>
      <Tabs value={tabs.find((t) => t.to === pathname)?.to ?? false} {...TAB_STRIP} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((t) => (
          <Tab key={t.to} value={t.to} label={translate(t.label)} component={Link} to={t.to} />
        ))}
      </Tabs>
    </Box>
  );
}
