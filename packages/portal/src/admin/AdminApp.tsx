/** The signed-in app: react-admin with our providers, themes, shell and routes. */
import { Admin, CustomRoutes, Resource, localStorageStore } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { i18nProvider } from '../i18n';
import { Layout } from '../layout/Layout';
import { authProvider, dataProvider } from '../providers';
import { darkTheme, lightTheme } from '../theme';
import { signedInRoutes } from './routes';

const store = localStorageStore(undefined, 'pp');

/** `/` and any unknown path go to /dashboard (000 §2). */
const ToDashboard = () => <Navigate to="/dashboard" replace />;

export default function AdminApp() {
  return (
    <Admin
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={lightTheme}
      darkTheme={darkTheme}
      layout={Layout}
      dashboard={ToDashboard}
      catchAll={ToDashboard}
      loginPage={false}
      title="Reseller Dashboard"
      requireAuth
      disableTelemetry
    >
      {/* Resources name the lists' data; their screens are custom routes under the reseller's prefix. */}
      <Resource name="coupons" />
      <Resource name="userCoupons" />
      <Resource name="users" />
      <Resource name="vpn" />
      <Resource name="userVpn" />
      <CustomRoutes>{signedInRoutes}</CustomRoutes>
    </Admin>
  );
}
