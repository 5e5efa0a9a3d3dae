/**
 * What the files of src/db/sql define, as the database itself prints it: the files applied to a
 * scratch copy of the template from which every function and trigger was first dropped, then read
 * back with pg_get_functiondef / pg_get_triggerdef. Comparing that with a database's own catalogue
 * compares both the set of names and each definition, in PostgreSQL's normal form (so the files'
 * spacing and comments do not count, a changed body does).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { applyDatabaseCode, readDatabaseCode, type DatabaseCodeDefinition, type DatabaseCodeFile } from '../../src/db/code.js';

/** The statements of a file: split at semicolons outside quotes, dollar quotes and comments. */
export function statementsOf(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  // Past the end of what opens at i (an unclosed one runs to the end of the text).
  const past = (closing: string, from: number) => {
    const at = text.indexOf(closing, from);
    return at === -1 ? text.length : at + closing.length;
  };
  while (i < text.length) {
    const rest = text.slice(i, i + 64);
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    if (rest.startsWith('--')) i = past('\n', i);
    else if (rest.startsWith('/*')) i = past('*/', i + 2);
    else if (rest.startsWith("'")) i = past("'", i + 1);
    else if (dollar) i = past(dollar[0], i + dollar[0].length);
    else if (rest.startsWith(';')) {
      statements.push(text.slice(start, i + 1).trim());
      start = ++i;
    } else i++;
  }
  if (text.slice(start).replace(/--.*$/gm, '').trim()) statements.push(text.slice(start).trim());
  return statements;
}

/** The files without the statement that defines `name` (a function or trigger name). */
export function withoutDefinition(files: DatabaseCodeFile[], name: string): DatabaseCodeFile[] {
  const defines = new RegExp(`^(?:--.*\\n|\\s)*CREATE OR REPLACE (?:FUNCTION|TRIGGER)\\s+(?:public\\.)?${name}\\b`, 'i');
  let found = 0;
  const left = files.map((file) => ({
    ...file,
    text: statementsOf(file.text)
      .filter((statement) => !(defines.test(statement) && ++found))
      .join('\n\n'),
  }));
  if (found !== 1) throw new Error(`${name} is defined ${found} times in the files`);
  return left;
}

/** The catalogue the files make on their own (see the module's comment). */
export async function catalogueOfFiles(files: DatabaseCodeFile[]): Promise<DatabaseCodeDefinition[]> {
  const serverUrl = inject('postgresUrl');
  const name = `pp_code_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    // Every trigger goes with the function it runs; the template's own code is thereby gone.
    await client.query(`do $$ declare f regprocedure; begin
      for f in select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      loop execute format('drop function if exists %s cascade', f); end loop; end $$`);
    const left = await readDatabaseCode(client);
    if (left.length > 0) throw new Error(`the scratch database still has ${left.map((d) => d.name).join(', ')}`);
    await applyDatabaseCode(client, files);
    return await readDatabaseCode(client);
  } finally {
    await client.end().catch(() => undefined);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** What differs between the files' catalogue and a database's, one sentence each; none when they agree. */
export function codeDifferences(files: DatabaseCodeDefinition[], database: DatabaseCodeDefinition[]): string[] {
  const key = (d: DatabaseCodeDefinition) => `${d.kind} ${d.name}`;
  const inFiles = new Map(files.map((d) => [key(d), d.definition]));
  const inDatabase = new Map(database.map((d) => [key(d), d.definition]));
  const differences: string[] = [];
  for (const [name, definition] of inDatabase) {
    const declared = inFiles.get(name);
    if (declared === undefined) differences.push(`${name} is in the database but in no file of src/db/sql`);
    else if (declared !== definition) differences.push(`${name} in the database differs from its file:\n${definition}\n--- its file ---\n${declared}`);
  }
  for (const name of inFiles.keys()) if (!inDatabase.has(name)) differences.push(`${name} is in src/db/sql but not in the database`);
  return differences;
}
