/** The Integration section (002 §2): the redeem form (the embed builder), the API secret key, the sandbox and the webhooks. */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import IntegrationIcon from '@mui/icons-material/IntegrationInstructionsOutlined';
import type { MenuSection } from '../../layout/menu';

const EmbedBuilderPage = lazy(() => import('./form/EmbedBuilderPage'));
const KeysPage = lazy(() => import('./keys/KeysPage'));
const SandboxPage = lazy(() => import('./sandbox/SandboxPage'));
const WebhooksPage = lazy(() => import('./webhooks/WebhooksPage'));

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
    { label: 'pp.nav.webhooks', path: 'integration/webhooks', area: 'integration' },
  ],
};

export const integrationRoutes = [
  <Route key="form" path="integration/form" element={<EmbedBuilderPage />} />,
  <Route key="keys" path="integration/keys" element={<KeysPage />} />,
  <Route key="sandbox" path="integration/sandbox/*" element={<SandboxPage />} />,
  <Route key="webhooks" path="integration/webhooks" element={<WebhooksPage />} />,
];
