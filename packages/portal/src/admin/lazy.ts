import { lazyPage } from '../routing/lazyPage';
import { loadMessages } from '../i18n/catalogues';
import { currentLocale } from '../i18n/locale';

/**
 * The signed-in app, a chunk of its own, and the shown language's catalogue, a file of its own,
 * fetched side by side; the sign-in page preloads both (./firstScreen).
 */
export const AdminApp = lazyPage(() => Promise.all([import('./AdminApp'), loadMessages(currentLocale())]).then(([app]) => app));
