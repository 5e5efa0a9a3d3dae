/**
 * The `users` resource (002 §2, admin only): the list at users/all as a child route. The user's own
 * pages are at user/edit/{id}[/listcoupons|/listsusbscriptions|/generatecoupon] — singular `user`,
 * not the resource's path — so they are a route of their own (`routes`) showing the user's record.
 */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import UsersIcon from '@mui/icons-material/GroupOutlined';
import type { ResourceProps } from 'react-admin';
import type { MenuSection } from '../../layout/menu';
import { ShellPage } from '../../layout/emptyPages';
import { RequireAdmin } from '../../routing/guards';

const UserList = lazy(() => import('./UserList'));
const UserPages = lazy(() => import('./UserPages'));
const WhiteLabelEnquiries = lazy(() => import('../../pages/users/white-label/WhiteLabelEnquiries'));

const menu: MenuSection = {
  key: 'users',
  label: 'pp.nav.users',
  icon: UsersIcon,
  area: 'users',
  // Not in the spec's phone list, which is a reseller's: without it an admin could not reach its users on a phone.
  phone: true,
  pages: [
    { label: 'pp.nav.users', path: 'users/all', area: 'users' },
    // Ours: the operator's white-label enquiries (the server lists them for an admin of no admin).
    { label: 'pp.nav.white_label', path: 'users/white-label', area: 'users' },
  ],
};

export default {
  name: 'users',
  icon: UsersIcon,
  recordRepresentation: 'name',
  options: { label: 'pp.nav.users', menu },
  children: [
    <Route key="all" path="all" element={<RequireAdmin><UserList /></RequireAdmin>} />,
    <Route key="white-label" path="white-label" element={<RequireAdmin><WhiteLabelEnquiries /></RequireAdmin>} />,
    <Route key="other" path="*" element={<ShellPage />} />,
  ],
} satisfies ResourceProps & { options: { menu: MenuSection } };

/** The user's pages, admin only (is_admin on the stored user, otherwise `/`). */
export const routes = [<Route key="user" path="user/edit/:id/*" element={<RequireAdmin><UserPages /></RequireAdmin>} />];
