import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  courses,
  departments,
  districts,
  inscriptions,
  institutions,
  levels,
  persons,
  relationships,
  shifts,
  studentBlocks,
  students,
  titularAssignments,
} from '../../db/schema/index.js';
import { courseOrder } from '../../db/student-lists.js';

/** The structure area's SQL: institutions, their courses and the current student by RUDE. */

/** Where the student's inscription must be: any school, one school, or one department's schools. */
export type StudentPlace = { institutionId?: number; departmentId?: number };

/** A student with this programme year's inscription, its school and course, and who collects now. */
export type CurrentStudent = {
  studentId: number;
  rude: string;
  firstLastName: string;
  secondLastName: string;
  name: string;
  /** Last names then name, blanks collapsed. */
  fullName: string;
  birthDate: string;
  inscriptionId: number;
  institutionId: number;
  institutionName: string;
  levelId: number;
  gradeId: number;
  parallelId: number;
  removedAt: Date | null;
  titular: {
    assignmentId: number;
    personId: number;
    carnet: string;
    complemento: string;
    /** Last names then name, blanks collapsed. */
    fullName: string;
    relationshipName: string;
  } | null;
  /** The inscription's open block (at most one), if any. */
  openBlock: { id: number; blockedAt: Date; observation: string } | null;
};

const programmeYear = sql`(SELECT year FROM programme_settings WHERE id = 1)`;
const fullName = (t: { firstLastName: unknown; secondLastName: unknown; name: unknown }) =>
  sql<string>`trim(regexp_replace(${t.firstLastName} || ' ' || ${t.secondLastName} || ' ' || ${t.name}, '\\s+', ' ', 'g'))`;

/**
 * The student by RUDE (unique) with this programme year's inscription (one per year) in `place`, its
 * school and course, the titular assignment still open and the open block, if any. Null when the RUDE is unknown or
 * has no inscription this year there. The one read of a student by RUDE that removals, adjustments and
 * blocking start from; each adds what only it needs by the inscription id.
 */
export async function currentStudentByRude(
  db: Executor,
  rude: string,
  place: StudentPlace = {},
): Promise<CurrentStudent | null> {
  const inPlace: SQL[] = [];
  if (place.institutionId !== undefined) inPlace.push(eq(inscriptions.institutionId, place.institutionId));
  if (place.departmentId !== undefined) inPlace.push(eq(institutions.departmentId, place.departmentId));
  const [row] = await db
    .select({
      studentId: students.id,
      rude: students.rude,
      firstLastName: students.firstLastName,
      secondLastName: students.secondLastName,
      name: students.name,
      fullName: fullName(students),
      birthDate: students.birthDate,
      inscriptionId: inscriptions.id,
      institutionId: inscriptions.institutionId,
      institutionName: institutions.name,
      levelId: courses.levelId,
      gradeId: courses.gradeId,
      parallelId: courses.parallelId,
      removedAt: inscriptions.removedAt,
      assignmentId: titularAssignments.id,
      personId: persons.id,
      carnet: persons.carnet,
      complemento: persons.complemento,
      titularName: fullName(persons),
      relationshipName: relationships.name,
      blockId: studentBlocks.id,
      blockedAt: studentBlocks.blockedAt,
      observation: studentBlocks.observation,
    })
    .from(students)
    .innerJoin(
      inscriptions,
      and(eq(inscriptions.studentId, students.id), sql`${inscriptions.year} = ${programmeYear}`),
    )
    .innerJoin(institutions, eq(institutions.id, inscriptions.institutionId))
    .innerJoin(courses, eq(courses.id, inscriptions.courseId))
    .leftJoin(
      titularAssignments,
      and(eq(titularAssignments.inscriptionId, inscriptions.id), isNull(titularAssignments.removedAt)),
    )
    .leftJoin(persons, eq(persons.id, titularAssignments.personId))
    .leftJoin(relationships, eq(relationships.id, titularAssignments.relationshipId))
    .leftJoin(
      studentBlocks,
      and(eq(studentBlocks.inscriptionId, inscriptions.id), isNull(studentBlocks.unblockedAt)),
    )
    .where(and(eq(students.rude, rude), ...inPlace))
    .limit(1);
  if (!row) return null;
  const {
    assignmentId,
    personId,
    carnet,
    complemento,
    titularName,
    relationshipName,
    blockId,
    blockedAt,
    observation,
    ...student
  } = row;
  return {
    ...student,
    openBlock:
      blockId !== null && blockedAt && observation !== null ? { id: blockId, blockedAt, observation } : null,
    titular:
      assignmentId !== null && personId !== null
        ? {
            assignmentId,
            personId,
            carnet: carnet ?? '',
            complemento: complemento ?? '',
            fullName: titularName,
            relationshipName: relationshipName ?? '',
          }
        : null,
  };
}

/** An institution with its district's and department's names, or undefined when the SIE is unknown. */
export async function institutionRow(db: Executor, sie: number) {
  const [row] = await db
    .select({
      sie: institutions.id,
      name: institutions.name,
      codeType: institutions.codeType,
      subsystem: institutions.subsystem,
      districtId: institutions.districtId,
      districtName: districts.name,
      departmentId: institutions.departmentId,
      departmentName: departments.name,
    })
    .from(institutions)
    .innerJoin(districts, eq(districts.id, institutions.districtId))
    .innerJoin(departments, eq(departments.id, institutions.departmentId))
    .where(eq(institutions.id, sie));
  return row;
}

/** The school's courses of `year` with level and shift names and their enrolment, in grade, parallel and shift order. */
export function courseRows(db: Executor, sie: number, year: number) {
  return db
    .select({
      courseId: courses.id,
      levelId: courses.levelId,
      levelName: levels.name,
      gradeId: courses.gradeId,
      parallelId: courses.parallelId,
      shiftId: courses.shiftId,
      shiftName: shifts.name,
      students: count(inscriptions.id),
    })
    .from(courses)
    .innerJoin(levels, eq(levels.id, courses.levelId))
    .innerJoin(shifts, eq(shifts.id, courses.shiftId))
    .leftJoin(inscriptions, eq(inscriptions.courseId, courses.id))
    .where(and(eq(courses.institutionId, sie), eq(courses.year, year)))
    .groupBy(courses.id, levels.name, shifts.name)
    .orderBy(...courseOrder);
}

/** The institutions with these SIE codes, by name. */
export function institutionsByIds(db: Executor, ids: number[]) {
  return db
    .select({ sie: institutions.id, name: institutions.name, codeType: institutions.codeType })
    .from(institutions)
    .where(inArray(institutions.id, ids))
    .orderBy(asc(institutions.name));
}
