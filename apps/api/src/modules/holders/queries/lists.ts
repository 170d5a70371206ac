/** The school's lists: its students with their titular status, its titulars with their students. */
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { studentFullName } from '../../../db/names.js';
import {
  beneficiaryExclusions,
  courses,
  inscriptions,
  persons,
  students,
  titularAssignments,
} from '../../../db/schema/index.js';
import { isBlockedSql } from '../../blocking/index.js';

const activeTitular = and(
  eq(titularAssignments.inscriptionId, inscriptions.id),
  isNull(titularAssignments.removedAt),
);
const activeExclusion = and(
  eq(beneficiaryExclusions.inscriptionId, inscriptions.id),
  isNull(beneficiaryExclusions.removedAt),
);

/** The school's students of `year` counted by titular status: total, removed, registered, excluded. */
export async function studentCounts(db: Executor, sie: number, year: number) {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      removed: sql<number>`count(*) FILTER (WHERE ${inscriptions.removedAt} IS NOT NULL)::int`,
      registered: sql<number>`count(*) FILTER (WHERE ${inscriptions.removedAt} IS NULL AND ${titularAssignments.id} IS NOT NULL)::int`,
      excluded: sql<number>`count(*) FILTER (WHERE ${inscriptions.removedAt} IS NULL AND ${titularAssignments.id} IS NULL AND ${beneficiaryExclusions.id} IS NOT NULL)::int`,
    })
    .from(inscriptions)
    .leftJoin(titularAssignments, activeTitular)
    .leftJoin(beneficiaryExclusions, activeExclusion)
    .where(and(eq(inscriptions.institutionId, sie), eq(inscriptions.year, year)));
  return counts;
}

/**
 * One page of the school's (or a course's) students of `year`, by surnames and name, each with its
 * titular, exclusion and block, and the total: in one round trip (count(*) OVER ()); only a page past
 * the end needs a count.
 */
export async function studentPage(
  db: Executor,
  sie: number,
  year: number,
  course: number | undefined,
  limit: number,
  offset: number,
) {
  const where: SQL = and(
    eq(inscriptions.institutionId, sie),
    eq(inscriptions.year, year),
    course ? eq(inscriptions.courseId, course) : undefined,
  )!;
  const rows = await db
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
    .limit(limit)
    .offset(offset);
  const total =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : ((await db.select({ n: sql<number>`count(*)::int` }).from(inscriptions).where(where))[0]?.n ?? 0));
  return { rows, total };
}

/** The school's current titulars with the students they collect for here. */
const titularsOf = (sie: number, year: number) =>
  and(
    isNull(titularAssignments.removedAt),
    eq(inscriptions.institutionId, sie),
    eq(inscriptions.year, year),
    isNull(inscriptions.removedAt),
  );

/** A page of the school's current titulars (of one holder type when given) with their counts, and the total. */
export async function titularsPage(
  db: Executor,
  sie: number,
  year: number,
  holderType: number | undefined,
  limit: number,
  offset: number,
) {
  const where = and(
    titularsOf(sie, year),
    holderType ? eq(titularAssignments.holderTypeId, holderType) : undefined,
  );
  const grouped = db
    .select({
      personId: titularAssignments.personId,
      holderTypeId: titularAssignments.holderTypeId,
      total: sql<number>`count(*)::int`.as('total'),
      validated: sql<number>`count(${titularAssignments.validatedAt})::int`.as('validated'),
    })
    .from(titularAssignments)
    .innerJoin(inscriptions, eq(inscriptions.id, titularAssignments.inscriptionId))
    .where(where)
    .groupBy(titularAssignments.personId, titularAssignments.holderTypeId)
    .as('g');
  const [rows, [count]] = await Promise.all([
    db
      .select({
        holderTypeId: grouped.holderTypeId,
        total: grouped.total,
        validated: grouped.validated,
        p: persons,
      })
      .from(grouped)
      .innerJoin(persons, eq(persons.id, grouped.personId))
      .orderBy(
        desc(grouped.holderTypeId),
        asc(persons.firstLastName),
        asc(persons.secondLastName),
        asc(persons.name),
        asc(persons.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(grouped),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The students one titular collects for in the school (at most 500), by surnames and name. */
export function titularStudentRows(db: Executor, sie: number, year: number, personId: number) {
  return db
    .select({
      inscriptionId: inscriptions.id,
      rude: students.rude,
      fullName: studentFullName,
      levelId: courses.levelId,
      gradeId: courses.gradeId,
      parallelId: courses.parallelId,
      validated: sql<boolean>`${titularAssignments.validatedAt} IS NOT NULL`,
    })
    .from(titularAssignments)
    .innerJoin(inscriptions, eq(inscriptions.id, titularAssignments.inscriptionId))
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .innerJoin(courses, eq(courses.id, inscriptions.courseId))
    .where(and(titularsOf(sie, year), eq(titularAssignments.personId, personId)))
    .orderBy(asc(students.firstLastName), asc(students.secondLastName), asc(students.name))
    .limit(500);
}

/**
 * Confirms every current student of the titular in the school's `year` not yet confirmed; the
 * inscriptions confirmed now and the count of the titular's current students.
 */
export async function validateTitularRows(
  tx: Executor,
  sie: number,
  year: number,
  personId: number,
  at: Date,
  userId: number,
) {
  const mine = sql`${titularAssignments.inscriptionId} IN (SELECT id FROM ${inscriptions} WHERE institution_id = ${sie} AND year = ${year} AND removed_at IS NULL)`;
  const active = and(eq(titularAssignments.personId, personId), isNull(titularAssignments.removedAt), mine);
  const updated = await tx
    .update(titularAssignments)
    .set({ validatedAt: at, validatedBy: userId })
    .where(and(active, isNull(titularAssignments.validatedAt)))
    .returning({ inscriptionId: titularAssignments.inscriptionId });
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(titularAssignments).where(active);
  return { updated, current: count?.n ?? 0 };
}
