import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  courses,
  inscriptions,
  institutions,
  persons,
  relationships,
  studentBlocks,
  students,
  titularAssignments,
} from '../../db/schema/index.js';

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

/** A titular's identity document as the lists show it: carnet, then '-complemento' when there is one. */
export const carnetWithComplemento = (t: { carnet: string; complemento: string }) =>
  t.complemento !== '' ? `${t.carnet}-${t.complemento}` : t.carnet;
