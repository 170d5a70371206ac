import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * The one way to read hand-written SQL: runs the query and returns its rows typed as `T`. Both
 * drivers (pg and PGlite) answer `execute` with `{ rows }`; the type is the caller's word for the
 * columns the SQL selects (snake_case unless aliased), nothing checks it at run time. A string is
 * run as raw SQL text (no parameters).
 */
export async function rows<T>(ex: Executor, query: SQL | string): Promise<T[]> {
  const result = await ex.execute(typeof query === 'string' ? sql.raw(query) : query);
  return (result as unknown as { rows: T[] }).rows;
}

/** The first row of the query, or undefined when it returns none. */
export async function firstRow<T>(ex: Executor, query: SQL | string): Promise<T | undefined> {
  const [row] = await rows<T>(ex, query);
  return row;
}
