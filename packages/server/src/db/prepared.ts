/**
 * Statements that hot calls run on every request, built once per database as named prepared
 * statements: drizzle builds no SQL per request (selecting every column of a wide table through
 * the query builder took about a sixth of a signed-in profile read), and PostgreSQL parses each
 * once per connection. The name must be unique to the statement: node-postgres keeps one text per
 * name and connection.
 */
import type { Tx } from './types.js';

export function preparedOn<P>(build: (db: Tx) => P): (db: Tx) => P {
  // A transaction gets its own (built again for each one; node-postgres skips the parse when its
  // connection already holds the statement).
  const built = new WeakMap<Tx, P>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
