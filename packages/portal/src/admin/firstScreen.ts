/**
 * The signed-in app's first screen, for the sign-in page: `preloadFirstScreen` fetches the app's
 * and the dashboard's code while the password is typed, so that they render at once after sign-in
 * without suspending; `prefetchFirstScreen` asks for the dashboard's counters the moment the token
 * arrives, before the app has mounted.
 */
import { DashboardPage } from '../pages/dashboard/overview';
import { DASHBOARD_QUERY } from '../pages/dashboard/overview/query';
import { dataProvider } from '../providers';
import { session } from '../session';
import { AdminApp } from './lazy';
import { queryClient } from './queryClient';

export const preloadFirstScreen = () => Promise.all([AdminApp.preload(), DashboardPage.preload()]);

export function prefetchFirstScreen() {
  // The operator has no dashboard: its first screen is its catalogue, which asks for itself.
  if (session.user()?.is_operator === true) return;
  void queryClient.prefetchQuery({ queryKey: DASHBOARD_QUERY, queryFn: () => dataProvider.dashboard() });
}
