/** The Control Panel section: the dashboard, and the redeem embed and docs pages (Coming Soon until they land). */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import type { MenuSection } from '../../layout/menu';
import { comingSoon } from '../coming-soon';

const DashboardPage = lazy(() => import('./DashboardPage'));

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
  <Route key="redeem" path="dashboard/redeem" element={comingSoon('pp.nav.redeem_embed')} />,
];
