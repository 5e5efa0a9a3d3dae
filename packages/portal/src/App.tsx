/**
 * The top-level router. Public pages are light and load first; everything behind sign-in is the
 * react-admin app, loaded as a separate chunk when a signed-in route is opened.
 */
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PublicOnly, RequireHash, RequireUser } from './routing/guards';
import { publicPaths } from './routing/paths';
import { PublicShell } from './public/PublicShell';
import { LoginPage } from './public/LoginPage';
import { FullPageSpinner } from './public/FullPageSpinner';

const RegisterPage = lazy(() => import('./public/RegisterPage'));
const VerificationPage = lazy(() => import('./public/VerificationPage'));
const ForgotPasswordPage = lazy(() => import('./public/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./public/ResetPasswordPage'));
const AdminApp = lazy(() => import('./admin/AdminApp'));

const publicOnly = (element: React.ReactNode) => (
  <PublicOnly>
    <PublicShell>{element}</PublicShell>
  </PublicOnly>
);

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path={publicPaths.login} element={publicOnly(<LoginPage />)} />
          <Route path={publicPaths.register} element={publicOnly(<RegisterPage />)} />
          <Route path={publicPaths.verification} element={publicOnly(<RequireHash><VerificationPage /></RequireHash>)} />
          <Route path={publicPaths.forgot} element={publicOnly(<ForgotPasswordPage />)} />
          <Route path={publicPaths.reset} element={publicOnly(<RequireHash><ResetPasswordPage /></RequireHash>)} />
          <Route
            path="/*"
            element={
              <RequireUser>
                <AdminApp />
              </RequireUser>
            }
          />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
