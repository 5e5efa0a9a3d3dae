/** react-admin's auth provider over the SDK client and the stored session. */
import type { AuthProvider, HttpError, UserIdentity } from 'ra-core';
import { errors } from '@partner-panel/sdk';
import type { Client } from '@partner-panel/sdk';
import { canAccess } from './permissions.js';
import { attempt, endsSession, toHttpError } from './errors.js';
import type { Session } from './session.js';

export interface LoginParams {
  email: string;
  password: string;
  token?: string;
}

/** Sign-in's third step (a second factor): the challenge the password step answered and a code. */
export type SecondFactorParams = { challenge: string; code: string } | { challenge: string; passkey: Record<string, unknown> };

export interface AuthOptions {
  /** The server could not be told of a logout (rspf-logout-1012); the session is cleared all the same. */
  onLogoutFailed?: (error: HttpError) => void;
}

export function createAuthProvider(client: Client, session: Session, options: AuthOptions = {}): AuthProvider {
  return {
    /**
     * The password step. An account with a second factor is answered `rspf-login-1015` (or, when
     * its admin requires one it has not set up, `rspf-login-1016`) with `body.challenge`: the
     * login page asks for the code and calls `login` again with `{ challenge, code }`.
     */
    async login(params: LoginParams | SecondFactorParams) {
      const answer = await attempt(() =>
        'passkey' in params
          ? client.loginPasskey({ challenge: params.challenge, response: params.passkey })
          : 'challenge' in params
            ? client.loginTwoFactor(params)
            : client.login({ email: params.email, password: params.password, token: params.token ?? '' }),
      );
      const { access_token, expires_at: _expires, ...user } = answer;
      session.signIn(user, access_token);
      return { redirectTo: '/dashboard' };
    },
    async logout() {
      // The server forgets the token first; a failure there must not keep the user signed in.
      // Whatever went wrong, the user is told with the spec's code: 'code : rspf-logout-1012, Unable to Logout'.
      if (session.token()) await client.logout().catch(() => options.onLogoutFailed?.(toHttpError(null, errors.logoutFailed)));
      session.clear();
      client.resetCsrf();
      return '/login';
    },
    async checkAuth() {
      if (!session.user() || !session.token()) throw { redirectTo: '/login', message: false };
    },
    async checkError(error: unknown) {
      if (endsSession(error)) {
        session.clear();
        throw { redirectTo: '/login', logoutUser: true, message: false };
      }
    },
    async getIdentity(): Promise<UserIdentity> {
      const user = session.user();
      if (!user) throw new Error('Not signed in');
      return { id: user.id, fullName: user.name, email: user.email, user };
    },
    async canAccess(params) {
      return canAccess(session.user(), params);
    },
  };
}
