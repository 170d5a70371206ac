import { DEFAULT_PAGE_SIZE } from '@bjp/domain';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  courses,
  departments,
  districts,
  holderTypes,
  institutions,
  payments,
  persons,
  studentBonus,
  students,
  titularAssignments,
} from '../../../db/schema/index.js';
import { courseOrder, studentNameOrder } from '../../../db/student-lists.js';
import { holdersDeclaredAt } from '../../declarations/index.js';

/**
 * Active (not removed) inscriptions of one school in the programme year: the population of its
 * reports, read from student_bonus (one row per inscription, with its bonus state) so the state is not
 * joined to a second copy of inscriptions.
 */
const activeOf = (sie: number, year: number): SQL =>
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
    .orderBy(...courseOrder);
}

/**
 * Every active student of a school with their titular and payment, in course order then by
 * paterno, materno, name: the rows of 'Reporte Estudiantes-Tutores-Pagados' and its spreadsheet, in
 * the screen's order (its course list, then each course's filtered table).
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
    .orderBy(...courseOrder, ...studentNameOrder, students.id);
}

/** These schools (id, name, code type) by name. */
export function institutionsByName(db: Executor, ids: number[]) {
  return db
    .select({ id: institutions.id, name: institutions.name, codeType: institutions.codeType })
    .from(institutions)
    .where(inArray(institutions.id, ids))
    .orderBy(institutions.name);
}

/**
 * When the school consolidated its holder list in a closed year: its current holders declaration of
 * that year (decision 040), or null. The school's holders_consolidated_at is the open year's.
 */
export async function holdersDeclaredIn(db: Executor, sie: number, year: number) {
  const [row] = await db
    .select({ at: holdersDeclaredAt(year) })
    .from(institutions)
    .where(eq(institutions.id, sie));
  return row?.at ?? null;
}

/** A school with its district and department names; or undefined. */
export async function institutionWithPlace(db: Executor, sie: number) {
  const [row] = await db
    .select({
      id: institutions.id,
      name: institutions.name,
      codeType: institutions.codeType,
      dependency: institutions.dependency,
      area: institutions.area,
      districtName: districts.name,
      departmentName: departments.name,
      consolidatedAt: institutions.holdersConsolidatedAt,
    })
    .from(institutions)
    .innerJoin(districts, eq(districts.id, institutions.districtId))
    .innerJoin(departments, eq(departments.id, institutions.departmentId))
    .where(eq(institutions.id, sie));
  return row;
}

/**
 * One page of a school's active students (of one course, and matching a RUDE or a name, when asked)
 * with their bonus state and bank, sorted by paterno, materno, nombre; and how many match in all.
 */
export async function studentPaymentPage(
  db: Executor,
  sie: number,
  year: number,
  query: { courseId?: number; search?: string; offset: number },
) {
  const { search, offset } = query;
  const where = and(
    activeOf(sie, year),
    query.courseId ? eq(studentBonus.courseId, query.courseId) : undefined,
    search
      ? sql`(${students.rude} = ${search} OR concat_ws(' ', ${students.firstLastName}, ${students.secondLastName}, ${students.name}) ILIKE ${`%${search.replace(/[\\%_]/g, '')}%`})`
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        rude: students.rude,
        firstLastName: students.firstLastName,
        secondLastName: students.secondLastName,
        name: students.name,
        gender: students.gender,
        state: studentBonus.state,
        paid: studentBonus.countsAsPaid,
        bankPaid: studentBonus.bankPaid,
        bank: payments.bank,
        blocked: studentBonus.blocked,
      })
      .from(studentBonus)
      .innerJoin(students, eq(students.id, studentBonus.studentId))
      .leftJoin(payments, eq(payments.inscriptionId, studentBonus.inscriptionId))
      .where(where)
      .orderBy(...studentNameOrder, asc(students.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(studentBonus)
      .innerJoin(students, eq(students.id, studentBonus.studentId))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
