/** The Control Panel section: the dashboard, the redeem embed code, and the docs page (Coming Soon until it lands). */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import type { MenuSection } from '../../layout/menu';
import { comingSoon } from '../coming-soon';

const DashboardPage = lazy(() => import('./DashboardPage'));
const RedeemEmbedPage = lazy(() => import('../redeem-embed/RedeemEmbedPage'));

export const dashboardMenu: MenuSection = {
  key: 'dashboard',
  label: 'pp.nav.control_panel',
  icon: DashboardIcon,
  area: 'dashboard',
  phone: true,
  pages: [
    { label: 'pp.nav.dashboard', path: 'dashboard/overview', area: 'dashboard' },
    { label: 'pp.nav.redeem_embed', path: 'dashboard/redeem', area: 'redeem' },
    { label: 'pp.nav.docs', path: 'dashboard/exploredocs', area: 'dashboard' },
  ],
};

export const dashboardRoutes = [
  <Route key="overview" path="dashboard/overview" element={<DashboardPage />} />,
  <Route key="docs" path="dashboard/exploredocs" element={comingSoon('pp.nav.docs')} />,
  <Route key="redeem" path="dashboard/redeem" element={<RedeemEmbedPage />} />,
];
