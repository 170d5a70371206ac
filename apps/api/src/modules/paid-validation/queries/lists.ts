/** The lists and the report of the paid validation: titulars with their counts, their students. */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { studentName } from '../../../db/names.js';
import {
  courses,
  inscriptions,
  paidValidations,
  persons,
  students,
  titularAssignments,
} from '../../../db/schema/index.js';
import { isBlockedSql } from '../../blocking/index.js';
import { countColumns, joinUniverse } from './universe.js';

/** The school's teacher and director titulars with their students' counts (one row per person). */
/**
 * `declaredOnly`: the students of the declaration (validated ones): what a consolidated school
 * declared, without bank payments that arrived after it (PAGADO POR BANCO SIN DECLARAR).
 */
export function titularGroups(
  db: Executor,
  sie: number,
  year: number,
  personId?: number,
  declaredOnly = false,
) {
  const grouped = joinUniverse(
    db
      .select({
        personId: titularAssignments.personId,
        // A person is MAESTRO for some students and DIRECTOR for others only by mistake; show the higher.
        holderTypeId: sql<number>`max(${titularAssignments.holderTypeId})::int`.as('holder_type_id'),
        total: countColumns.total.as('total'),
        validated: countColumns.validated.as('validated'),
        delivered: countColumns.delivered.as('delivered'),
        undelivered: countColumns.undelivered.as('undelivered'),
      })
      .from(inscriptions)
      .$dynamic(),
    sie,
    year,
    and(
      personId === undefined ? undefined : eq(titularAssignments.personId, personId),
      declaredOnly ? isNotNull(paidValidations.inscriptionId) : undefined,
    ),
  )
    .groupBy(titularAssignments.personId)
    .as('g');
  return db
    .select({
      personId: grouped.personId,
      holderTypeId: grouped.holderTypeId,
      total: grouped.total,
      validated: grouped.validated,
      delivered: grouped.delivered,
      undelivered: grouped.undelivered,
      carnet: persons.carnet,
      complemento: persons.complemento,
      paterno: persons.firstLastName,
      materno: persons.secondLastName,
      name: persons.name,
    })
    .from(grouped)
    .innerJoin(persons, eq(persons.id, grouped.personId))
    .orderBy(asc(persons.firstLastName), asc(persons.secondLastName), asc(persons.name), asc(persons.id))
    .$dynamic();
}

export type GroupRow = Awaited<ReturnType<ReturnType<typeof titularGroups>['execute']>>[number];

/** A page of the school's teacher and director titulars, with the count of all of them. */
export async function titularsPage(db: Executor, sie: number, year: number, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    titularGroups(db, sie, year).limit(limit).offset(offset),
    joinUniverse(
      db
        .select({ n: sql<number>`count(DISTINCT ${titularAssignments.personId})::int` })
        .from(inscriptions)
        .$dynamic(),
      sie,
      year,
    ),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A page of one titular's students with their validation and block, with the count of all of them. */
export async function titularStudentsPage(
  db: Executor,
  sie: number,
  year: number,
  personId: number,
  limit: number,
  offset: number,
) {
  const mine = eq(titularAssignments.personId, personId);
  const [rows, [count]] = await Promise.all([
    joinUniverse(
      db
        .select({
          inscriptionId: inscriptions.id,
          rude: students.rude,
          paterno: students.firstLastName,
          materno: students.secondLastName,
          name: students.name,
          levelId: courses.levelId,
          gradeId: courses.gradeId,
          isPaid: paidValidations.isPaid,
          blocked: isBlockedSql(inscriptions.id),
        })
        .from(inscriptions)
        .innerJoin(students, eq(students.id, inscriptions.studentId))
        .innerJoin(courses, eq(courses.id, inscriptions.courseId))
        .$dynamic(),
      sie,
      year,
      mine,
    )
      .orderBy(
        asc(students.firstLastName),
        asc(students.secondLastName),
        asc(students.name),
        asc(inscriptions.id),
      )
      .limit(limit)
      .offset(offset),
    joinUniverse(db.select({ n: sql<number>`count(*)::int` }).from(inscriptions).$dynamic(), sie, year, mine),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Every validated student of the school's universe with their titular, by titular then student. */
export function reportStudentRows(db: Executor, sie: number, year: number) {
  return joinUniverse(
    db
      .select({
        titular: sql<string>`trim(${persons.firstLastName} || ' ' || ${persons.secondLastName} || ' ' || ${persons.name})`,
        rude: students.rude,
        student: studentName,
        levelId: courses.levelId,
        gradeId: courses.gradeId,
        isPaid: paidValidations.isPaid,
        observation: paidValidations.observation,
      })
      .from(inscriptions)
      .innerJoin(students, eq(students.id, inscriptions.studentId))
      .innerJoin(courses, eq(courses.id, inscriptions.courseId))
      .$dynamic(),
    sie,
    year,
    // The declaration's students: a bank payment after the consolidation is not in it.
    isNotNull(paidValidations.inscriptionId),
  )
    .innerJoin(persons, eq(persons.id, titularAssignments.personId))
    .orderBy(
      asc(persons.firstLastName),
      asc(persons.secondLastName),
      asc(persons.name),
      asc(persons.id),
      asc(students.firstLastName),
      asc(students.secondLastName),
      asc(students.name),
      asc(inscriptions.id),
    );
}
