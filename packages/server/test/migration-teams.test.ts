/**
 * Migration 0024 (teams) on a database of the version before it: a reseller signed in the old way,
 * with a session, a TOTP secret, recovery codes and a passkey on the account, becomes the Owner
 * person of its account; its session still answers, now as the Owner, and its second factors
 * still work. The database is built at 0023 with drizzle's migrator over the journal cut there,
 * then opened as the server opens any database (the rest of the migrations, then db/sql).
 */
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@partner-panel/sdk';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { hashToken } from '../src/modules/auth/secrets.js';
import { boundToReseller, seal } from '../src/sealing.js';
import { databaseAt, openedAsServer } from './support/migrations.js';

const APP_SECRET = 'migration-test-app-secret-0123456789abcdef';
const BEFORE_TEAMS = '0023_wallet_move';
const ID = 4242;
const EMAIL = 'old-style@example.com';
const PASSWORD = 'Old!Password1';
const TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SESSION = 'old-session-token-'.padEnd(64, 'x');
const RECOVERY = ['ABCDE-12345', 'FGHIJ-67890'];
const CREDENTIAL = 'b2xkLXN0eWxlLXBhc3NrZXk';

const old = await databaseAt(BEFORE_TEAMS);
// The reseller as the version before teams kept it: sign-in and second factors on the account.
const sealed = seal(APP_SECRET, 'totpSecret', boundToReseller(ID), TOTP);
await old.client.query(
  `insert into resellers (id, email, name, password_hash, custom_url, client_id, verified_at, totp_secret)
   values ($1, $2, 'Old Style Ltd', $3, 'old-style', 'OLDS-0001-0001', now(), $4)`,
  [ID, EMAIL, await hashPassword(PASSWORD), sealed],
);
await old.client.query(`insert into access_tokens (reseller_id, kind, token_hash, expires_at) values ($1, 'session', $2, now() + interval '1 day')`, [ID, hashToken(SESSION)]);
for (const code of RECOVERY) await old.client.query('insert into recovery_codes (reseller_id, code_hash) values ($1, $2)', [ID, hashToken(code.replace('-', ''))]);
await old.client.query(`insert into passkeys (reseller_id, credential_id, public_key, name) values ($1, $2, 'cHVibGljLWtleQ', 'Old laptop')`, [ID, CREDENTIAL]);

// The server opens it as any database: 0024 and what follows, then the database code.
const t = await openedAsServer(old, { APP_SECRET });

const refusal = (p: Promise<unknown>) => p.then(() => { throw new Error('not refused'); }, (e: ApiError) => e);
const challenge = async () => ((await refusal(t.client().login({ email: EMAIL, password: PASSWORD }))) as ApiError & { body: { challenge: string; methods: string[] } }).body;

describe('migration 0024 on an account of the version before teams', () => {
  it('keeps the old session: it answers the profile, now as the Owner person of the same id', async () => {
    const profile = await t.client(SESSION).profile();
    expect(profile).toMatchObject({ id: ID, email: EMAIL, custom_url: 'old-style', member: { person_id: ID, email: EMAIL, role: 'owner', daily_limit: null } });
    expect(profile.member.permissions).toContain('team.own');
    expect((await t.client(SESSION).teamMembers()).data).toMatchObject([{ person_id: ID, role: 'owner', two_factor: true, you: true }]);
  });

  it('keeps every second factor: the TOTP secret, the recovery codes and the passkey', async () => {
    expect(await t.client(SESSION).getTwoFactor()).toMatchObject({ totp: true, recovery_codes_left: 2, passkeys: [{ name: 'Old laptop' }] });
    const asked = await challenge();
    expect(asked.methods.sort()).toEqual(['passkey', 'recovery_code', 'totp']);
    // The passkey is the one offered at sign-in.
    const options = await t.client().loginPasskeyOptions({ challenge: asked.challenge });
    expect(JSON.stringify(options)).toContain(CREDENTIAL);
    // The TOTP secret, sealed bound to the account's id, opens for the person of that id.
    const viaTotp = await t.client().loginTwoFactor({ challenge: asked.challenge, code: await generate({ secret: TOTP }) });
    expect(viaTotp.member).toMatchObject({ person_id: ID, role: 'owner' });
    const viaCode = await t.client().loginTwoFactor({ challenge: (await challenge()).challenge, code: RECOVERY[0] as string });
    expect(viaCode.member.role).toBe('owner');
    expect((await t.client(viaCode.access_token).getTwoFactor()).recovery_codes_left).toBe(1);
    // A wrong code is still refused.
    expect((await refusal(t.client().loginTwoFactor({ challenge: (await challenge()).challenge, code: '000000' }))).code).toBe('rspf-login-1017');
  });
});
