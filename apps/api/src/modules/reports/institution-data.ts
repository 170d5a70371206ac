import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  courses,
  holderTypes,
  payments,
  persons,
  studentBonus,
  students,
  titularAssignments,
} from '../../db/schema/index.js';

/**
 * Active (not removed) inscriptions of one school in the programme year: the population of its
 * reports, read from student_bonus (one row per inscription, with its bonus state) so the state is not
 * joined to a second copy of inscriptions.
 */
export const activeOf = (sie: number, year: number): SQL =>
  and(eq(studentBonus.institutionId, sie), eq(studentBonus.year, year), eq(studentBonus.removed, false))!;

/** Students, paid and male counts per course of one school (a school has at most a few thousand rows). */
export function courseFigures(db: Executor, sie: number, year: number) {
  return db
    .select({
      courseId: courses.id,
      levelId: courses.levelId,
      gradeId: courses.gradeId,
      parallelId: courses.parallelId,
      shiftId: courses.shiftId,
      students: sql<number>`count(*)::int`,
      paid: sql<number>`(count(*) FILTER (WHERE ${studentBonus.countsAsPaid}))::int`,
      male: sql<number>`(count(*) FILTER (WHERE ${students.gender} = 1))::int`,
    })
    .from(studentBonus)
    .innerJoin(courses, eq(courses.id, studentBonus.courseId))
    .innerJoin(students, eq(students.id, studentBonus.studentId))
    .where(activeOf(sie, year))
    .groupBy(courses.id)
    .orderBy(courses.levelId, courses.gradeId, courses.parallelId, courses.shiftId);
}

/**
 * Every active student of a school with their titular and payment, in course order then by
 * paterno, materno, name: the rows of 'Reporte Estudiantes-Tutores-Pagados' and its spreadsheet.
 */
export function studentDetails(db: Executor, sie: number, year: number) {
  return db
    .select({
      levelId: courses.levelId,
      gradeId: courses.gradeId,
      parallelId: courses.parallelId,
      shiftId: courses.shiftId,
      rude: students.rude,
      firstLastName: students.firstLastName,
      secondLastName: students.secondLastName,
      name: students.name,
      birthDate: students.birthDate,
      titularCarnet: sql<string | null>`CASE WHEN ${persons.id} IS NULL THEN NULL
        WHEN ${persons.complemento} = '' THEN ${persons.carnet} ELSE ${persons.carnet} || '-' || ${persons.complemento} END`,
      titularName: sql<
        string | null
      >`nullif(trim(concat_ws(' ', ${persons.firstLastName}, ${persons.secondLastName}, ${persons.name})), '')`,
      titularType: holderTypes.name,
      // The one payment truth (student_bonus): a sworn NO PAGADO is not paid whatever the bank says.
      state: studentBonus.state,
      paid: studentBonus.countsAsPaid,
      bankPaid: studentBonus.bankPaid,
      paidOn: studentBonus.paidOn,
      mode: payments.mode,
      bank: payments.bank,
    })
    .from(studentBonus)
    .innerJoin(courses, eq(courses.id, studentBonus.courseId))
    .innerJoin(students, eq(students.id, studentBonus.studentId))
    .leftJoin(
      titularAssignments,
      and(
        eq(titularAssignments.inscriptionId, studentBonus.inscriptionId),
        isNull(titularAssignments.removedAt),
      ),
    )
    .leftJoin(persons, eq(persons.id, titularAssignments.personId))
    .leftJoin(holderTypes, eq(holderTypes.id, titularAssignments.holderTypeId))
    .leftJoin(payments, eq(payments.inscriptionId, studentBonus.inscriptionId))
    .where(activeOf(sie, year))
    .orderBy(
      courses.shiftId,
      courses.levelId,
      courses.gradeId,
      courses.parallelId,
      students.firstLastName,
      students.secondLastName,
      students.name,
      students.id,
    );
}
