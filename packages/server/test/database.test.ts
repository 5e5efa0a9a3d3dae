import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { seedDemo, DEMO_ACCOUNTS, DEMO_OPERATOR } from '../src/modules/demo/seed.js';
import { freshDatabase } from './support/db.js';

const database = await freshDatabase(2);
const { db } = database;
const q = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

describe('schema rules', () => {
  it('keeps the wallet ledger append-only', async () => {
    await seedDemo(db);
    const [row] = await q<{ id: number }>(sql`select id from wallet_ledger limit 1`);
    await expect(db.execute(sql`update wallet_ledger set amount_cents = 1 where id = ${row?.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from wallet_ledger where id = ${row?.id}`)).rejects.toThrow();
  });

  it('never lets a prepaid balance go below zero, nor a postpaid one below its credit limit', async () => {
    await expect(db.execute(sql`update resellers set balance_cents = -1 where id <> 903`)).rejects.toThrow();
    const [partner] = await q<{ credit_limit_cents: number }>(sql`select credit_limit_cents from resellers where id = 903`);
    expect(Number(partner?.credit_limit_cents)).toBe(100_000_000);
    await expect(db.execute(sql`update resellers set balance_cents = -100000001 where id = 903`)).rejects.toThrow();
    await expect(db.execute(sql`update resellers set credit_limit_cents = -1 where id = 903`)).rejects.toThrow();
  });

  it('makes e-mail addresses unique whatever their case', async () => {
    // The account's address, and the person's who signs in with it: each is unique whatever its case.
    await expect(
      db.execute(sql`insert into resellers (email, name, custom_url, client_id) values ('RESELLER@demo.partner-panel.test', 'x', 'x-1', 'cl_x1')`),
    ).rejects.toMatchObject({ cause: { constraint: 'resellers_email_lower_key' } });
    await expect(db.execute(sql`insert into people (email, name, password_hash) values ('RESELLER@demo.partner-panel.test', 'x', 'x')`)).rejects.toMatchObject({ cause: { constraint: 'people_email_lower_key' } });
  });

  it('numbers new resellers from 1000, keeping 903 for the partner', async () => {
    const ids = (await q<{ id: number }>(sql`select id from resellers order by id`)).map((r) => r.id);
    expect(ids).toContain(903);
    expect(ids.filter((id) => id !== 903).every((id) => id >= 1000)).toBe(true);
  });
});

describe('demo data', () => {
  it('creates the funded reseller, the admin with two sub-resellers and 903, once', async () => {
    expect(await seedDemo(db)).toBe(false);
    const rows = await q<{ email: string; parent_id: number | null; is_admin: boolean; balance_cents: number; id: number }>(
      sql`select id, email, parent_id, is_admin, balance_cents from resellers where kind = 'reseller' order by id`,
    );
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    // And the operator, the provider's own account: no parent, no wallet, not an admin.
    const operator = await q<{ email: string; parent_id: number | null; is_admin: boolean; balance_cents: number }>(
      sql`select email, parent_id, is_admin, balance_cents from resellers where kind = 'operator'`,
    );
    expect(operator).toEqual([{ email: DEMO_OPERATOR.email, parent_id: null, is_admin: false, balance_cents: 0 }]);
    const admin = rows.find((r) => r.is_admin);
    expect(rows.filter((r) => r.parent_id === admin?.id)).toHaveLength(2);
    expect(rows.find((r) => r.email.startsWith('reseller@'))?.balance_cents).toBe(500_000);
    // Every demo balance is backed by a ledger row.
    const [sum] = await q<{ ok: boolean }>(
      sql`select bool_and(r.balance_cents = coalesce(l.total, 0)) as ok from resellers r
          left join (select reseller_id, sum(amount_cents) as total from wallet_ledger group by reseller_id) l on l.reseller_id = r.id`,
    );
    expect(sum?.ok).toBe(true);
    await database.drop();
  });
});

describe('configuration', () => {
  it('has embedded defaults for every setting', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './.data', databaseUrl: undefined, publicUrl: 'http://localhost:3000', demoData: true });
    expect(config.mail.transport).toBe('outbox');
    expect(config.captcha.provider).toBe('off');
    // The socket server binds where the HTTP server does unless told otherwise.
    expect(config.realtime.host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).realtime.host).toBe('0.0.0.0');
    expect(loadConfig({ REALTIME_HOST: '10.0.0.5' }).realtime.host).toBe('10.0.0.5');
  });

  it('honours PORT, HOST, PUBLIC_URL, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', PUBLIC_URL: 'https://panel.example.com/', DATA_DIR: '/var/lib/pp', DATABASE_URL: 'postgres://x@db/pp' });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', publicUrl: 'https://panel.example.com', dataDir: '/var/lib/pp', databaseUrl: 'postgres://x@db/pp' });
  });

  it('refuses incomplete adapter settings with a clear message', () => {
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL is required/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'turnstile' })).toThrow(/CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('turns demo data off in production unless asked', () => {
    const smtp = { MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail.example.com:587' };
    expect(loadConfig({ NODE_ENV: 'production', ...smtp }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true', ...smtp }).demoData).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/In production MAIL_TRANSPORT must be smtp/);
  });

  it('offers the test gateway outside production only, and takes payment providers whole', () => {
    const smtp = { MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail.example.com:587' };
    expect(loadConfig({}).payments).toMatchObject({ testGateway: { enabled: true }, stripe: null, paypal: null, attemptsPerReseller: 10, attemptsPerIp: 30 });
    expect(loadConfig({ NODE_ENV: 'production', ...smtp }).payments.testGateway.enabled).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_GATEWAY: 'true', ...smtp })).toThrow(/cannot be enabled in production/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together/);
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' })).toThrow(/PayPal needs/);
    const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_WEBHOOK_ID: 'WH' };
    expect(loadConfig(paypal).payments.paypal?.apiUrl).toBe('https://api-m.sandbox.paypal.com');
    expect(loadConfig({ ...paypal, PAYPAL_ENVIRONMENT: 'live' }).payments.paypal?.apiUrl).toBe('https://api-m.paypal.com');
    expect(loadConfig({}).partnerCreditLimitCents).toBe(100_000_000);
  });
});
