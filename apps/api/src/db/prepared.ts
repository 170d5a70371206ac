import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { connectionOf, type Executor } from './client.js';

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
    const { key } = connectionOf(ex);
    let statement = byConnection.get(key);
    if (!statement) {
      statement = build(ex);
      byConnection.set(key, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * Hand-written SQL with `sql.placeholder(name)` parameters, run as a named statement: built into text
 * once, then sent as node-postgres's `{ name, text, values }` on the executor's own connection, which
 * parses and plans it once per connection (PGlite keeps no names and takes the text each time). Its
 * text never changes between calls, so the SQL must branch on parameters, not on JavaScript conditions.
 */
export function namedStatement<Row>(name: string, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return async (ex: Executor, values: Record<string, unknown>): Promise<Row[]> =>
    (await connectionOf(ex).run({ name, text, values: fillPlaceholders(params, values) })) as Row[];
}
