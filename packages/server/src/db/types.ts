/** The database's types, apart from the code that opens it, so the job queue can name a transaction without importing that code. */
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Drizzle over node-postgres: `execute<Row>` answers typed rows. */
export type Db = NodePgDatabase<Schema>;
/** A transaction, or the database itself where a function works in either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
