/**
 * The streamed CSV exports' one way out of the database: PostgreSQL's COPY of a SELECT, its columns
 * named as the file's header, so a list of any size goes to the download without being held here.
 */
import type { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';

/** A column of the file: its header and its SQL expression. */
export type CsvColumn = readonly [header: string, expression: string];

/** A timestamp as the files write it, `2026-11-22T10:04:05Z` (UTC); empty when null. */
export const csvTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Integer cents as dollars with two decimals, `1234.50` (no symbol, no grouping: a spreadsheet reads it as a number). */
export const csvMoney = (cents: string) => `to_char((${cents})::numeric / 100, 'FM9999999999990.00')`;

/** A SQL text literal (COPY takes no parameters). */
export const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Streams `select <columns> <from> where <where> <order>` as CSV with its header. COPY cannot take
 * parameters: the (already validated) values of `where` are inlined as quoted literals.
 */
export function copyCsv(ctx: Pick<AppContext, 'database'>, columns: readonly CsvColumn[], from: string, where: SQL, order: string): Promise<Readable> {
  const inlined = new PgDialect().sqlToQuery(where.inlineParams()).sql;
  const select = `select ${columns.map(([name, expr]) => `${expr} as "${name}"`).join(', ')} ${from} where ${inlined} ${order}`;
  return ctx.database.copyOut(`copy (${select}) to stdout with (format csv, header true)`);
}
