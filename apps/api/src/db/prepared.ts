import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/**
 * A query Drizzle builds once per database connection instead of on every call; given a name, the
 * server also parses and plans it once per connection. A transaction runs on one pooled connection
 * and the pool hands the same connections out again, so keying by connection lets every later
 * transaction reuse what an earlier one prepared. For the hottest statements only: the cache holds
 * one copy per connection.
 */
export function preparedPerConnection<T>(build: (ex: Executor) => T): (ex: Executor) => T {
  const byConnection = new WeakMap<object, T>();
  return (ex) => {
    const connection = connectionOf(ex);
    let statement = byConnection.get(connection);
    if (!statement) {
      statement = build(ex);
      byConnection.set(connection, statement);
    }
    return statement;
  };
}

/** The driver's client under an executor: the pool (or PGlite) for the database, the checked-out client in a transaction. */
function connectionOf(ex: Executor): object {
  return (sessionOf(ex) as unknown as { client: object }).client;
}

const dialect = new PgDialect();

/**
 * Hand-written SQL with `sql.placeholder(name)` parameters, run as a named statement prepared per
 * connection (see preparedPerConnection). Its text never changes between calls, so the SQL must
 * branch on parameters, not on JavaScript conditions.
 */
export function namedStatement<Row>(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  const statement = preparedPerConnection((ex) => sessionOf(ex).prepareQuery(built, undefined, name, false));
  return async (ex: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    const result = await statement(ex).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

function sessionOf(ex: Executor) {
  return (ex as unknown as { _: { session: PgSession } })._.session;
}
