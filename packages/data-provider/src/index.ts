/**
 * The portal's providers, made together so they share one client and one session:
 * `createProviders({ baseUrl })` → { client, session, authProvider, dataProvider }.
 */
import { createClient } from '@partner-panel/sdk';
import { createAuthProvider, type AuthOptions } from './authProvider.js';
import { createDataProvider } from './dataProvider.js';
import type { ListAdapter } from './lists.js';
import { createRefusalLog, endsSession } from './errors.js';
import { browserStorage, createSession, type KeyValueStorage, type Session } from './session.js';

export interface ProvidersOptions {
  baseUrl?: string;
  storage?: KeyValueStorage;
  fetch?: typeof fetch;
  lists?: Record<string, ListAdapter>;
  /** Called when the server says the session is gone (the portal sends the user to /login). */
  onSessionEnd?: () => void;
  /** Called when the server could not be told of a logout (the session is cleared all the same). */
  onLogoutFailed?: AuthOptions['onLogoutFailed'];
  /**
   * The stored session, when the page made it already: the portal's sign-in page reads it without
   * loading the client and its contract.
   */
  session?: Session;
}

export function createProviders(options: ProvidersOptions = {}) {
  const session = options.session ?? createSession(options.storage ?? browserStorage());
  const refusals = createRefusalLog();
  const client = createClient({
    baseUrl: options.baseUrl ?? '',
    getToken: () => session.token(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    log: (message, error) => console.warn(message, error),
    // A person at the screen tries again; the portal shows a failure at once instead.
    maxRetries: 0,
    onError(error) {
      refusals.record(error);
      if (endsSession(error) && session.user()) {
        session.clear();
        options.onSessionEnd?.();
      }
    },
  });
  return {
    client,
    session,
    refusals,
    authProvider: createAuthProvider(client, session, options.onLogoutFailed ? { onLogoutFailed: options.onLogoutFailed } : {}),
    dataProvider: createDataProvider(client, session, options.lists),
  };
}

export type Providers = ReturnType<typeof createProviders>;
export { canAccess, memberMay, permissionOf } from './permissions.js';
export { areaAllows, isOperator, isPartner, roleOf, type AccessRequest, type Area, type Role } from './access.js';
export { createAuthProvider, type AuthOptions, type LoginParams, type SecondFactorParams } from './authProvider.js';
export { createDataProvider, type Answered, type CouponFilterBody, type ExportResource, type GenerateInput, type In, type PaymentInput, type PortalDataProvider, type Submission } from './dataProvider.js';
export { contractLists, couponFilterOf, couponListFilterOf, moneyFilterOf, userIdOf, vpnFilterOf, type ListAdapter } from './lists.js';
export { apiErrorOf, attempt, createRefusalLog, hasCode, endsSession, localised, setLocaliser, toHttpError, type ErrorBody, type RefusalLog } from './errors.js';
export { browserStorage, createSession, decode, encode, memoryStorage, STORAGE_KEYS, type KeyValueStorage, type Session, type StoredUser } from './session.js';
