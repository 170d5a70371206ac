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

/** Node's socket errors: the database's host refused, reset or never answered the connection. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres' own words when a connection ends or is never given (it sets no code). */
const lostConnection =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|connection (?:error|timeout)/i;

/**
 * Why `error` says the database cannot be reached right now rather than that the query is
 * wrong: the server shutting down or terminating the backend (57P01–57P03), a connection exception
 * (class 08), too many connections (53300), a write sent to a server that is (still, or again) a
 * read-only standby during a failover (25006), a socket error or node-postgres' connection timeout.
 * (its code, or node-postgres' sentence), or null. Answered 503 with Retry-After (lib/error-handler.ts); the pool reconnects once the server returns.
 */
export function databaseUnavailable(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const c = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof c.code === 'string' ? c.code : '';
    if (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300' || code === '25006')
      return code;
    if (socketCodes.has(code)) return code;
    // The driver's words matched (never the rest of a message, which may quote a query's values).
    const words = typeof c.message === 'string' ? lostConnection.exec(c.message) : null;
    if (words) return words[0];
    // Connecting to 'localhost' tries ::1 and 127.0.0.1: both refusals come as one AggregateError.
    const inner = Array.isArray(c.errors) ? c.errors.map(databaseUnavailable).find(Boolean) : null;
    if (inner) return inner;
    current = c.cause;
  }
  return null;
}
