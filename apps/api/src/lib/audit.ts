import { is, Placeholder, SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

export type AuditEntry = {
  userId: number | null;
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

/** A value as written: SQL as is, a placeholder filled at execution (with JSON text for before/after). */
const param = (value: unknown) => (is(value, SQL) ? value : sql`${value ?? null}`);
const jsonb = (value: unknown) =>
  is(value, SQL)
    ? value
    : is(value, Placeholder)
      ? sql`${value}::jsonb`
      : value == null
        ? sql`NULL`
        : sql`${JSON.stringify(value)}::jsonb`;

/**
 * The audit row as one INSERT, for a change that writes it in the same statement as its data (a
 * data-modifying CTE) to save a round trip. Any field may be SQL (reading the statement's CTEs) or a
 * placeholder of a named statement.
 */
export function auditInsert(entry: { [K in keyof AuditEntry]: AuditEntry[K] | SQL | Placeholder }): SQL {
  return sql`INSERT INTO audit_log (user_id, action, entity, entity_id, before, after, ip)
    VALUES (${param(entry.userId)}, ${param(entry.action)}, ${param(entry.entity)}, ${param(
      is(entry.entityId, Placeholder) ? entry.entityId : String(entry.entityId),
    )}, ${jsonb(entry.before)}, ${jsonb(entry.after)}, ${param(entry.ip)})`;
}

/** Call inside the same transaction as the change it records. */
export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.execute(auditInsert(entry));
}
