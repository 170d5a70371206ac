import {
  courseLabel,
  type GuardianStudentsResponse,
  holderMessages,
  holderTypeForRelationship,
  identityValidated,
  PREVIOUS_TITULARS_CAP,
  type PreviousTitularsResult,
  previousTitularMessages,
  previousTitularsMessages,
  siblingMessages,
  siblingRefusal,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { AppError } from '../../lib/errors.js';
import { paidFacts } from '../paid-validation/index.js';
import { type Batch, designateEach } from './batch-designation.js';
import { assertListOpen, type InstitutionFacts, institutionFacts } from './context.js';
import {
  type GuardianStudentRow,
  guardianStudentRows,
  lockBatchInscriptions,
} from './queries/previous-titulars.js';

const staff = (relationshipId: number | null) =>
  relationshipId !== null && holderTypeForRelationship(Number(relationshipId)) !== 1;

/** The rule for one student of whom the person is a guardian (decision 046 as `refuseAlteringPaidDeclaration`). */
function refusalOf(row: GuardianStudentRow, facts: InstitutionFacts, paidConsolidated: boolean) {
  return siblingRefusal({
    removed: row.removed,
    identityValidated: identityValidated({
      segipId: Number(row.segip_id),
      emparejaSereci: row.empareja_sereci,
    }),
    blocked: row.blocked,
    verified: row.verified,
    relationshipId: Number(row.relationship_id),
    codeType: facts.codeType,
    paidDeclared:
      paidConsolidated && (staff(Number(row.relationship_id)) || staff(row.titular_relationship_id)),
  });
}

const studentOf = (row: GuardianStudentRow) => ({
  inscriptionId: Number(row.inscription_id),
  rude: row.rude,
  fullName: row.full_name.replace(/\s+/g, ' '),
  course: courseLabel({
    levelId: Number(row.level_id),
    gradeId: Number(row.grade_id),
    parallelId: Number(row.parallel_id),
  }),
});
const isTitular = (row: GuardianStudentRow, personId: number) => Number(row.titular_person_id) === personId;

/**
 * Siblings (issue 37 §1, decision 062): the school's students of whom the person is an active
 * guardian, each with whether the person is already their titular and why they could not be. The
 * titular modal offers the admitted ones when the person is chosen. 404 when the person is nobody's
 * guardian in this school (the person is checked in the statement that reads the students).
 */
export async function guardianStudents(
  deps: AppDeps,
  sie: number,
  personId: number,
): Promise<GuardianStudentsResponse> {
  const facts = await institutionFacts(deps, deps.db, sie);
  const [found, paid] = await Promise.all([
    guardianStudentRows(deps.db, {
      sie,
      year: facts.year,
      personId,
      ids: null,
      limit: PREVIOUS_TITULARS_CAP,
    }),
    paidFacts(deps.db, sie),
  ]);
  const first = found[0];
  if (!first) throw new AppError('not_found', holderMessages.personNotInSchool);
  return {
    personId,
    fullName: first.person_name.replace(/\s+/g, ' '),
    students: found.map((row) => ({
      ...studentOf(row),
      relationshipName: row.relationship_name,
      isTitular: isTitular(row, personId),
      currentTitular:
        row.titular_name && !isTitular(row, personId) ? row.titular_name.replace(/\s+/g, ' ') : null,
      reason: refusalOf(row, facts, paid.consolidation !== null),
    })),
  };
}

/**
 * The person as titular of every named student (the modal's student and the siblings the director
 * kept checked), in one transaction: the school's lock, the students' locks in one statement that
 * also refuses (404) an id that is not this year's inscription of this school, then the person's
 * guardian rows read for those students — an id of whom the person is not an active guardian is 404
 * too, nothing written. A student the rule refuses, or whose titular the person already is, is
 * reported and left; the others go through `decideAndWrite` like a single 'Registrar'.
 */
export async function designateForStudents(
  b: Batch,
  personId: number,
  ids: number[],
): Promise<PreviousTitularsResult> {
  return b.deps.db.transaction(async (tx) => {
    const facts = await institutionFacts(b.deps, tx, b.sie, { lock: true });
    assertListOpen(facts);
    const locked = new Set(
      (await lockBatchInscriptions(tx, { sie: b.sie, year: facts.year, ids })).map((r) => Number(r.id)),
    );
    const missing = ids.filter((id) => !locked.has(id));
    if (missing.length > 0) throw new AppError('not_found', previousTitularsMessages.notOfSchool(missing));
    const [found, paid] = await Promise.all([
      guardianStudentRows(tx, { sie: b.sie, year: facts.year, personId, ids, limit: ids.length }),
      paidFacts(tx, b.sie),
    ]);
    const byId = new Map(found.map((r) => [Number(r.inscription_id), r]));
    const notGuardian = ids.filter((id) => !byId.has(id));
    if (notGuardian.length > 0) throw new AppError('not_found', siblingMessages.notGuardian(notGuardian));
    const result: PreviousTitularsResult = { designated: 0, notDesignated: [] };
    const targets = [];
    for (const id of ids) {
      const row = byId.get(id)!;
      const reason = isTitular(row, personId)
        ? previousTitularMessages.alreadyTitular
        : refusalOf(row, facts, paid.consolidation !== null);
      if (reason) result.notDesignated.push({ ...studentOf(row), reason });
      else targets.push({ student: { ...studentOf(row), removed: row.removed }, personId });
    }
    if (targets.length > 0) await designateEach(tx, b, facts, targets);
    result.designated = targets.length;
    return result;
  });
}
