/**
 * The signed-in app's first screen, fetched by the sign-in page while the password is typed: the
 * app and the dashboard's code come with this module, and `prefetchFirstScreen` asks for the
 * dashboard's figures the moment the token arrives, before the app has mounted.
 */
import { DASHBOARD_QUERY } from '../pages/dashboard/query';
import { dataProvider } from '../providers';
import { queryClient } from './queryClient';

export { default as AdminApp } from './AdminApp';
export { default as DashboardPage } from '../pages/dashboard/DashboardPage';

export function prefetchFirstScreen() {
  void queryClient.prefetchQuery({ queryKey: DASHBOARD_QUERY, queryFn: () => dataProvider.dashboard() });
}
