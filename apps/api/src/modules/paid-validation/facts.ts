import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { factsRow, lockInstitution } from './queries/facts.js';

export type OpenConsolidation = {
  id: number;
  consolidatedAt: Date;
  consolidatedBy: string;
  amountPerStudent: number;
  /** The declared totals, kept on the consolidation row. */
  students: number;
  delivered: number;
  undelivered: number;
};

/** What every paid-validation step needs to know about a school, read in one query. */
export type PaidFacts = {
  sie: number;
  codeType: number;
  year: number;
  /** The programme's amount today; a consolidation keeps its own. */
  amountPerStudent: number;
  consolidation: OpenConsolidation | null;
};

/**
 * With `lock`, the institution row is locked until the transaction ends. Saving a validation takes
 * it FOR SHARE (validation.ts, with the student's row), so saves of one school run side by side;
 * consolidating and enabling take it FOR NO KEY UPDATE, so they wait for running saves and later saves wait for them and then see the new state:
 * nothing is written into an operation that closed in between. (NO KEY UPDATE, not UPDATE, so the
 * foreign-key checks of other tables that reference the school are not blocked.) The lock is its own
 * statement: under READ COMMITTED a statement that waited for a lock still reads the other tables as
 * they were when it started, so the facts are read by the next statement, after the wait.
 */
export async function paidFacts(
  db: Executor,
  sie: number,
  lock?: 'share' | 'no key update',
  year?: number,
): Promise<PaidFacts> {
  if (lock) await lockInstitution(db, sie, lock);
  const row = await factsRow(db, sie, year);
  if (!row) throw new AppError('not_found', 'Institución no encontrada.');
  return {
    sie: row.sie,
    codeType: row.codeType,
    year: row.year,
    amountPerStudent: row.amountPerStudent,
    consolidation:
      row.consolidationId && row.consolidatedAt
        ? {
            id: row.consolidationId,
            consolidatedAt: row.consolidatedAt,
            consolidatedBy: row.consolidatedBy ?? '',
            amountPerStudent: row.consolidatedAmount ?? row.amountPerStudent,
            students: row.declaredStudents ?? 0,
            delivered: row.declaredDelivered ?? 0,
            undelivered: row.declaredUndelivered ?? 0,
          }
        : null,
  };
}

/** The school a paid-validation route touches (its :sie), for the guard's scope check. */
export const schoolOf = (req: FastifyRequest) => ({ institution: (req.params as { sie: number }).sie });
