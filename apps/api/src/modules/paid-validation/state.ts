import type { PaidInstitutionState } from '@bjp/domain';
import type { AppDeps } from '../../app.js';
import type { AuthUser } from '../../auth/access.js';
import { paidFacts } from './facts.js';
import { universeCounts } from './universe.js';

/** The page header: gestión, 'DETALLE ESTADO' and whether the user may still validate or consolidate. */
export async function institutionState(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
): Promise<PaidInstitutionState> {
  const facts = await paidFacts(deps.db, sie);
  const counts = await universeCounts(deps.db, sie, facts.year);
  const open = facts.consolidation === null;
  const mayValidate = user.permissions.has('paid.validate');
  return {
    sie,
    year: facts.year,
    codeType: facts.codeType,
    amountPerStudent: facts.consolidation?.amountPerStudent ?? facts.amountPerStudent,
    counts,
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
