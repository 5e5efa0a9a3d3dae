/**
 * Migration 0024 (teams) on a database of the version before it: a reseller signed in the old way,
 * with a session, a TOTP secret, recovery codes and a passkey on the account, becomes the Owner
 * person of its account; its session still answers, now as the Owner, and its second factors
 * still work. The database is built at 0023 with drizzle's migrator over the journal cut there,
 * then opened as the server opens any database (the rest of the migrations, then db/sql).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { generate } from 'otplib';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import type { ApiError } from '@partner-panel/sdk';
import { migrationsFolder, openPostgres } from '../src/db/index.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { hashToken } from '../src/modules/auth/secrets.js';
import { boundToReseller, seal } from '../src/sealing.js';
import { testApp } from './support/app.js';
import { bounded } from './support/teardown.js';

const APP_SECRET = 'migration-test-app-secret-0123456789abcdef';
const BEFORE_TEAMS = '0023_wallet_move';
const ID = 4242;
const EMAIL = 'old-style@example.com';
const PASSWORD = 'Old!Password1';
const TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SESSION = 'old-session-token-'.padEnd(64, 'x');
const RECOVERY = ['ABCDE-12345', 'FGHIJ-67890'];
const CREDENTIAL = 'b2xkLXN0eWxlLXBhc3NrZXk';

/** An empty database of the run's server, migrated up to the tag given with the journal cut there. */
async function databaseAt(tag: string) {
  const serverUrl = inject('postgresUrl');
  const name = `pp_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const folder = mkdtempSync(join(tmpdir(), 'pp-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut + 1) }));
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return { url: url.toString(), name, serverUrl, client };
}

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
await old.client.end();

// The server opens it as any database: 0024 and what follows, then the database code.
const database = await openPostgres(old.url, 10);
const t = await testApp({
  demo: false,
  env: { APP_SECRET },
  database: {
    ...database,
    url: old.url,
    async drop() {
      const closing = database.close();
      await bounded('closing the migrated database', 10_000, closing);
      const cleanup = new pg.Client({ connectionString: old.serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${old.name} with (force)`);
      await cleanup.end();
    },
  },
});

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
