/**
 * Two-factor sign-in (docs/api.md): TOTP set up from the profile with the password and a current
 * code, ten recovery codes each good once, the third sign-in step counted by the sign-in lockout,
 * other sessions ended on a change, a reset that keeps it, and an admin requiring it of its users.
 */
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { linkHash, manualClock, testApp } from './support/app.js';
import { failure } from './support/expect.js';
import { query } from './support/sql.js';

const clock = manualClock(new Date('2026-05-01T10:00:00Z'));
const t = await testApp({ clock, env: { SESSION_TTL_HOURS: '2160' } });

const refusal = failure;
/** The code an authenticator app shows now (the test's clock), then a step later. */
const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
const nextStep = () => clock.advance(30_000);

let resellerSecret = '';
let adminSecret = '';

async function turnOn(email: string) {
  const me = await t.signIn(email);
  const setup = await me.api.setupTwoFactor({ password: DEMO_PASSWORD });
  const { recovery_codes } = await me.api.enableTwoFactor({ code: await codeNow(setup.secret) });
  nextStep();
  return { me, secret: setup.secret, recovery: recovery_codes };
}

/** Password first; answers the third step's challenge. */
async function passwordStep(email: string, password = DEMO_PASSWORD) {
  const e = await refusal(t.client().login({ email, password }));
  expect(e.code).toBe('rspf-login-1015');
  expect(e.status).toBe('actionrequired');
  expect(e.message).toBe('Enter the code from your authenticator app to finish signing in.');
  return (e.body as { challenge: string; methods: string[] }).challenge;
}

describe('setting up TOTP on the profile', () => {
  it('needs the password, draws the QR code here, turns on with a current code, answers ten recovery codes once and ends the other sessions', async () => {
    const other = await t.signIn('reseller@demo.partner-panel.test');
    const me = await t.signIn('reseller@demo.partner-panel.test');
    expect(await me.api.getTwoFactor()).toEqual({ totp: false, passkeys: [], recovery_codes_left: 0, required: false });
    expect((await refusal(me.api.setupTwoFactor({ password: 'not-it' }))).message).toBe('Your password is incorrect.');
    const setup = await me.api.setupTwoFactor({ password: DEMO_PASSWORD });
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.otpauth_url).toBe(`otpauth://totp/Partner%20Panel:reseller%40demo.partner-panel.test?secret=${setup.secret}&issuer=Partner%20Panel`);
    expect(Buffer.from(setup.qr_code.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // Nothing is on until a code confirms the secret.
    expect((await me.api.getTwoFactor()).totp).toBe(false);
    expect((await refusal(me.api.enableTwoFactor({ code: '000000' }))).code).toBe('rspf-login-1017');
    expect((await refusal(me.api.enableTwoFactor({ code: '12ab' }))).fieldErrors).toEqual({ code: ['Enter the 6-digit code your authenticator app shows.'] });
    const { recovery_codes } = await me.api.enableTwoFactor({ code: await codeNow(setup.secret) });
    resellerSecret = setup.secret;
    nextStep();
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(await me.api.getTwoFactor()).toEqual({ totp: true, passkeys: [], recovery_codes_left: 10, required: false });
    expect((await t.get('/api/v1/resellers/profile', other.token)).json.header.status).toBe('forbidden');
    expect((await me.api.getTwoFactor()).totp).toBe(true);
    // Only hashes are kept.
    const stored = await query(t, sql`select code_hash from recovery_codes`);
    expect(JSON.stringify(stored)).not.toContain(recovery_codes[0]?.replace('-', ''));
    expect((await refusal(me.api.setupTwoFactor({ password: DEMO_PASSWORD }))).code).toBe('rspf-2fa-1061');
  });
});

describe('signing in with a second factor', () => {
  it('asks for a code after the password; a wrong one is refused, a right one signs in, and neither is taken twice', async () => {
    const { secret } = await turnOn('admin@demo.partner-panel.test');
    adminSecret = secret;
    const challenge = await passwordStep('admin@demo.partner-panel.test');
    expect((await refusal(t.client().loginTwoFactor({ challenge, code: '123456' }))).message).toBe('That code is not right. Check your authenticator app and try again.');
    const code = await codeNow(secret);
    const user = await t.client().loginTwoFactor({ challenge, code });
    expect(user.email).toBe('admin@demo.partner-panel.test');
    expect((await t.client(user.access_token).getTwoFactor()).totp).toBe(true);
    // The challenge is spent, and the same code does not open another.
    expect((await refusal(t.client().loginTwoFactor({ challenge, code }))).code).toBe('rspf-login-1018');
    expect((await refusal(t.client().loginTwoFactor({ challenge: await passwordStep('admin@demo.partner-panel.test'), code }))).code).toBe('rspf-login-1017');
    // A wrong password is still the same refusal as before.
    expect((await refusal(t.client().login({ email: 'admin@demo.partner-panel.test', password: 'wrong' }))).code).toBe('rspf-login-1011');
  });

  it('counts wrong codes in the sign-in lockout with the password step: the eleventh try in a row waits, even with the right code', async () => {
    const email = 'partner@demo.partner-panel.test';
    const { secret } = await turnOn(email);
    const challenge = await passwordStep(email);
    for (let i = 0; i < 9; i++) expect((await refusal(t.client().loginTwoFactor({ challenge, code: String(100000 + i) }))).code).toBe('rspf-login-1017');
    const locked = await refusal(t.client().loginTwoFactor({ challenge, code: await codeNow(secret) }));
    expect(locked.code).toBe('rspf-throttle-1007');
    // The password step is locked too: the right password does not reset the count.
    expect((await refusal(t.client().login({ email, password: DEMO_PASSWORD }))).code).toBe('rspf-throttle-1007');
    await t.app.ctx.counters.reset(`login:${email}`);
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    const email = 'sub1@demo.partner-panel.test';
    const { recovery } = await turnOn(email);
    const code = recovery[3] as string;
    const user = await t.client().loginTwoFactor({ challenge: await passwordStep(email), code: ` ${code.toLowerCase().replace('-', ' ')} ` });
    expect(user.email).toBe(email);
    expect((await t.client(user.access_token).getTwoFactor()).recovery_codes_left).toBe(9);
    expect((await refusal(t.client().loginTwoFactor({ challenge: await passwordStep(email), code }))).code).toBe('rspf-login-1017');
  });
});

describe('changing the second factor', () => {
  it('keeps TOTP through a password reset; new recovery codes and turning it off need the password and a current code', async () => {
    const email = 'reseller@demo.partner-panel.test';
    await t.post('/api/password/forgot', { email, token: '' });
    const hash = await linkHash(t, email, 'reset-password');
    const browser = t.client();
    const opened = await browser.verifyResetHash({ hash });
    const next = 'N3w!Password-ok';
    await browser.updatePassword({ client_id: opened.client_id, password: next, password_confirmation: next });
    const challenge = await passwordStep(email, next);
    expect(challenge.length).toBeGreaterThan(20);
  });

  it('turns off only with the password and a current code, and ends the other sessions', async () => {
    const email = 'reseller@demo.partner-panel.test';
    const password = 'N3w!Password-ok';
    const signIn = async () => t.client().loginTwoFactor({ challenge: await passwordStep(email, password), code: await codeNow(resellerSecret) });
    const other = await signIn();
    nextStep();
    const me = t.client((await signIn()).access_token);
    nextStep();
    expect((await refusal(me.disableTwoFactor({ password: 'wrong', code: await codeNow(resellerSecret) }))).code).toBe('rspf-2fa-1065');
    expect((await refusal(me.disableTwoFactor({ password, code: '000000' }))).code).toBe('rspf-login-1017');
    expect((await refusal(me.disableTwoFactor({ password, code: '' }))).fieldErrors).toEqual({ code: ['Enter the 6-digit code from your authenticator app, or a recovery code.'] });
    const renewed = await me.renewRecoveryCodes({ password, code: await codeNow(resellerSecret) });
    expect(renewed.recovery_codes).toHaveLength(10);
    expect((await me.getTwoFactor()).recovery_codes_left).toBe(10);
    nextStep();
    await me.disableTwoFactor({ password, code: await codeNow(resellerSecret) });
    expect(await me.getTwoFactor()).toEqual({ totp: false, passkeys: [], recovery_codes_left: 0, required: false });
    expect((await t.get('/api/v1/resellers/profile', other.access_token)).json.header.status).toBe('forbidden');
    // The spec's two steps again.
    expect((await t.client().login({ email, password })).email).toBe(email);
  });
});

describe("an admin requiring a second factor of its users", () => {
  it('asks the user to set it up at sign-in, and the user cannot turn it off; only the admin of that user may require it', async () => {
    const admin = t.client((await t.client().loginTwoFactor({ challenge: await passwordStep('admin@demo.partner-panel.test'), code: await codeNow(adminSecret) })).access_token);
    nextStep();
    const [sub2] = await query<{ id: number }>(t, sql`update resellers set verified_at = now() where email = 'sub2@demo.partner-panel.test' returning id`);
    await query(t, sql`update people set verified_at = now() where email = 'sub2@demo.partner-panel.test'`);
    const reseller = await t.signIn('reseller@demo.partner-panel.test', 'N3w!Password-ok');
    expect((await refusal(reseller.api.requireTwoFactor({ user_reseller_id: sub2?.id as number, required: true }))).code).toBe('rspf-account-1052');
    expect((await refusal(admin.requireTwoFactor({ user_reseller_id: 1000, required: true }))).code).toBe('rspf-account-1053');
    expect(await admin.requireTwoFactor({ user_reseller_id: sub2?.id as number, required: true })).toEqual({ user_reseller_id: sub2?.id, required: true });

    const e = await refusal(t.client().login({ email: 'sub2@demo.partner-panel.test', password: DEMO_PASSWORD }));
    expect(e.code).toBe('rspf-login-1016');
    expect(e.message).toBe('Your administrator requires two-factor sign-in. Set it up to finish signing in.');
    const { challenge } = e.body as { challenge: string };
    const setup = await t.client().loginTwoFactorSetup({ challenge });
    expect((await refusal(t.client().loginTwoFactorEnable({ challenge, code: '000000' }))).code).toBe('rspf-login-1017');
    const signedIn = await t.client().loginTwoFactorEnable({ challenge, code: await codeNow(setup.secret) });
    nextStep();
    expect(signedIn.recovery_codes).toHaveLength(10);
    const sub = t.client(signedIn.access_token);
    expect(await sub.getTwoFactor()).toEqual({ totp: true, passkeys: [], recovery_codes_left: 10, required: true });
    expect((await refusal(sub.disableTwoFactor({ password: DEMO_PASSWORD, code: await codeNow(setup.secret) }))).message).toBe(
      'Your administrator requires two-factor sign-in, so it cannot be turned off.',
    );
  });
});

describe('passkeys without a browser (the browser test adds and uses one)', () => {
  it('refuses a wrong password, a made-up answer, and another account’s passkey as a missing one', async () => {
    // The reseller turned TOTP off above; its password is the one set by the reset.
    const password = 'N3w!Password-ok';
    const me = await t.signIn('reseller@demo.partner-panel.test', password);
    expect((await refusal(me.api.passkeyOptions({ password: 'wrong' }))).code).toBe('rspf-2fa-1065');
    const options = await me.api.passkeyOptions({ password });
    expect(options).toMatchObject({ rp: { name: 'Partner Panel', id: 'panel.test' }, user: { name: 'reseller@demo.partner-panel.test' } });
    const forged = await refusal(me.api.addPasskey({ name: 'Forged', response: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' } } }));
    expect(forged.message).toBe('The passkey could not be checked. Please try again.');
    expect((await me.api.getTwoFactor()).passkeys).toEqual([]);
    const removed = await refusal(me.api.removePasskey({ id: 1, password }));
    expect(removed).toMatchObject({ code: 'rspf-passkey-1082', message: 'This passkey does not exist.' });
  });
});
