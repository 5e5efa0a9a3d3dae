import { describe, expect, it } from 'vitest';
import { fundedReseller } from './support/sql.js';
import { ApiError } from '@partner-panel/sdk';
import { linkHash, testApp } from './support/app.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';

const t = await testApp();
const password = 'Str0ng!Password';
const fail = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
};

describe('register (000 §7)', () => {
  it('creates a reseller, answers 20001 and mails a verification link to /verification/{hash}', async () => {
    const res = await t.post('/api/register', { email: 'Ann@Example.com', name: 'Ann Smith', password, password_confirmation: password, token: '' });
    expect(res.status).toBe(200);
    expect(res.json.header).toMatchObject({ code: 20001, status: 'success' });
    const [mail] = await t.mails('Ann@Example.com');
    expect(mail?.subject).toBe('Verify your email address');
    expect(mail?.links[0]).toMatch(/^http:\/\/panel\.test\/verification\/[A-Za-z0-9_-]{43}$/);
  });

  it('refuses an address that is taken, in any case', async () => {
    const e = await fail(t.client().register({ email: 'ann@EXAMPLE.com', name: 'Other', password, password_confirmation: password }));
    expect(e).toMatchObject({ httpStatus: 409, code: 'rspf-register-1021', message: 'This email address is already registered.' });
  });

  it.each([
    [{ email: '' }, 'email', 'Email address is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(45)}@mail.com` }, 'email', 'The email may not be greater than 50 characters'],
    [{ name: '' }, 'name', 'Full Name is required'],
    [{ password: 'weak', password_confirmation: 'weak' }, 'password', 'Password must contain minimum 12 characters with atleast 1 number, 1 lowercase, 1 uppercase & 1 special character: !@#$%&^_+{}.,'],
    [{ password_confirmation: 'Other!Password9' }, 'password_confirmation', "Passwords don't match"],
  ])('validates %o → %s: %s', async (change, field, message) => {
    const body = { email: 'valid@example.com', name: 'Val', password, password_confirmation: password, token: '', ...change };
    const res = await t.post('/api/register', body);
    expect(res.status).toBe(422);
    expect(res.json.header).toMatchObject({ status: 'error', code: 'rspf-validation-1005' });
    expect((res.json.body as { errors: Record<string, string[]> }).errors[field]).toContain(message);
    expect(await t.mails('valid@example.com')).toHaveLength(0);
  });

  it('derives a unique custom_url from the name and never a reserved route', async () => {
    for (const email of ['d1@example.com', 'd2@example.com']) {
      await t.client().register({ email, name: 'Dashboard', password, password_confirmation: password });
      await t.client().verifyEmail({ hash: await linkHash(t, email, 'verification') });
    }
    const a = await t.client().login({ email: 'd1@example.com', password });
    const b = await t.client().login({ email: 'd2@example.com', password });
    expect(a.custom_url).toBe('dashboard-2');
    expect(b.custom_url).toBe('dashboard-3');
  });
});

describe('verification and sign-in of an unverified address', () => {
  it('refuses sign-in before verification with rspf-login-1014 and mails a new link', async () => {
    const before = (await t.mails('ann@example.com')).length;
    const e = await fail(t.client().login({ email: 'ann@example.com', password }));
    expect(e).toMatchObject({ httpStatus: 403, code: 'rspf-login-1014', status: 'error' });
    // The first link went out moments ago: no second mail within two minutes.
    expect((await t.mails('ann@example.com')).length).toBe(before);
  });

  it('refuses a hash under 15 characters and an unknown hash', async () => {
    const short = await t.post('/api/register/verify', { hash: 'short', token: '' });
    expect(short.status).toBe(422);
    const unknown = await t.post('/api/register/verify', { hash: 'x'.repeat(43), token: '' });
    expect(unknown.status).toBe(410);
    expect(unknown.json.header).toMatchObject({ code: 'rspf-verify-1031', message: 'This verification link is invalid or has expired.' });
  });

  it('verifies with the mailed hash, then says it is done on a second click', async () => {
    const hash = await linkHash(t, 'ann@example.com', 'verification');
    const first = await t.post('/api/register/verify', { hash, token: '' });
    expect(first.json.header).toMatchObject({ code: 20011, status: 'success', message: 'Your email address is verified. You can now sign in.' });
    const again = await t.post('/api/register/verify', { hash, token: '' });
    expect(again.json.header.message).toBe('Your email address is already verified. Please sign in.');
  });

  it('resends only to an unverified address and answers the same either way', async () => {
    await t.client().register({ email: 'late@example.com', name: 'Late', password, password_confirmation: password });
    const unknown = await t.post('/api/register/resend', { email: 'nobody@example.com', token: '' });
    const verified = await t.post('/api/register/resend', { email: 'ann@example.com', token: '' });
    expect(unknown.json.header).toEqual(verified.json.header);
    expect(await t.mails('nobody@example.com')).toHaveLength(0);
  });
});

describe('login (000 §7)', () => {
  it('answers 10001 with the user fields and an access token', async () => {
    const res = await t.post('/api/login', { email: 'ann@example.com', password, token: '' });
    expect(res.json.header).toMatchObject({ code: 10001, status: 'success' });
    const body = res.json.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['access_token', 'balance', 'client_id', 'created_at', 'custom_url', 'email', 'expires_at', 'id', 'is_admin', 'is_operator', 'member', 'name', 'status', 'verified'].sort(),
    );
    expect(body).toMatchObject({ name: 'Ann Smith', email: 'Ann@Example.com', status: 1, balance: 0, is_admin: false, is_operator: false, custom_url: 'ann-smith' });
    expect(String(body.access_token).length).toBeGreaterThanOrEqual(43);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await t.signIn('ann@example.com', password);
    const stored = await t.database.db.query.accessTokens.findMany();
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('refuses a wrong password or an unknown address with one message', async () => {
    const wrong = await t.post('/api/login', { email: 'ann@example.com', password: 'Wrong!Password1', token: '' });
    const unknown = await t.post('/api/login', { email: 'ghost@example.com', password, token: '' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.header).toEqual({ code: 'rspf-login-1011', status: 'error', message: 'Unable to Login' });
    expect(unknown.json.header).toEqual(wrong.json.header);
  });

  it('validates the form', async () => {
    const res = await t.post('/api/login', { email: '', password: '', token: '' });
    expect((res.json.body as { errors: Record<string, string[]> }).errors).toMatchObject({
      email: ['Email address is required', 'Please enter a valid email address'],
      password: ['Password is required'],
    });
  });
});

describe('sessions', () => {
  it('opens the profile with the bearer (20071)', async () => {
    const { token } = await t.signIn('ann@example.com', password);
    const res = await t.get('/api/v1/resellers/profile', token);
    expect(res.json.header).toMatchObject({ code: 20071, status: 'success' });
    expect(res.json.body).toMatchObject({ email: 'Ann@Example.com' });
  });

  it('answers header status forbidden without a token, with a bad one, and after logout', async () => {
    const none = await t.get('/api/v1/resellers/profile');
    const bad = await t.get('/api/v1/resellers/profile', 'not-a-token');
    expect(none.status).toBe(401);
    expect(none.json.header).toMatchObject({ status: 'forbidden', code: 'rspf-auth-1006' });
    expect(bad.json.header.status).toBe('forbidden');

    const { token, api } = await t.signIn('ann@example.com', password);
    await api.logout();
    const after = await t.get('/api/v1/resellers/profile', token);
    expect(after.json.header.status).toBe('forbidden');
  });

  it('answers forbidden once the token has expired', async () => {
    const { manualClock, testApp: build } = await import('./support/app.js');
    const clock = manualClock();
    const short = await build({ clock, env: { SESSION_TTL_HOURS: '1' } });
    const { token } = await short.signIn('reseller@demo.partner-panel.test');
    expect((await short.get('/api/v1/resellers/profile', token)).json.header.status).toBe('success');
    clock.advance(3600_000 + 1);
    expect((await short.get('/api/v1/resellers/profile', token)).json.header.status).toBe('forbidden');
  });
});

describe('password reset', () => {
  it('mails a reset link, opens it (client_id in the body) and sets a new password once', async () => {
    const forgot = await t.post('/api/password/forgot', { email: 'ann@example.com', token: '' });
    expect(forgot.json.header).toMatchObject({ code: 20031, status: 'success' });
    const hash = await linkHash(t, 'ann@example.com', 'reset-password');
    const { token: oldSession } = await t.signIn('ann@example.com', password);

    const browser = t.client();
    const opened = await browser.verifyResetHash({ hash });
    const me = await t.signIn('ann@example.com', password);
    expect(opened.client_id).toBe(me.user.client_id);

    const next = 'N3w!Password-ok';
    await browser.updatePassword({ client_id: opened.client_id, password: next, password_confirmation: next });
    await expect(t.client().login({ email: 'ann@example.com', password })).rejects.toMatchObject({ code: 'rspf-login-1011' });
    await t.signIn('ann@example.com', next);
    // A reset signs every session out, and the hash works once.
    expect((await t.get('/api/v1/resellers/profile', oldSession)).json.header.status).toBe('forbidden');
    await expect(browser.verifyResetHash({ hash })).rejects.toMatchObject({ code: 'rspf-reset-1041' });
  });

  it('refuses password/update without the reset session opened by password/verify', async () => {
    await t.client().forgotPassword({ email: 'reseller@demo.partner-panel.test' });
    const { user } = await t.signIn('reseller@demo.partner-panel.test');
    const e = await fail(t.client().updatePassword({ client_id: user.client_id, password: 'Hijack!Passw0rd', password_confirmation: 'Hijack!Passw0rd' }));
    expect(e).toMatchObject({ code: 'rspf-reset-1041' });
    await t.signIn('reseller@demo.partner-panel.test', DEMO_PASSWORD);
  });

  it('refuses a client_id that is not the hash owner', async () => {
    await t.client().forgotPassword({ email: 'admin@demo.partner-panel.test' });
    const hash = await linkHash(t, 'admin@demo.partner-panel.test', 'reset-password');
    const browser = t.client();
    await browser.verifyResetHash({ hash });
    const other = await t.signIn('reseller@demo.partner-panel.test');
    await expect(
      browser.updatePassword({ client_id: other.user.client_id, password: 'Hijack!Passw0rd', password_confirmation: 'Hijack!Passw0rd' }),
    ).rejects.toMatchObject({ code: 'rspf-reset-1041' });
  });

  it('answers forgot the same for an unknown address, and sends nothing', async () => {
    const res = await t.post('/api/password/forgot', { email: 'ghost@example.com', token: '' });
    expect(res.json.header).toMatchObject({ code: 20031, status: 'success' });
    expect(await t.mails('ghost@example.com')).toHaveLength(0);
  });
});

describe('reset links', () => {
  it('keeps only the newest reset link working, and none once the password has changed', async () => {
    const who = 'links@example.com';
    const { api, user } = await fundedReseller(t, who, 0);
    await t.client().forgotPassword({ email: who });
    const first = await linkHash(t, who, 'reset-password');
    await t.client().forgotPassword({ email: who });
    const second = await linkHash(t, who, 'reset-password');
    expect(second).not.toBe(first);
    await expect(t.client().verifyResetHash({ hash: first })).rejects.toMatchObject({ code: 'rspf-reset-1041' });
    await t.client().verifyResetHash({ hash: second });
    await api.changePassword({ email: who, client_id: user.client_id, old_password: 'Funded!Password1', password: 'Brand!New1234', password_confirmation: 'Brand!New1234' });
    await expect(t.client().verifyResetHash({ hash: second })).rejects.toMatchObject({ code: 'rspf-reset-1041' });
  });
});

describe('password change (signed in)', () => {
  it('checks the old password, the account and the rule, then signs every session out', async () => {
    const { api, user, token } = await t.signIn('sub1@demo.partner-panel.test');
    const base = { email: user.email, client_id: user.client_id, old_password: DEMO_PASSWORD };
    await expect(api.changePassword({ ...base, old_password: 'Wrong!Password1', password: 'Brand!New1234', password_confirmation: 'Brand!New1234' })).rejects.toMatchObject({ code: 'rspf-password-1042' });
    await expect(api.changePassword({ ...base, client_id: 'cl_other', password: 'Brand!New1234', password_confirmation: 'Brand!New1234' })).rejects.toMatchObject({ code: 'rspf-password-1044' });
    await expect(api.changePassword({ ...base, password: 'weakpassword', password_confirmation: 'weakpassword' })).rejects.toMatchObject({ code: 'rspf-validation-1005' });
    await expect(api.changePassword({ ...base, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD })).rejects.toMatchObject({ code: 'rspf-password-1043' });
    const ok = await t.post('/api/password/change', { ...base, password: 'Brand!New1234', password_confirmation: 'Brand!New1234', token: '' }, token);
    expect(ok.json.header).toMatchObject({ code: 20061, status: 'success' });
    expect((await t.get('/api/v1/resellers/profile', token)).json.header.status).toBe('forbidden');
    await t.signIn('sub1@demo.partner-panel.test', 'Brand!New1234');
    expect((await t.mails('sub1@demo.partner-panel.test'))[0]?.subject).toBe('Your password was changed');
  });

  it('needs a session', async () => {
    const res = await t.post('/api/password/change', { email: 'a@b.co', client_id: 'x', old_password: 'x', password: 'Brand!New1234', password_confirmation: 'Brand!New1234', token: '' });
    expect(res.json.header.status).toBe('forbidden');
  });
});
