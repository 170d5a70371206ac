import { type PaidConsolidationResult, paidMessages, saldoADevolver, unvalidatedMessage } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { refreshSchoolStatistics } from '../../db/summaries.js';
import type { Render } from '../../documents/service.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { consolidateWithDeclaration, type StoredDeclaration } from '../declarations/index.js';
import { paidFacts } from './facts.js';
import { paidDeclarationInput } from './frozen.js';
import { insertConsolidation } from './queries/consolidation.js';
import { universeCounts } from './queries/universe.js';

const refuse = (message: string) => new AppError('conflict', message, { observations: [message] });

/**
 * 'Consolidar Operativo de Validación': closes the school's paid validation for good (only an
 * administrator's enabling reopens it). Every student must be validated first: the declaration is
 * sworn, so nothing in it is assumed (docs/decisions.md). The school row is locked FOR NO KEY UPDATE:
 * of two simultaneous requests the second waits, then finds the operation consolidated and gets 409;
 * saves wait too and are refused afterwards. The partial unique index and the trigger on
 * paid_validations hold the same rules in the database.
 */
export async function consolidate(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
  ip: string,
  render: Render,
): Promise<PaidConsolidationResult> {
  return consolidateWithDeclaration(deps, sie, 'paid_validation', async (tx, now) => {
    const facts = await paidFacts(tx, sie, 'no key update');
    if (facts.consolidation) throw refuse(paidMessages.alreadyConsolidated);
    const counts = await universeCounts(tx, sie, facts.year);
    if (counts.pending > 0) throw refuse(unvalidatedMessage(counts.pending));
    const row = await insertConsolidation(tx, {
      institutionId: sie,
      year: facts.year,
      consolidatedAt: now,
      consolidatedBy: user.id,
      students: counts.total,
      delivered: counts.delivered,
      undelivered: counts.undelivered,
      amountPerStudent: facts.amountPerStudent,
    });
    const saldo = saldoADevolver(counts.undelivered, facts.amountPerStudent);
    // Issue 12: the declaration is read here, rendered before this transaction and stored in it.
    const declare = () => paidDeclarationInput(deps, tx, sie, user.id, render, false);
    const finish = async (declaration: StoredDeclaration): Promise<PaidConsolidationResult> => {
      // The sworn NO PAGADO rows stop counting as paid in every figure (one payment truth).
      await refreshSchoolStatistics(tx, sie);
      await writeAudit(tx, {
        userId: user.id,
        action: 'paid.consolidate',
        entity: 'institution',
        entityId: sie,
        before: { consolidated: false },
        after: {
          consolidationId: row?.id,
          ...counts,
          amountPerStudent: facts.amountPerStudent,
          saldo,
          declaration: { version: declaration.version, sha256: declaration.sha256 },
        },
        ip,
      });
      return {
        sie,
        consolidatedAt: now.toISOString(),
        students: counts.total,
        delivered: counts.delivered,
        undelivered: counts.undelivered,
        amountPerStudent: facts.amountPerStudent,
        saldo,
        message: paidMessages.consolidated,
      };
    };
    return { declare, finish };
  });
}
