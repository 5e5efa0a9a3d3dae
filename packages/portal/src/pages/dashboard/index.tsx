/** The Control Panel section: the dashboard, the redeem embed code and the docs. */
import { lazy } from 'react';
import { lazyPage } from '../../routing/lazyPage';
import { Route } from 'react-router-dom';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import type { MenuSection } from '../../layout/menu';

/** The first screen after sign-in: preloaded while the password is typed (admin/firstScreen). */
export const DashboardPage = lazyPage(() => import('./overview/DashboardPage'));
const RedeemEmbedPage = lazy(() => import('./redeem/RedeemEmbedPage'));
const ExploreDocsPage = lazy(() => import('./exploredocs/ExploreDocsPage'));

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
  <Route key="docs" path="dashboard/exploredocs" element={<ExploreDocsPage />} />,
  <Route key="redeem" path="dashboard/redeem" element={<RedeemEmbedPage />} />,
];
