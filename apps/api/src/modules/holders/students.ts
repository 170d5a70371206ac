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
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { beneficiaryExclusions, inscriptions, students, titularAssignments } from '../../db/schema/index.js';
import { isBlockedSql } from '../blocking/index.js';
import { canEdit, institutionFacts } from './context.js';

const activeTitular = and(
  eq(titularAssignments.inscriptionId, inscriptions.id),
  isNull(titularAssignments.removedAt),
);
const activeExclusion = and(
  eq(beneficiaryExclusions.inscriptionId, inscriptions.id),
  isNull(beneficiaryExclusions.removedAt),
);

/** The 'Estudiantes' panel header: gestión, consolidation, period, what the user may do, and counts. */
export async function institutionState(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
): Promise<HoldersInstitutionState> {
  const facts = await institutionFacts(deps, deps.db, sie);
  const [counts] = await deps.db
    .select({
      total: sql<number>`count(*)::int`,
      removed: sql<number>`count(*) FILTER (WHERE ${inscriptions.removedAt} IS NOT NULL)::int`,
      registered: sql<number>`count(*) FILTER (WHERE ${inscriptions.removedAt} IS NULL AND ${titularAssignments.id} IS NOT NULL)::int`,
      excluded: sql<number>`count(*) FILTER (WHERE ${inscriptions.removedAt} IS NULL AND ${titularAssignments.id} IS NULL AND ${beneficiaryExclusions.id} IS NOT NULL)::int`,
    })
    .from(inscriptions)
    .leftJoin(titularAssignments, activeTitular)
    .leftJoin(beneficiaryExclusions, activeExclusion)
    .where(and(eq(inscriptions.institutionId, sie), eq(inscriptions.year, facts.year)));
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
  const where: SQL = and(
    eq(inscriptions.institutionId, sie),
    eq(inscriptions.year, facts.year),
    query.course ? eq(inscriptions.courseId, query.course) : undefined,
  )!;
  const offset = (query.page - 1) * DEFAULT_PAGE_SIZE;
  // The page and the total in one round trip (count(*) OVER ()); only a page past the end needs a count.
  const rows = await deps.db
    .select({
      inscriptionId: inscriptions.id,
      rude: students.rude,
      paterno: students.firstLastName,
      materno: students.secondLastName,
      name: students.name,
      gender: students.gender,
      segipId: students.segipId,
      emparejaSereci: students.emparejaSereci,
      removedAt: inscriptions.removedAt,
      registeredAt: titularAssignments.registeredInstitutionId,
      excluded: sql<boolean>`${beneficiaryExclusions.id} IS NOT NULL`,
      blocked: isBlockedSql(inscriptions.id),
      total: sql<number>`(count(*) OVER ())::int`,
    })
    .from(inscriptions)
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .leftJoin(titularAssignments, activeTitular)
    .leftJoin(beneficiaryExclusions, activeExclusion)
    .where(where)
    .orderBy(
      asc(students.firstLastName),
      asc(students.secondLastName),
      asc(students.name),
      asc(inscriptions.id),
    )
    .limit(DEFAULT_PAGE_SIZE)
    .offset(offset);
  const total =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : ((await deps.db.select({ n: sql<number>`count(*)::int` }).from(inscriptions).where(where))[0]?.n ??
        0));
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
