/**
 * The rows a grouped charge writes with its debit, typed from the Drizzle schema. They cross into
 * plpgsql as JSON (`wallet_batch_rows`, db/sql/wallet.sql, inserts them with
 * `jsonb_populate_recordset`), keyed by the tables' SQL column names; here each table's rows are its
 * insert type, given exactly (a field the table does not have is refused too), so a misspelt or
 * renamed column fails `pnpm typecheck` rather than a charge at run time.
 */
import { getTableColumns, getTableName, type InferInsertModel } from 'drizzle-orm';
import type { auditLog, couponBatches, coupons, events, mailOutbox, notifications, vpnAccounts } from '../../db/schema/index.js';

/** The tables a grouped charge may write to. */
export type BatchTable = typeof couponBatches | typeof coupons | typeof auditLog | typeof notifications | typeof events | typeof mailOutbox | typeof vpnAccounts;

// Each type is distributed over the tables (`T extends unknown`): its keys are then those of one
// table, which `keyof` of the generic form did not resolve to.

/** A table's insert values as Drizzle names them; identities too (the rows go in OVERRIDING SYSTEM VALUE, ids drawn first). */
export type BatchInsert<T extends BatchTable> = T extends unknown ? InferInsertModel<T, { dbColumnNames: false; override: true }> : never;

/** The same values keyed by the table's SQL column names, as `jsonb_populate_recordset` reads them. */
export type ColumnRow<T extends BatchTable> = T extends unknown ? InferInsertModel<T, { dbColumnNames: true; override: true }> : never;

/** One table's rows of a charge: its SQL name and its rows by column. */
export type TableRows = { [T in BatchTable as T['_']['name']]: [name: T['_']['name'], rows: ColumnRow<T>[]] }[BatchTable['_']['name']];

/** `V` with no field that `Shape` lacks. */
type Exact<Shape, V> = V & Record<Exclude<keyof V, keyof Shape>, never>;

const columnNames = new WeakMap<BatchTable, Map<string, string>>();

/**
 * A table's rows for a grouped charge, from their Drizzle values ({ resellerId: 1 } becomes
 * { reseller_id: 1 }). Every row names the first row's fields: one insert names its columns once.
 */
export function batchRows<T extends BatchTable, V extends BatchInsert<T>>(table: T, values: Exact<BatchInsert<T>, V>[]): TableRows {
  let names = columnNames.get(table);
  if (!names) columnNames.set(table, (names = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name]))));
  const keys = Object.keys(values[0] ?? {});
  const columns = keys.map((key) => {
    const name = names.get(key);
    if (!name) throw new Error(`no column ${key} in ${getTableName(table)}`);
    return name;
  });
  const rows = values.map((v) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) out[columns[i] as string] = (v as Record<string, unknown>)[keys[i] as string] ?? null;
    return out;
  });
  // The conversion above is the mapped type ColumnRow<T>, key by key: TypeScript cannot follow it.
  return [getTableName(table), rows] as TableRows;
}
