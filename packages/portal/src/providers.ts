/**
 * The one set of providers the whole portal shares (one client, one stored session). When the
 * server ends the session the stored user is cleared, and the route guard (RequireUser), which
 * watches the session, sends the user to /login (000 §4).
 */
import { createProviders } from '@partner-panel/data-provider';

export const providers = createProviders();

export const { authProvider, dataProvider, session, client } = providers;
