/** The Integration section (002 §2): the redeem form (the embed builder); API secret key and sandbox are Coming Soon until they land. */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import IntegrationIcon from '@mui/icons-material/IntegrationInstructionsOutlined';
import type { MenuSection } from '../../layout/menu';
import { comingSoon } from '../coming-soon';

const EmbedBuilderPage = lazy(() => import('../embed-builder/EmbedBuilderPage'));

export const integrationMenu: MenuSection = {
  key: 'integration',
  label: 'pp.nav.integration',
  icon: IntegrationIcon,
  area: 'integration',
  phone: true,
  pages: [
    { label: 'pp.nav.redeem_form', path: 'integration/form', area: 'integration' },
    { label: 'pp.nav.keys', path: 'integration/keys', area: 'integration' },
    { label: 'pp.nav.sandbox', path: 'integration/sandbox', area: 'integration' },
  ],
};

export const integrationRoutes = [
  <Route key="form" path="integration/form" element={<EmbedBuilderPage />} />,
  <Route key="keys" path="integration/keys" element={comingSoon('pp.nav.keys')} />,
  <Route key="sandbox" path="integration/sandbox" element={comingSoon('pp.nav.sandbox')} />,
];
