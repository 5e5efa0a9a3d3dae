/**
 * The one set of providers the whole portal shares (one client, one stored session). When the
 * server ends the session the stored user is cleared, and the route guard (RequireUser), which
 * watches the session, sends the user to /login (000 §4). A logout the server could not record is
 * still a logout here; the sign-in page shows its code (000 §8, rspf-logout-1012).
 */
import { createProviders, setLocaliser } from '@partner-panel/data-provider';
import { localise } from './i18n/localise';
import { flash } from './routing/flash';
import { session as stored } from './session';

// The server's sentences, shown in the person's language (i18n/localise.ts).
setLocaliser(localise);

export const providers = createProviders({ session: stored, onLogoutFailed: (error) => flash.set(error.message, 'error') });

export const { authProvider, dataProvider, session, client, refusals } = providers;
