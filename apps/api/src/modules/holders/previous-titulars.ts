import {
  courseLabel,
  holderTypeForRelationship,
  identityValidated,
  PREVIOUS_TITULARS_CAP,
  type PreviousTitularsResult,
  type PreviousTitularsReview,
  type PreviousTitularsRow,
  previousTitularExclusion,
  previousTitularMessages,
  previousTitularsMessages,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { paidFacts } from '../paid-validation/index.js';
import { type Batch, designateEach } from './batch-designation.js';
import { assertListOpen, type InstitutionFacts, institutionFacts } from './context.js';
import {
  attachPreviousTitularGuardians,
  type LockedStudentRow,
  lockBatchInscriptions,
  type PreviousTitularCandidateRow,
  previousTitularCandidateRows,
} from './queries/previous-titulars.js';
import type { PreviousTitularRow } from './queries/previous-year.js';

/** The rule's view of one row read by `previousTitularCandidateRows`. */
function exclusionOf(
  row: PreviousTitularCandidateRow,
  facts: InstitutionFacts,
  paidConsolidated: boolean,
  today: string,
) {
  const relationshipId = Number(row.relationship_id);
  return previousTitularExclusion(
    {
      removed: row.removed,
      identityValidated: identityValidated({
        segipId: Number(row.segip_id),
        emparejaSereci: row.empareja_sereci,
      }),
      blocked: row.blocked,
      titularPersonId: row.titular_person_id === null ? null : Number(row.titular_person_id),
      declaredWithout: row.declared_without,
      guardianRemoved: row.guardian_removed,
      paidDeclared: paidConsolidated && holderTypeForRelationship(relationshipId) !== 1,
      personId: Number(row.person_id),
      birthDate: row.birth_date,
      verified: row.verified,
      relationshipId,
    },
    { codeType: facts.codeType, today },
  );
}

const courseOf = (row: { level_id: number; grade_id: number; parallel_id: number }) =>
  courseLabel({
    levelId: Number(row.level_id),
    gradeId: Number(row.grade_id),
    parallelId: Number(row.parallel_id),
  });

const studentOf = (row: LockedStudentRow | PreviousTitularCandidateRow) => ({
  inscriptionId: Number('inscription_id' in row ? row.inscription_id : row.id),
  rude: row.rude,
  fullName: row.full_name.replace(/\s+/g, ' '),
  course: courseOf(row),
});

function reviewRow(row: PreviousTitularCandidateRow, reason: string | null): PreviousTitularsRow {
  return {
    ...studentOf(row),
    titular: {
      personId: Number(row.person_id),
      carnet: row.carnet,
      complemento: row.complemento,
      fullName: row.person_name.replace(/\s+/g, ' '),
      relationshipName: row.relationship_name,
    },
    reason,
  };
}

/**
 * The review list of 'Titulares de la gestión anterior': the school's returning students whose
 * previous year's titular is known, split by the rule into those one confirmation designates and
 * the exceptions with their reason. Those already designated are only counted. Whole, up to the cap.
 */
export async function previousTitularsReview(deps: AppDeps, sie: number): Promise<PreviousTitularsReview> {
  const facts = await institutionFacts(deps, deps.db, sie);
  const [found, paid] = await Promise.all([
    previousTitularCandidateRows(deps.db, {
      sie,
      year: facts.year,
      ids: null,
      limit: PREVIOUS_TITULARS_CAP + 1,
    }),
    paidFacts(deps.db, sie),
  ]);
  const today = deps.clock.today();
  const review: PreviousTitularsReview = {
    year: facts.year - 1,
    eligible: [],
    excluded: [],
    alreadyDesignated: 0,
    truncated: found.length > PREVIOUS_TITULARS_CAP,
  };
  for (const row of found.slice(0, PREVIOUS_TITULARS_CAP)) {
    const reason = exclusionOf(row, facts, paid.consolidation !== null, today);
    if (reason === previousTitularMessages.alreadyTitular) review.alreadyDesignated += 1;
    else if (reason === null) review.eligible.push(reviewRow(row, null));
    else review.excluded.push(reviewRow(row, reason));
  }
  return review;
}

/**
 * 'Designar N titulares': the named students of the review list, each given last year's titular in
 * one transaction. Under the school's lock and the students' (taken in one statement, which also
 * refuses with 404 any id that is not this year's inscription of this school), the candidates are
 * read again and the rule applied to each: a student it now excludes is reported with the reason and
 * left as they are; every other one joins their guardians (audited) and goes through the single
 * designation's `decideAndWrite`, with its checks, its decision-046 guard and its audit row. Any
 * failure takes the whole batch back.
 */
export async function designatePreviousTitulars(b: Batch, ids: number[]): Promise<PreviousTitularsResult> {
  return b.deps.db.transaction(async (tx) => {
    const facts = await institutionFacts(b.deps, tx, b.sie, { lock: true });
    assertListOpen(facts);
    const locked = new Map(
      (await lockBatchInscriptions(tx, { sie: b.sie, year: facts.year, ids })).map((r) => [Number(r.id), r]),
    );
    const missing = ids.filter((id) => !locked.has(id));
    if (missing.length > 0) throw new AppError('not_found', previousTitularsMessages.notOfSchool(missing));
    // Read after the locks were granted (their own statement): READ COMMITTED shows what a batch
    // or a single designation that held them has committed.
    const [found, paid] = await Promise.all([
      previousTitularCandidateRows(tx, { sie: b.sie, year: facts.year, ids, limit: ids.length }),
      paidFacts(tx, b.sie),
    ]);
    const today = b.deps.clock.today();
    const byId = new Map(found.map((r) => [Number(r.inscription_id), r]));
    const result: PreviousTitularsResult = { designated: 0, notDesignated: [] };
    const eligible: PreviousTitularCandidateRow[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) {
        result.notDesignated.push({ ...studentOf(locked.get(id)!), reason: previousTitularMessages.none });
        continue;
      }
      const reason = exclusionOf(row, facts, paid.consolidation !== null, today);
      if (reason) result.notDesignated.push({ ...studentOf(row), reason });
      else eligible.push(row);
    }
    if (eligible.length === 0) return result;
    await designateAll(tx, b, facts, eligible);
    result.designated = eligible.length;
    return result;
  });
}

/** Joins the titulars that are not guardians yet, then one decision per student (batch-designation.ts). */
async function designateAll(
  tx: Executor,
  b: Batch,
  facts: InstitutionFacts,
  eligible: PreviousTitularCandidateRow[],
) {
  const toAttach = eligible.filter((r) => r.guardian_id === null);
  if (toAttach.length > 0) {
    const attached = await attachPreviousTitularGuardians(tx, {
      now: b.deps.clock.now(),
      userId: b.user.id,
      ip: b.ip,
      rows: toAttach.map((r) => ({
        inscriptionId: Number(r.inscription_id),
        personId: Number(r.person_id),
        relationshipId: Number(r.relationship_id),
        previousYear: Number(r.previous_year),
      })),
    });
    // Under the students' locks nobody else adds them; a shortfall would be a broken assumption.
    if (attached.length !== toAttach.length)
      throw new AppError('conflict', previousTitularsMessages.guardianRemoved);
  }
  const byId = new Map(eligible.map((r) => [Number(r.inscription_id), r]));
  await designateEach(
    tx,
    b,
    facts,
    eligible.map((row) => ({
      student: { ...studentOf(row), removed: row.removed },
      personId: Number(row.person_id),
    })),
    (id) => previousRowOf(byId.get(id)!),
  );
}

/** What the modal would show as last year's titular, from the candidate row. */
function previousRowOf(p: PreviousTitularCandidateRow): PreviousTitularRow {
  return {
    year: Number(p.previous_year),
    person_id: Number(p.person_id),
    carnet: p.carnet,
    complemento: p.complemento,
    paterno: '',
    materno: '',
    name: p.person_name,
    birth_date: p.birth_date,
    verified: p.verified,
    relationship_id: Number(p.relationship_id),
    relationship_name: p.relationship_name,
  };
}
