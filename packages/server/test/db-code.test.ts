/**
 * The database's functions and triggers live in src/db/sql (db/code.ts applies them at every
 * start): the database defines exactly what the files define, no more, no less, body for body.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_LOCK_TIMEOUT_MS, applyDatabaseCode, databaseCodeFiles, databaseCodeFolder, readDatabaseCode } from '../src/db/code.js';
import { migrationsFolder } from '../src/db/index.js';
import { FANOUT_TASK } from '../src/modules/events/record.js';
import { MAIL_TASK } from '../src/adapters/mail/index.js';
import { catalogueOfFiles, codeDifferences, statementsOf, withoutDefinition } from './support/db-code.js';
import { freshDatabase } from './support/db.js';

const database = await freshDatabase(2);
const client = new pg.Client({ connectionString: database.url });
await client.connect();
afterAll(async () => {
  await client.end();
  await database.drop();
});

const files = databaseCodeFiles();
const filesCatalogue = await catalogueOfFiles(files);

describe('the database code in src/db/sql', () => {
  it('is what the started database runs: the same functions and triggers, each defined the same', async () => {
    expect(filesCatalogue.filter((d) => d.kind === 'function').length).toBeGreaterThan(10);
    expect(filesCatalogue.filter((d) => d.kind === 'trigger').length).toBeGreaterThan(20);
    expect(codeDifferences(filesCatalogue, await readDatabaseCode(client))).toEqual([]);
  });

  it('reports a function edited by hand in the database, until the files are applied again (as every start does)', async () => {
    await client.query(`CREATE OR REPLACE FUNCTION public.utc_day(t timestamp with time zone) RETURNS date LANGUAGE sql IMMUTABLE
      AS $function$ SELECT (t AT TIME ZONE 'Europe/Paris')::date $function$`);
    const differences = codeDifferences(filesCatalogue, await readDatabaseCode(client));
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatch(/^function utc_day\(timestamp with time zone\) in the database differs from its file/);
    await applyDatabaseCode(client);
    expect(codeDifferences(filesCatalogue, await readDatabaseCode(client))).toEqual([]);
  });

  it('reports a function or trigger the files no longer define, and one they define that the database lacks', async () => {
    const withoutFunction = await catalogueOfFiles(withoutDefinition(files, 'wallet_batch_rows'));
    expect(codeDifferences(withoutFunction, await readDatabaseCode(client))).toEqual([
      'function wallet_batch_rows(jsonb,jsonb) is in the database but in no file of src/db/sql',
    ]);
    const withoutTrigger = await catalogueOfFiles(withoutDefinition(files, 'wallet_ledger_no_update'));
    expect(codeDifferences(withoutTrigger, await readDatabaseCode(client))).toEqual([
      'trigger wallet_ledger.wallet_ledger_no_update is in the database but in no file of src/db/sql',
    ]);
    const withoutAudit = await catalogueOfFiles(files.filter((file) => file.name !== 'audit.sql'));
    expect(codeDifferences(withoutAudit, await readDatabaseCode(client)).sort()).toEqual([
      'function audit_log_append_only() is in the database but in no file of src/db/sql',
      'trigger audit_log.audit_log_no_truncate is in the database but in no file of src/db/sql',
      'trigger audit_log.audit_log_no_update is in the database but in no file of src/db/sql',
    ]);
    const database = (await readDatabaseCode(client)).filter((d) => d.name !== 'fold_daily()');
    expect(codeDifferences(filesCatalogue, database)).toEqual(['function fold_daily() is in src/db/sql but not in the database']);
  });

  it('applies again without change, as a second start does', async () => {
    await applyDatabaseCode(client);
    await applyDatabaseCode(client);
    expect(codeDifferences(filesCatalogue, await readDatabaseCode(client))).toEqual([]);
  });

  it('applies all or nothing: a file that fails leaves every definition as it was', async () => {
    const broken = files.map((file) =>
      file.name === 'wallet.sql' ? { ...file, text: `${file.text}\nCREATE OR REPLACE FUNCTION public.broken() RETURNS void LANGUAGE sql AS $$ SELECT FROM no_such_table $$;` } : file,
    );
    const before = await readDatabaseCode(client);
    await client.query(`CREATE OR REPLACE FUNCTION public.utc_day(t timestamp with time zone) RETURNS date LANGUAGE sql IMMUTABLE
      AS $function$ SELECT (t AT TIME ZONE 'Europe/Paris')::date $function$`);
    const edited = await readDatabaseCode(client);
    await expect(applyDatabaseCode(client, broken)).rejects.toThrow(/src\/db\/sql\/wallet\.sql failed to apply/);
    expect(await readDatabaseCode(client)).toEqual(edited);
    await applyDatabaseCode(client);
    expect(await readDatabaseCode(client)).toEqual(before);
  });

  /**
   * A serving process's transaction that wrote coupons and next writes events, while the files
   * replace the events trigger and then the coupons ones: each waits on the other. The serving side
   * notices a deadlock after `deadlockTimeout`; the start gives way, applies again, and the
   * database's code ends as the files say.
   */
  async function deadlockWithServing(deadlockTimeout: string, pollInterval?: number) {
    const serving = new pg.Client({ connectionString: database.url });
    await serving.connect();
    try {
      await serving.query('begin');
      await serving.query(`set local deadlock_timeout = '${deadlockTimeout}'`);
      await serving.query('lock table coupons in row exclusive mode');
      const applying = applyDatabaseCode(client);
      const waiting = async () =>
        (await serving.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`, [
          (client as pg.Client & { processID: number }).processID,
        ])).rows[0]?.n;
      await expect.poll(waiting, pollInterval === undefined ? {} : { interval: pollInterval }).toBe(1);
      await serving.query('lock table events in row exclusive mode');
      await serving.query('commit');
      expect(await applying).toBeGreaterThan(1);
    } finally {
      await serving.end();
    }
    expect(codeDifferences(filesCatalogue, await readDatabaseCode(client))).toEqual([]);
  }

  it('gives way to a serving transaction that waits on it, even one that would notice the deadlock first, and applies again', async () => {
    // As the next test, but the serving side checks for a deadlock sooner than the start's would: were the
    // start to wait for its lock as long as PostgreSQL lets it, the serving write would be the one
    // ended (a failed request of a process in service). The start's short lock_timeout ends its own.
    await deadlockWithServing(`${CODE_LOCK_TIMEOUT_MS * 4}ms`, 5);
  });

  it('applies again when it gives way to a process writing the same tables', async () => {
    // The start's side gives way first (its lock_timeout, or noticing the deadlock first).
    await deadlockWithServing('30s');
  });

  it('does not bring back the functions a migration dropped', () => {
    const names = filesCatalogue.map((d) => d.name);
    expect(names.filter((name) => /^(coupon_days|vpn_days|wallet_batch_debits)\(/.test(name))).toEqual([]);
  });

  it('splits its files into statements, each one function or trigger', () => {
    for (const file of files) {
      for (const statement of statementsOf(file.text)) {
        expect(statement.replace(/^(?:--.*\n|\s)*/, ''), file.name).toMatch(/^CREATE OR REPLACE (FUNCTION|TRIGGER) /);
      }
    }
    const declared = files.flatMap((file) => statementsOf(file.text)).length;
    expect(declared).toBe(filesCatalogue.length);
  });

  it('is the only place that defines functions and triggers: no migration after 0020 creates one', () => {
    const migrations = readdirSync(migrationsFolder).filter((name) => /^\d{4}_.*\.sql$/.test(name));
    for (const name of migrations.filter((name) => Number(name.slice(0, 4)) > 20)) {
      expect(readFileSync(join(migrationsFolder, name), 'utf8'), name).not.toMatch(/CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER|CONSTRAINT\s+TRIGGER)/i);
    }
    expect(databaseCodeFolder).toMatch(/src[\\/]db[\\/]sql$/);
  });
});

describe('the webhook fan-out job', () => {
  it('is queued by the trigger under the task name the worker runs', () => {
    const events = readFileSync(join(databaseCodeFolder, 'events.sql'), 'utf8');
    const queued = [...events.matchAll(/graphile_worker\.add_job\('([^']*)'/g)].map((m) => m[1]);
    expect(queued).toEqual([FANOUT_TASK]);
    const fanOut = filesCatalogue.find((d) => d.name === 'fan_out_events()');
    expect(fanOut?.definition).toContain(`graphile_worker.add_job('${FANOUT_TASK}'`);
  });
});

describe('the mail delivery job', () => {
  it('is queued by the trigger under the task name the worker runs', () => {
    const mail = readFileSync(join(databaseCodeFolder, 'mail.sql'), 'utf8');
    const queued = [...mail.matchAll(/graphile_worker\.add_job\('([^']*)'/g)].map((m) => m[1]);
    expect(queued).toEqual([MAIL_TASK]);
  });
});
