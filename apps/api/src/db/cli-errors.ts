/**
 * What an operator's command (migrate, db:roles, admin, import) prints when it fails: PostgreSQL's
 * own message, not the wrapper's 'Failed query: DO $$…', and, when the cause is a missing right,
 * which right and which role should run the command instead. Never a stack, never a password.
 */
type PgError = { code?: string; message?: string; cause?: unknown; detail?: string; hint?: string };

/** The innermost error that carries a PostgreSQL SQLSTATE (drizzle wraps it as `cause`). */
function databaseError(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as PgError;
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    current = e.cause;
  }
  return undefined;
}

const rightNeeded: Record<string, string> = {
  '42501': 'the role lacks a right on this object',
  '42P01': 'a table is missing: has the database been migrated (npm run migrate)?',
  '3D000': 'the database does not exist: create it first (docs/deploy.md, step 1)',
  '28P01': 'wrong password for this role',
  '28000': 'this role may not connect (pg_hba.conf or no LOGIN)',
};

export function describeCliError(error: unknown, context: { role?: string; needs?: string } = {}): string {
  const db = databaseError(error);
  if (!db) return error instanceof Error ? error.message : String(error);
  const lines = [`PostgreSQL ${db.code}: ${db.message}`];
  if (db.detail) lines.push(`  detail: ${db.detail}`);
  if (db.hint) lines.push(`  hint: ${db.hint}`);
  const why = db.code ? rightNeeded[db.code] : undefined;
  if (why) lines.push(`  ${why}${context.role ? ` (connected as ${context.role})` : ''}.`);
  if (db.code === '42501' && context.needs) lines.push(`  This command needs ${context.needs}.`);
  return lines.join('\n');
}

/** The user name of a connection URL, for messages (never its password). */
export function urlRole(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).username) || undefined;
  } catch {
    return undefined;
  }
}
