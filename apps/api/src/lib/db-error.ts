/**
 * What of a database failure may be written to the log. Drizzle's error message carries the query's
 * parameters and PostgreSQL's message and detail can quote the offending value ('Key (carnet)=(…)'),
 * so only the SQLSTATE, the SQL text with its placeholders and the names of the objects involved
 * are kept; the values never are.
 */
export type DbFailure = {
  sqlstate: string;
  sql?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
};

type Candidate = {
  code?: unknown;
  query?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
  cause?: unknown;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The database failure inside `error` (Drizzle wraps the driver's error in `cause`), if any. */
export function dbFailure(error: unknown): DbFailure | null {
  let sql: string | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const c = current as Candidate;
    if (typeof c.query === 'string') sql ??= c.query;
    if (typeof c.code === 'string' && SQLSTATE.test(c.code)) {
      const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
      return {
        sqlstate: c.code,
        sql,
        table: text(c.table),
        column: text(c.column),
        constraint: text(c.constraint),
        routine: text(c.routine),
      };
    }
    current = c.cause;
  }
  return sql ? { sqlstate: 'unknown', sql } : null;
}

/**
 * Failures caused by the value sent rather than by the server: data exceptions (class 22: number
 * out of range, impossible date, bad encoding…) and integrity violations. Answered as 4xx.
 */
export function clientStatusFor(sqlstate: string): 400 | 409 | null {
  if (sqlstate.startsWith('22')) return 400;
  if (sqlstate === '23502' || sqlstate === '23503' || sqlstate === '23514') return 400;
  if (sqlstate === '23505') return 409;
  return null;
}
