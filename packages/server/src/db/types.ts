/** The database's types, apart from the code that opens it, so the job queue can name a transaction without importing that code. */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself where a function works in either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
