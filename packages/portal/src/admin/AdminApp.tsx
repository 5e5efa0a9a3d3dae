/**
 * The signed-in app: react-admin mounted under the reseller's prefix (`basename`), with our
 * providers, themes and shell. Its routes and resources are the sections' (../sections.tsx): every
 * page one route, guarded by its `access`, and each resource registered for its records' names.
 */
import { lazy, Suspense, use, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import { CoreAdminUI, CustomRoutes, Resource, localStorageStore } from 'ra-core';
import { AdminContext } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router-dom';
import { ErrorBoundary } from 'react-error-boundary';
import { ErrorFallback } from '../components/ErrorFallback';
import { i18nProvider, loadMessages } from '../i18n';
import { currentLocale, isRtl, subscribeLocale } from '../i18n/locale';
import { Direction } from '../i18n/Direction';
import { LocaleSync } from '../i18n/LocaleSync';
import { Layout } from '../layout/Layout';
import { Toasts } from '../layout/Toasts';
import { authProvider, dataProvider } from '../providers';
import { themesFor } from '../theme';
import { ShellPage } from '../layout/emptyPages';
import { FullPageSpinner } from '../public/FullPageSpinner';
import { RequireArea } from '../routing/guards';
import { RequireCall } from './RequireCall';
import { accountPages, sections } from '../sections';
import { queryClient } from './queryClient';
import type * as fallbackPages from './fallbackPages';

const store = localStorageStore(undefined, 'pp');
// react-admin keeps the locale it last showed; the one to show is ours (i18n/locale.ts), so that it
// starts in it rather than switching after its first paint.
store.setItem('locale', currentLocale());

/** The prefix's own root and any unknown path go to /dashboard (000 §2). */
const ToDashboard = () => <Navigate to="/dashboard" replace />;

type FallbackPage = keyof typeof fallbackPages;

/**
 * react-admin's own pages for what the first screen never shows (access denied, an authentication
 * error, the auth callback, a crash), loaded when one is shown: the shell that paints the dashboard
 * then carries neither them nor the login form and default layout react-admin's `<Admin>` imports.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page takes react-admin's own props
function onDemand(name: FallbackPage): (props: any) => ReactNode {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const Page = lazy(() => import('./fallbackPages').then((pages) => ({ default: pages[name] as ComponentType<any> })));
  // A page whose code cannot be fetched (a deploy replaced it) shows our reload, as the layout does.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const OnDemand = (props: any) => (
    <ErrorBoundary FallbackComponent={ErrorFallback}>
      <Suspense fallback={<FullPageSpinner />}>
        <Page {...props} />
      </Suspense>
    </ErrorBoundary>
  );
  return OnDemand;
}
const AccessDenied = onDemand('AccessDenied');
const AuthCallback = onDemand('AuthCallback');
const AuthenticationError = onDemand('AuthenticationError');
const ErrorPage = onDemand('Error');

const routes = [...sections.flatMap((s) => s.pages), ...accountPages].map((page) => (
  <Route
    key={page.path}
    path={page.path}
    element={
      <RequireArea area={page.access} {...(page.otherwise ? { otherwise: page.otherwise } : {})}>
        <RequireCall call={page.call}>{page.screen}</RequireCall>
      </RequireArea>
    }
  />
));
// A resource's own path (`/coupons/…`), which no page claims, is a generic address: the shell (000 §2).
const resources = sections.flatMap((s) => s.resources ?? []).map((resource) => (
  <Resource key={resource.name} {...resource}>
    <Route path="*" element={<ShellPage />} />
  </Resource>
));

export default function AdminApp() {
  const { cu = '' } = useParams();
  // The shown language's catalogue: fetched beside this code (./lazy.ts), or now if a sign-in chose
  // another language meanwhile.
  const locale = useSyncExternalStore(subscribeLocale, currentLocale);
  use(loadMessages(locale));
  const rtl = isRtl(locale);
  const themes = themesFor(rtl ? 'rtl' : 'ltr');
  // react-admin's `<Admin>` is `<AdminContext>` around `<AdminUI>`, and AdminUI is CssBaseline,
  // ra-core's CoreAdminUI given react-admin's default pages, and the notification: the same here,
  // with the defaults we do not replace loaded on demand (above).
  return (
    // Keyed by the prefix: another account (a switch) gets a fresh app, with nothing of the last one's.
    <Direction rtl={rtl}>
      <AdminContext
        key={cu}
        basename={`/${cu}`}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider()}
        queryClient={queryClient}
        store={store}
        theme={themes.light}
        darkTheme={themes.dark}
      >
        <LocaleSync />
        <CssBaseline enableColorScheme>
          <CoreAdminUI
            layout={Layout}
            // react-admin's own loading page stays blank for a second; between sign-in and the dashboard
            // a person sees the spinner the code's loading showed, at once.
            loading={FullPageSpinner}
            dashboard={ToDashboard}
            catchAll={ToDashboard}
            loginPage={false}
            accessDenied={AccessDenied}
            authCallbackPage={AuthCallback}
            authenticationError={AuthenticationError}
            error={ErrorPage}
            title="Reseller Dashboard"
            requireAuth
            disableTelemetry
          >
            {resources}
            <CustomRoutes>{routes}</CustomRoutes>
          </CoreAdminUI>
          <Toasts />
        </CssBaseline>
      </AdminContext>
    </Direction>
  );
}
