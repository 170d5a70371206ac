import type { PaidInstitutionState } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { declaredContent } from '../declarations/index.js';
import { paidFacts } from './facts.js';
import { universeCounts } from './queries/universe.js';
import type { PaidDeclared } from './report.js';

/** The page header: gestión, 'DETALLE ESTADO' and whether the user may still validate or consolidate. */
export async function institutionState(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
): Promise<PaidInstitutionState> {
  const facts = await paidFacts(deps.db, sie);
  const live = await universeCounts(deps.db, sie, facts.year);
  const open = facts.consolidation === null;
  // Consolidated, the page shows what the school declared (the consolidation's own totals): a bank
  // payment that arrives afterwards is not 'POR VALIDAR' (nobody may validate it any more) but
  // 'PAGADO POR BANCO SIN DECLARAR', counted apart and listed in 'Conciliación Banco – DDJJ'.
  // Decision 046: the figures of the stored declaration (those of its PDF and verification page); the
  // consolidation row's until it is stored (a school consolidated before declarations were stored).
  const declared = facts.consolidation;
  const stored = declared
    ? await declaredContent<PaidDeclared>(
        deps.db,
        sie,
        'paid_validation',
        facts.year,
        declared.consolidatedAt,
      )
    : null;
  const sworn = stored?.report
    ? {
        students: stored.report.totals.total,
        delivered: stored.report.totals.totalPaid,
        undelivered: stored.report.totals.totalPending,
      }
    : declared;
  const counts = sworn
    ? {
        total: sworn.students,
        validated: sworn.students,
        pending: 0,
        delivered: sworn.delivered,
        undelivered: sworn.undelivered,
      }
    : live;
  const mayValidate = user.permissions.has('paid.validate');
  return {
    sie,
    year: facts.year,
    codeType: facts.codeType,
    amountPerStudent: facts.consolidation?.amountPerStudent ?? facts.amountPerStudent,
    counts,
    paidAfterDeclaration: declared ? live.pending : 0,
    consolidation: facts.consolidation
      ? {
          consolidatedAt: facts.consolidation.consolidatedAt.toISOString(),
          consolidatedBy: facts.consolidation.consolidatedBy,
        }
      : null,
    canValidate: mayValidate && open,
    canConsolidate: mayValidate && open,
  };
}
