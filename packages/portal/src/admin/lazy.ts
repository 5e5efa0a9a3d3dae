import { lazyPage } from '../routing/lazyPage';

/** The signed-in app, a chunk of its own; the sign-in page preloads it (./firstScreen). */
export const AdminApp = lazyPage(() => import('./AdminApp'));
