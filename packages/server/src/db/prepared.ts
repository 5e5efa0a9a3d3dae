/**
 * Statements that hot calls run on every request, built once per database as named prepared
 * statements: drizzle builds no SQL per request (selecting every column of a wide table through
 * the query builder took about a sixth of a signed-in profile read), and PostgreSQL parses each
 * once per connection. The name must be unique to the statement: node-postgres keeps one text per
 * name and connection.
 */
import type { Db } from './types.js';

export function preparedOn<P>(build: (db: Db) => P): (db: Db) => P {
  const built = new WeakMap<Db, P>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
