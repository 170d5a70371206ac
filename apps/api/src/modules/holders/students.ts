import {
  DEFAULT_PAGE_SIZE,
  type HoldersInstitutionState,
  identityValidated,
  type StudentListQuery,
  type StudentPage,
  titularEditBlocker,
  titularStatus,
  titularStatusLabel,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { canEdit, institutionFacts } from './context.js';
import { studentCounts, studentPage } from './queries/lists.js';

/** The 'Estudiantes' panel header: gestión, consolidation, period, what the user may do, and counts. */
export async function institutionState(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
): Promise<HoldersInstitutionState> {
  const facts = await institutionFacts(deps, deps.db, sie);
  const counts = await studentCounts(deps.db, sie, facts.year);
  const c = counts ?? { total: 0, removed: 0, registered: 0, excluded: 0 };
  const open = !facts.consolidatedAt && facts.periodOpen;
  return {
    sie,
    year: facts.year,
    consolidatedAt: facts.consolidatedAt?.toISOString() ?? null,
    registrationOpen: facts.periodOpen,
    period: facts.period ? { startsOn: facts.period.startsOn, endsOn: facts.period.endsOn } : null,
    canEdit: canEdit(user) && open,
    canConsolidate: user.permissions.has('holders.consolidate') && open,
    counts: { ...c, pending: c.total - c.removed - c.registered - c.excluded },
  };
}

/**
 * One page of a course's students (or of the whole school), sorted by first surname, second
 * surname and name, each with its titular status and whether its status button opens the modal.
 */
export async function listStudents(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
  query: StudentListQuery,
): Promise<StudentPage> {
  const facts = await institutionFacts(deps, deps.db, sie);
  const offset = (query.page - 1) * DEFAULT_PAGE_SIZE;
  const { rows, total } = await studentPage(
    deps.db,
    sie,
    facts.year,
    query.course,
    DEFAULT_PAGE_SIZE,
    offset,
  );
  const editable = canEdit(user);
  return {
    items: rows.map((r, i) => {
      const validated = identityValidated(r);
      const status = titularStatus({
        institutionId: sie,
        titularRegisteredAt: r.registeredAt,
        excluded: r.excluded,
        removed: r.removedAt !== null,
      });
      return {
        inscriptionId: r.inscriptionId,
        number: offset + i + 1,
        rude: r.rude,
        paterno: r.paterno,
        materno: r.materno,
        name: r.name,
        gender: r.gender,
        identityValidated: validated,
        status,
        statusLabel: titularStatusLabel(status, r.registeredAt),
        registeredSie: r.registeredAt,
        // Shown only: a blocked student may still get a titular; the block keeps it off the payment list.
        blocked: r.blocked,
        editBlocker: titularEditBlocker({
          canEdit: editable,
          consolidated: facts.consolidatedAt !== null,
          periodOpen: facts.periodOpen,
          identityValidated: validated,
          removed: r.removedAt !== null,
        }),
      };
    }),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}
