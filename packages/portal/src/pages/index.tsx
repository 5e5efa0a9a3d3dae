/**
 * The custom pages (not resources): the sections' pages, the account pages, and the generic
 * `/{menu}/{submenu}` addresses with one to three further parameters, which render the shell (000 §2).
 * Paths are under the reseller's prefix.
 */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { billingRoutes } from './billing';
import { ShellPage } from '../layout/emptyPages';
import { dashboardRoutes } from './dashboard';
import { integrationRoutes } from './integration';

const ProfilePage = lazy(() => import('./profile/ProfilePage'));
const NotificationsPage = lazy(() => import('./notifications/NotificationsPage'));
const PaymentSuccessPage = lazy(() => import('./payments/success/PaymentSuccessPage'));

export const pageRoutes = [
  ...dashboardRoutes,
  ...billingRoutes,
  ...integrationRoutes,
  <Route key="notifications" path="notifications" element={<NotificationsPage />} />,
  <Route key="profile" path="profile" element={<ProfilePage />} />,
  <Route key="payment-success" path="payments/success" element={<PaymentSuccessPage />} />,
  ...[':submenu', ':submenu/:a', ':submenu/:a/:b', ':submenu/:a/:b/:c'].map((path) => <Route key={path} path={path} element={<ShellPage />} />),
];
