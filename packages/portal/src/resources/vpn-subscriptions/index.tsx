/**
 * The `vpn-subscriptions` resource (001 §2.8, §2.9). The spec puts its screens at vpn/list and
 * vpn/subscriptions[/create|/update|/enable|/delete], not at the resource's own path, so they are
 * routes of their own (`routes`) that render the resource's views; the resource itself registers
 * the name, icon and menu. Reseller 903 has no Create tab and starts on Update.
 */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import VpnIcon from '@mui/icons-material/VpnKeyOutlined';
import type { ResourceProps } from 'react-admin';
import type { MenuSection } from '../../layout/menu';
import { ShellPage } from '../../layout/emptyPages';

const VpnListPage = lazy(() => import('./VpnList'));
const ManageVpnPage = lazy(() => import('./manage/ManageVpnPage'));

const menu: MenuSection = {
  key: 'vpn',
  label: 'pp.nav.vpn',
  icon: VpnIcon,
  area: 'vpn.subscriptions',
  phone: true,
  pages: [
    { label: 'pp.nav.vpn_subscriptions', path: 'vpn/subscriptions', area: 'vpn.subscriptions' },
    { label: 'pp.nav.vpn_list', path: 'vpn/list', area: 'vpn.list' },
  ],
};

export default {
  name: 'vpn-subscriptions',
  icon: VpnIcon,
  recordRepresentation: 'vpn_username',
  options: { label: 'pp.nav.vpn_list', menu },
  children: [<Route key="other" path="*" element={<ShellPage />} />],
} satisfies ResourceProps & { options: { menu: MenuSection } };

/** The spec's addresses of the resource's views, under the prefix. */
export const routes = [
  <Route key="list" path="vpn/list" element={<VpnListPage />} />,
  <Route key="manage" path="vpn/subscriptions/*" element={<ManageVpnPage />} />,
];
