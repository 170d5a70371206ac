/** The Kardex area's SQL: a student's whole history and the student search. */
import { DEFAULT_PAGE_SIZE } from '@bjp/domain';
import { and, asc, desc, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../auth/access.js';
import { scopeCondition } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import {
  beneficiaryRemovals,
  courses,
  declarations,
  inscriptions,
  institutions,
  paymentLedger,
  payments,
  persons,
  relationships,
  sereciValidations,
  studentBlocks,
  studentBonus,
  students,
  syncBatches,
  syncBatchItems,
  titularAdjustments,
  titularAssignments,
} from '../../db/schema/index.js';

/** The condition keeping a school inside the caller's place (undefined: national). */
const schoolInPlace = (user: AuthUser) =>
  scopeCondition(user, {
    department: institutions.departmentId,
    district: institutions.districtId,
    institution: institutions.id,
  });

/** The student with this RUDE (all columns), or undefined. */
export async function studentRowByRude(db: Executor, rude: string) {
  const [student] = await db.select().from(students).where(eq(students.rude, rude));
  return student;
}

/**
 * The student's inscriptions (with their bonus state) whose school is in the caller's place, oldest
 * first; `placeBound` tells whether the caller is limited to a place at all.
 */
export async function kardexInscriptions(db: Executor, user: AuthUser, studentId: number) {
  const place = schoolInPlace(user);
  const enrolled = await db
    .select({
      id: studentBonus.inscriptionId,
      year: studentBonus.year,
      institution: institutions.name,
      institutionId: institutions.id,
      levelId: courses.levelId,
      gradeId: courses.gradeId,
      parallelId: courses.parallelId,
      removedAt: studentBonus.removedAt,
      bonusState: studentBonus.state,
    })
    .from(studentBonus)
    .innerJoin(institutions, eq(institutions.id, studentBonus.institutionId))
    .innerJoin(courses, eq(courses.id, studentBonus.courseId))
    .where(and(eq(studentBonus.studentId, studentId), place))
    .orderBy(asc(studentBonus.year));
  return { enrolled, placeBound: place !== undefined };
}

type Enrolled = Awaited<ReturnType<typeof kardexInscriptions>>['enrolled'];

/**
 * The rest of the student's history, read in parallel: titulars, SERECI validations, blocks, payments,
 * sync changes, adjustments, removals and the declarations of the schools and years enrolled.
 */
export function kardexHistory(db: Executor, studentId: number, enrolled: Enrolled, placeBound: boolean) {
  const ids = enrolled.length > 0 ? enrolled.map((i) => i.id) : [-1];
  // Student-wide rows that carry an inscription are kept to the inscriptions in the caller's place.
  const ownInscriptions = (column: AnyPgColumn) => (placeBound ? inArray(column, ids) : undefined);
  const schoolYears: SQL[] = enrolled.map(
    (i) => and(eq(declarations.institutionId, i.institutionId), eq(declarations.year, i.year))!,
  );
  return Promise.all([
    db
      .select({ t: titularAssignments, p: persons, relationship: relationships.name })
      .from(titularAssignments)
      .innerJoin(persons, eq(persons.id, titularAssignments.personId))
      .innerJoin(relationships, eq(relationships.id, titularAssignments.relationshipId))
      .where(inArray(titularAssignments.inscriptionId, ids))
      .orderBy(asc(titularAssignments.createdAt)),
    db.select().from(sereciValidations).where(eq(sereciValidations.studentId, studentId)),
    db
      .select()
      .from(studentBlocks)
      .where(and(eq(studentBlocks.studentId, studentId), ownInscriptions(studentBlocks.inscriptionId)))
      .orderBy(asc(studentBlocks.blockedAt)),
    db.select().from(payments).where(inArray(payments.inscriptionId, ids)),
    db
      .select()
      .from(paymentLedger)
      .where(inArray(paymentLedger.inscriptionId, ids))
      .orderBy(asc(paymentLedger.id)),
    db
      .select({ day: syncBatches.day, kind: syncBatchItems.kind, description: syncBatchItems.description })
      .from(syncBatchItems)
      .innerJoin(syncBatches, eq(syncBatches.id, syncBatchItems.batchId))
      .where(and(eq(syncBatchItems.studentId, studentId), ownInscriptions(syncBatchItems.inscriptionId)))
      .orderBy(asc(syncBatchItems.id))
      .limit(200),
    db
      .select()
      .from(titularAdjustments)
      .where(inArray(titularAdjustments.inscriptionId, ids))
      .orderBy(asc(titularAdjustments.createdAt), asc(titularAdjustments.id)),
    db
      .select()
      .from(beneficiaryRemovals)
      .where(inArray(beneficiaryRemovals.inscriptionId, ids))
      .orderBy(asc(beneficiaryRemovals.createdAt)),
    schoolYears.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: declarations.id,
            year: declarations.year,
            institutionId: declarations.institutionId,
            kind: declarations.kind,
            version: declarations.version,
            consolidatedAt: declarations.consolidatedAt,
            consolidatedBy: declarations.consolidatedByName,
            verificationCode: declarations.verificationCode,
            supersededAt: declarations.supersededAt,
          })
          .from(declarations)
          .where(or(...schoolYears))
          .orderBy(asc(declarations.consolidatedAt), asc(declarations.id)),
  ]);
}

const escapeLike = (value: string) => value.replace(/[%_\\]/g, '\\$&');
const studentName = sql<string>`trim(${students.firstLastName} || ' ' || ${students.secondLastName} || ' ' || ${students.name})`;

/** A RUDE's start (codes have no spaces) or every word of the text somewhere in the name. */
function matches(q: string): SQL {
  const words = q.split(/\s+/).filter(Boolean);
  const byName = and(...words.map((w) => ilike(studentName, `%${escapeLike(w)}%`)))!;
  return words.length === 1 ? or(like(students.rude, `${escapeLike(q.toUpperCase())}%`), byName)! : byName;
}

/**
 * A page of the students matching `q` with an inscription in a school of the caller's place, each once
 * with its latest such inscription, by name, with the total.
 */
export async function studentSearchPage(db: Executor, user: AuthUser, q: string, page: number) {
  const found = db
    .selectDistinctOn([students.id], {
      rude: sql<string>`${students.rude}`.as('rude'),
      name: sql<string>`${studentName}`.as('student_name'),
      birthDate: sql<string>`${students.birthDate}`.as('birth_date'),
      year: sql<number>`${inscriptions.year}`.as('year'),
      institutionId: sql<number>`${institutions.id}`.as('institution_id'),
      institution: sql<string>`${institutions.name}`.as('institution'),
    })
    .from(students)
    .innerJoin(inscriptions, sql`${inscriptions.studentId} = ${students.id}`)
    .innerJoin(institutions, sql`${institutions.id} = ${inscriptions.institutionId}`)
    .where(and(matches(q), schoolInPlace(user)))
    .orderBy(students.id, desc(inscriptions.year))
    .as('found');
  const rows = await db
    .select({
      rude: found.rude,
      name: found.name,
      birthDate: found.birthDate,
      year: found.year,
      institutionId: found.institutionId,
      institution: found.institution,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(found)
    .orderBy(found.name, found.rude)
    .limit(DEFAULT_PAGE_SIZE)
    .offset((page - 1) * DEFAULT_PAGE_SIZE);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [all] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(found);
    total = all?.n ?? 0;
  }
  return { rows, total };
}
