/**
 * The batch of last year's titulars (issue 37 §1, decision 062): every statement reads or writes the
 * whole set at once, so a 1,500-student school costs a handful of round trips besides one write per
 * designation, and each inscription id is checked against the school in the statement that reads it.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { rows } from '../../../db/rows.js';
import {
  beneficiaryExclusions,
  guardians,
  inscriptions,
  persons,
  relationships,
  titularAssignments,
} from '../../../db/schema/index.js';
import { isBlockedSql } from '../../blocking/index.js';

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

export type PreviousTitularCandidateRow = {
  inscription_id: number;
  rude: string;
  full_name: string;
  level_id: number;
  grade_id: number;
  parallel_id: number;
  removed: boolean;
  segip_id: number;
  empareja_sereci: boolean;
  blocked: boolean;
  previous_year: number;
  person_id: number;
  carnet: string;
  complemento: string;
  person_name: string;
  birth_date: string;
  verified: boolean;
  relationship_id: number;
  relationship_name: string;
  titular_person_id: number | null;
  declared_without: boolean;
  guardian_id: number | null;
  guardian_removed: boolean;
};

/**
 * The school's inscriptions of `year` (all, or those of `ids`) whose student had an active titular in
 * the year before — the same look-up as the modal's `previousTitularRow`, for the whole set — with
 * what the rule needs: the student's state, last year's titular as the person is now, this year's
 * titular and exclusion, and the same person's guardian row of this year if any. In the order of
 * the student list (course, then name), at most `limit` rows.
 */
export function previousTitularCandidateRows(
  db: Executor,
  q: { sie: number; year: number; ids: readonly number[] | null; limit: number },
) {
  return rows<PreviousTitularCandidateRow>(
    db,
    sql`SELECT n.id AS inscription_id, s.rude,
          trim(s.first_last_name || ' ' || s.second_last_name || ' ' || s.name) AS full_name,
          c.level_id, c.grade_id, c.parallel_id, n.removed_at IS NOT NULL AS removed, s.segip_id,
          s.empareja_sereci, ${isBlockedSql(sql`n.id`)} AS blocked,
          prev.year AS previous_year, p.id AS person_id, p.carnet, p.complemento,
          trim(p.first_last_name || ' ' || p.second_last_name || ' ' || p.name) AS person_name,
          p.birth_date::text AS birth_date, p.segip_verified_at IS NOT NULL AS verified,
          prev.relationship_id, r.name AS relationship_name,
          cur.person_id AS titular_person_id,
          EXISTS (SELECT 1 FROM beneficiary_exclusions x
                  WHERE x.inscription_id = n.id AND x.removed_at IS NULL) AS declared_without,
          g.id AS guardian_id, coalesce(g.removed_at IS NOT NULL, false) AS guardian_removed
        FROM inscriptions n
        JOIN students s ON s.id = n.student_id
        JOIN courses c ON c.id = n.course_id
        JOIN LATERAL (
          SELECT pn.year, a.person_id, a.relationship_id
          FROM inscriptions pn
          JOIN titular_assignments a ON a.inscription_id = pn.id AND a.removed_at IS NULL
          WHERE pn.student_id = n.student_id AND pn.year = n.year - 1
          LIMIT 1
        ) prev ON true
        JOIN persons p ON p.id = prev.person_id
        JOIN relationships r ON r.id = prev.relationship_id
        LEFT JOIN titular_assignments cur ON cur.inscription_id = n.id AND cur.removed_at IS NULL
        LEFT JOIN guardians g ON g.inscription_id = n.id AND g.person_id = p.id
        WHERE n.institution_id = ${q.sie} AND n.year = ${q.year}
          ${q.ids ? sql`AND n.id = ANY(${intArray(q.ids)})` : sql``}
        ORDER BY c.level_id, c.grade_id, c.parallel_id, full_name, n.id
        LIMIT ${q.limit}`,
  );
}

export type LockedStudentRow = {
  id: number;
  rude: string;
  full_name: string;
  level_id: number;
  grade_id: number;
  parallel_id: number;
};

/**
 * Locks the named inscriptions of the school's `year` FOR UPDATE, in id order (two batches, or a
 * batch and single changes, then wait for each other instead of deadlocking), and answers the
 * students found: an id of another school or year is simply not among them.
 */
export function lockBatchInscriptions(
  tx: Executor,
  q: { sie: number; year: number; ids: readonly number[] },
) {
  return rows<LockedStudentRow>(
    tx,
    sql`SELECT n.id, s.rude, trim(s.first_last_name || ' ' || s.second_last_name || ' ' || s.name) AS full_name,
          c.level_id, c.grade_id, c.parallel_id
        FROM inscriptions n
        JOIN students s ON s.id = n.student_id
        JOIN courses c ON c.id = n.course_id
        WHERE n.institution_id = ${q.sie} AND n.year = ${q.year} AND n.id = ANY(${intArray(q.ids)})
        ORDER BY n.id
        FOR UPDATE OF n`,
  );
}

/**
 * Joins last year's titulars to this year's guardians of their students, with last year's
 * relationship, and writes one 'holders.guardian.add' audit row each — the rows the single 'Elegir'
 * writes (titular.ts), in one statement. Only for persons who were never this year's guardians of
 * that student (the rule left out the removed ones), so nothing conflicts under the locks.
 */
export function attachPreviousTitularGuardians(
  tx: Executor,
  g: {
    now: Date;
    userId: number;
    ip: string;
    rows: Array<{ inscriptionId: number; personId: number; relationshipId: number; previousYear: number }>;
  },
) {
  const col = (pick: (r: (typeof g.rows)[number]) => number) => intArray(g.rows.map(pick));
  return rows<{ inscription_id: number; guardian_id: number }>(
    tx,
    sql`WITH wanted AS (
          SELECT * FROM unnest(${col((r) => r.inscriptionId)}, ${col((r) => r.personId)},
            ${col((r) => r.relationshipId)}, ${col((r) => r.previousYear)})
            AS w(inscription_id, person_id, relationship_id, previous_year)
        ), added AS (
          INSERT INTO guardians (inscription_id, person_id, relationship_id, created_at, created_by)
          SELECT inscription_id, person_id, relationship_id, ${g.now}::timestamptz, ${g.userId}::int
          FROM wanted ORDER BY inscription_id
          ON CONFLICT (inscription_id, person_id) DO NOTHING
          RETURNING id, inscription_id, person_id, relationship_id
        ), audit AS (
          INSERT INTO audit_log (user_id, action, entity, entity_id, before, after, ip)
          SELECT ${g.userId}::int, 'holders.guardian.add', 'inscription', a.inscription_id::text, NULL,
            jsonb_build_object('guardianId', a.id, 'personId', a.person_id,
              'relationshipId', a.relationship_id, 'previousYear', w.previous_year),
            ${g.ip}::text
          FROM added a JOIN wanted w ON w.inscription_id = a.inscription_id AND w.person_id = a.person_id
          ORDER BY a.inscription_id
        )
        SELECT inscription_id, id AS guardian_id FROM added`,
  );
}

/**
 * The titular state of each named inscription of the school (the rows of `titularStateRows`, for the
 * whole set): active titular, open exclusion, active guardians with their persons, in the modal's order.
 */
export function titularStateRowsOf(db: Executor, sie: number, ids: readonly number[]) {
  return db
    .select({
      inscriptionId: inscriptions.id,
      titular: {
        id: titularAssignments.id,
        personId: titularAssignments.personId,
        relationshipId: titularAssignments.relationshipId,
        registeredInstitutionId: titularAssignments.registeredInstitutionId,
      },
      exclusionId: beneficiaryExclusions.id,
      guardian: guardians,
      person: persons,
      relationshipName: relationships.name,
    })
    .from(inscriptions)
    .leftJoin(
      titularAssignments,
      and(eq(titularAssignments.inscriptionId, inscriptions.id), isNull(titularAssignments.removedAt)),
    )
    .leftJoin(
      beneficiaryExclusions,
      and(eq(beneficiaryExclusions.inscriptionId, inscriptions.id), isNull(beneficiaryExclusions.removedAt)),
    )
    .leftJoin(guardians, and(eq(guardians.inscriptionId, inscriptions.id), isNull(guardians.removedAt)))
    .leftJoin(persons, eq(persons.id, guardians.personId))
    .leftJoin(relationships, eq(relationships.id, guardians.relationshipId))
    .where(and(eq(inscriptions.institutionId, sie), sql`${inscriptions.id} = ANY(${intArray(ids)})`))
    .orderBy(asc(inscriptions.id), asc(guardians.createdAt), asc(guardians.id));
}

export type GuardianStudentRow = {
  inscription_id: number;
  rude: string;
  full_name: string;
  level_id: number;
  grade_id: number;
  parallel_id: number;
  removed: boolean;
  segip_id: number;
  empareja_sereci: boolean;
  blocked: boolean;
  guardian_id: number;
  relationship_id: number;
  relationship_name: string;
  verified: boolean;
  person_name: string;
  titular_person_id: number | null;
  titular_relationship_id: number | null;
  titular_name: string | null;
};

/**
 * Siblings (decision 062): the school's inscriptions of `year` (all, or those of `ids`) of which the
 * person is an active guardian, through the guardians' person index, with what the rule needs and
 * the current titular. A person who is nobody's guardian here answers no row.
 */
export function guardianStudentRows(
  db: Executor,
  q: { sie: number; year: number; personId: number; ids: readonly number[] | null; limit: number },
) {
  return rows<GuardianStudentRow>(
    db,
    sql`SELECT n.id AS inscription_id, s.rude,
          trim(s.first_last_name || ' ' || s.second_last_name || ' ' || s.name) AS full_name,
          c.level_id, c.grade_id, c.parallel_id, n.removed_at IS NOT NULL AS removed, s.segip_id,
          s.empareja_sereci, ${isBlockedSql(sql`n.id`)} AS blocked,
          g.id AS guardian_id, g.relationship_id, r.name AS relationship_name,
          p.segip_verified_at IS NOT NULL AS verified,
          trim(p.first_last_name || ' ' || p.second_last_name || ' ' || p.name) AS person_name,
          cur.person_id AS titular_person_id, cur.relationship_id AS titular_relationship_id,
          trim(cp.first_last_name || ' ' || cp.second_last_name || ' ' || cp.name) AS titular_name
        FROM guardians g
        JOIN inscriptions n ON n.id = g.inscription_id AND n.institution_id = ${q.sie} AND n.year = ${q.year}
        JOIN students s ON s.id = n.student_id
        JOIN courses c ON c.id = n.course_id
        JOIN persons p ON p.id = g.person_id
        JOIN relationships r ON r.id = g.relationship_id
        LEFT JOIN titular_assignments cur ON cur.inscription_id = n.id AND cur.removed_at IS NULL
        LEFT JOIN persons cp ON cp.id = cur.person_id
        WHERE g.person_id = ${q.personId} AND g.removed_at IS NULL
          ${q.ids ? sql`AND n.id = ANY(${intArray(q.ids)})` : sql``}
        ORDER BY c.level_id, c.grade_id, c.parallel_id, full_name, n.id
        LIMIT ${q.limit}`,
  );
}
