/** The providers against the real server (app.inject through the SDK's client), no mocks. */
import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { ApiError, errors } from '@partner-panel/sdk';
import { apiErrorOf, createProviders, decode, hasCode, memoryStorage, STORAGE_KEYS } from '../src/index.js';
import { injectFetch, linkHash, testApp } from '../../server/test/support/app.js';

const t = await testApp();
const demo = { email: 'reseller@demo.partner-panel.test', password: 'DemoPass2026!' };

function providers() {
  const storage = memoryStorage();
  let ended = 0;
  const p = createProviders({ fetch: injectFetch(t.app), storage, onSessionEnd: () => ended++ });
  return { ...p, storage, ended: () => ended };
}

describe('authProvider', () => {
  it('signs in, keeps the user, balance and token base64-encoded, and the token apart', async () => {
    const { authProvider, storage, session } = providers();
    expect(await authProvider.login(demo)).toEqual({ redirectTo: '/dashboard' });
    const rawUser = storage.getItem(STORAGE_KEYS.user) as string;
    expect(JSON.parse(decode(rawUser))).toMatchObject({ email: demo.email, custom_url: 'demo-reseller' });
    expect(JSON.parse(decode(rawUser))).not.toHaveProperty('access_token');
    expect(decode(storage.getItem(STORAGE_KEYS.balance) as string)).toBe('5000');
    expect(session.token()).toMatch(/^[\w-]{43}$/);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(await authProvider.getIdentity?.()).toMatchObject({ fullName: 'Demo Reseller' });
  });

  it('turns a failed sign-in into an HttpError with the server message', async () => {
    const { authProvider } = providers();
    const error = await authProvider.login({ ...demo, password: 'Wrong!Password1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Unable to Login', status: 401 });
    // The SDK's typed error stays behind it, so a screen asks the catalogue, not a string.
    expect((error as HttpError).cause).toBeInstanceOf(ApiError);
    expect(apiErrorOf(error)).toMatchObject({ code: 'rspf-login-1011', httpStatus: 401 });
    expect(hasCode(error, errors.loginFailed)).toBe(true);
    expect(hasCode(error, errors.twoFactorChallengeExpired)).toBe(false);
  });

  it('rejects checkAuth without a stored user', async () => {
    const { authProvider } = providers();
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('logs out: the server revokes the token and the storage is cleared', async () => {
    const { authProvider, session, storage } = providers();
    await authProvider.login(demo);
    const token = session.token() as string;
    expect(await authProvider.logout({})).toBe('/login');
    expect(storage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect((await t.get('/api/v1/resellers/profile', token)).json.header.status).toBe('forbidden');
  });

  it('clears the session even when the server cannot be told of the logout, and reports rspf-logout-1012', async () => {
    const storage = memoryStorage();
    const failures: HttpError[] = [];
    const serverFetch = injectFetch(t.app);
    let down = false;
    const p = createProviders({
      fetch: (input, init) => (down && String(input).endsWith('/api/logout') ? Promise.resolve(new Response('bad gateway', { status: 502 })) : serverFetch(input, init)),
      storage,
      onLogoutFailed: (error) => failures.push(error),
    });
    await p.authProvider.login(demo);
    down = true;
    expect(await p.authProvider.logout({})).toBe('/login');
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(failures.map((f) => f.message)).toEqual(["code : rspf-logout-1012, Unable to Logout"]);
  });

  it('checkError signs out on header status forbidden, and on a network failure, but not on other errors', async () => {
    const { authProvider, dataProvider, session, ended } = providers();
    await authProvider.login(demo);
    const validation = await dataProvider.updateProfileField('name', '').catch((e: unknown) => e);
    await expect(authProvider.checkError(validation)).resolves.toBeUndefined();
    expect(session.user()).not.toBeNull();

    // Another tab logs out: the server no longer knows the token.
    await t.client(session.token() as string).logout();
    const forbidden = await dataProvider.dashboard().catch((e: unknown) => e);
    expect(forbidden).toMatchObject({ status: 401, body: { status: 'forbidden' } });
    expect(ended()).toBe(1);
    expect(session.user()).toBeNull();
    await expect(authProvider.checkError(forbidden)).rejects.toMatchObject({ redirectTo: '/login' });
    await expect(authProvider.checkError(new TypeError('Failed to fetch'))).rejects.toMatchObject({ redirectTo: '/login' });
  });
});

describe('dataProvider', () => {
  it('reads the profile and the dashboard, and keeps the stored user in step', async () => {
    const { authProvider, dataProvider, session } = providers();
    await authProvider.login(demo);
    const { data } = await dataProvider.getOne('profile', { id: 'me' });
    expect(data).toMatchObject({ email: demo.email });
    expect(await dataProvider.dashboard()).toMatchObject({ total_coupons: 0 });
    const { message, body } = await dataProvider.updateProfileField('name', 'Renamed Through Provider');
    expect(message).toBe('Profile updated successfully');
    expect(body.name).toBe('Renamed Through Provider');
    expect(session.user()?.name).toBe('Renamed Through Provider');
    expect(await dataProvider.totalCredited()).toEqual({ amount: 5000 });
  });

  it('carries the catalogue messages of failures', async () => {
    const { authProvider, dataProvider } = providers();
    await authProvider.login(demo);
    await expect(dataProvider.updateProfileField('name', 'Renamed Through Provider')).rejects.toMatchObject({ message: 'Nothing to update' });
    await expect(dataProvider.updateProfileField('name', '  ')).rejects.toMatchObject({ message: 'Field is empty' });
  });

  it('runs the public flows: register, verify, forgot, reset', async () => {
    const { dataProvider, authProvider } = providers();
    const password = 'Provider!Pass1';
    const reg = await dataProvider.register({ email: 'dp@example.com', name: 'Dp', password, password_confirmation: password });
    expect(reg.message).toMatch(/^Registration successful!/);
    const verified = await dataProvider.verifyEmail({ hash: await linkHash(t, 'dp@example.com', 'verification') });
    expect(verified.message).toBe('Your email address is verified. You can now sign in.');
    await dataProvider.forgotPassword({ email: 'dp@example.com' });
    const opened = await dataProvider.verifyResetHash({ hash: await linkHash(t, 'dp@example.com', 'reset-password') });
    await dataProvider.updatePassword({ client_id: opened.body.client_id, password: 'Provider!Pass2', password_confirmation: 'Provider!Pass2' });
    await authProvider.login({ email: 'dp@example.com', password: 'Provider!Pass2' });
  });

  it('refuses CRUD methods a resource does not have', async () => {
    const { dataProvider } = providers();
    await expect(dataProvider.getList('nothing', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toBeInstanceOf(HttpError);
  });
});

describe('the request id of a refusal, for support', () => {
  it("keeps each refusal's Request-Id: on the HttpError, and found again by the toast that shows its message", async () => {
    const { authProvider, refusals } = providers();
    const failed = await authProvider.login({ ...demo, password: 'Wrong!Password1' }).then(
      () => null,
      (e: unknown) => e as HttpError,
    );
    expect(failed).toBeInstanceOf(HttpError);
    const requestId = (failed?.body as { requestId?: string }).requestId;
    expect(requestId).toMatch(/^req_[\w-]{16}$/);
    expect(refusals.requestIdFor('Unable to Login')).toBe(requestId);
    // A screen's own words around the server's sentence still find it; another text does not.
    expect(refusals.requestIdFor('Sign-in failed: Unable to Login')).toBe(requestId);
    expect(refusals.requestIdFor('Coupons generated.')).toBeNull();
  });

  it('forgets a refusal after 15 seconds', async () => {
    const { createRefusalLog } = await import('../src/index.js');
    const { apiError } = await import('@partner-panel/sdk');
    let now = 1_000;
    const log = createRefusalLog(15_000, () => now);
    log.record(apiError({ httpStatus: 422, code: 'x', status: 'error', message: 'Nothing to update', requestId: 'req_0123456789abcdef' }));
    expect(log.requestIdFor('Nothing to update')).toBe('req_0123456789abcdef');
    now += 15_001;
    expect(log.requestIdFor('Nothing to update')).toBeNull();
  });
});
