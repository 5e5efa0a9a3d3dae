/**
 * The signed-in app: react-admin mounted under the reseller's prefix (`<Admin basename>`), with our
 * providers, themes and shell. Resources declare their views and child routes in their folders'
 * index; custom pages (dashboard, profile, billing, integration…) are routes of their own.
 */
import { Admin, CustomRoutes, Resource, localStorageStore } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { i18nProvider } from '../i18n';
import { Layout } from '../layout/Layout';
import { Toasts } from '../layout/Toasts';
import { authProvider, dataProvider } from '../providers';
import { darkTheme, lightTheme } from '../theme';
import coupons from '../resources/coupons';
import invoices from '../resources/invoices';
import transactions from '../resources/transactions';
import users, { routes as userRoutes } from '../resources/users';
import vpnSubscriptions, { routes as vpnRoutes } from '../resources/vpn-subscriptions';
import { pageRoutes } from '../pages';
import { FullPageSpinner } from '../public/FullPageSpinner';
import { queryClient } from './queryClient';

const store = localStorageStore(undefined, 'pp');

/** The prefix's own root and any unknown path go to /dashboard (000 §2). */
const ToDashboard = () => <Navigate to="/dashboard" replace />;

export default function AdminApp() {
  const { cu = '' } = useParams();
  return (
    <Admin
      basename={`/${cu}`}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      theme={lightTheme}
      darkTheme={darkTheme}
      layout={Layout}
      // react-admin's own loading page stays blank for a second; between sign-in and the dashboard
      // a person sees the spinner the code's loading showed, at once.
      loading={FullPageSpinner}
      notification={Toasts}
      dashboard={ToDashboard}
      catchAll={ToDashboard}
      loginPage={false}
      title="Reseller Dashboard"
      requireAuth
      disableTelemetry
    >
      <Resource {...coupons} />
      <Resource {...vpnSubscriptions} />
      <Resource {...users} />
      <Resource {...invoices} />
      <Resource {...transactions} />
      <CustomRoutes>{[...vpnRoutes, ...userRoutes, ...pageRoutes]}</CustomRoutes>
    </Admin>
  );
}
