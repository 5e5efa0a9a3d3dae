/**
 * The top-level router. The public pages are plain React (no MUI, no react-admin); /login loads
 * first and the others on their own; the short forms and unknown paths redirect; everything under
 * the reseller's prefix `/{custom_url}/*` is the react-admin app, mounted there with
 * `<Admin basename>` and loaded as a separate chunk (the sign-in page fetches it while the password
 * is typed).
 */
import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { OwnPrefix, PublicOnly, RequireArea, RequireHash, RequireUser } from './routing/guards';
import { publicPaths } from './routing/paths';
import { ForgotPasswordPage, InvitationPage, RegisterPage, ResetPasswordPage, VerificationPage } from './routing/publicPages';
import { Redirect, ToOwn } from './routing/redirects';
import { PublicShell } from './public/PublicShell';
import { LoginPage } from './public/LoginPage';
import { FullPageSpinner } from './public/FullPageSpinner';
import { AdminApp } from './admin/lazy';

const publicOnly = (element: ReactNode) => (
  <PublicOnly>
    <PublicShell>{element}</PublicShell>
  </PublicOnly>
);
const signedIn = (element: ReactNode) => <RequireUser>{element}</RequireUser>;

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
          {/* An invitation's link (ours): signed out or in, since a person who signs in here accepts as themselves. */}
          <Route path={publicPaths.invitation} element={<PublicShell><RequireHash><InvitationPage /></RequireHash></PublicShell>} />
          {/* The short forms of 000 §2; reseller 903 has no billing and lands on its dashboard. */}
          <Route path="/dashboard" element={signedIn(<ToOwn page="overview" />)} />
          <Route path="/coupons" element={signedIn(<ToOwn page="generate" />)} />
          <Route path="/vpn" element={signedIn(<ToOwn page="subscriptions" />)} />
          <Route path="/billing" element={signedIn(<RequireArea area="billing"><ToOwn page="pay" /></RequireArea>)} />
          {/* Everything under a prefix is the signed-in app; another reseller's prefix becomes the user's own. */}
          <Route path="/:cu/*" element={signedIn(<OwnPrefix><AdminApp /></OwnPrefix>)} />
          {/* `/` and any other path go to /dashboard (000 §2). */}
          <Route path="*" element={signedIn(<Redirect to="/dashboard" replace />)} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
