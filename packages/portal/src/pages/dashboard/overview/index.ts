import { lazyPage } from '../../../routing/lazyPage';

/** The first screen after sign-in: preloaded while the password is typed (admin/firstScreen). */
export const DashboardPage = lazyPage(() => import('./DashboardPage'));
