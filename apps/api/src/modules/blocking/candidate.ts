import type { BlockCandidate } from '@bjp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  inscriptions,
  institutions,
  persons,
  studentBlocks,
  students,
  titularAssignments,
} from '../../db/schema/index.js';

const programmeYear = sql`(SELECT year FROM programme_settings WHERE id = 1)`;

/**
 * Part 2 §3 'Block candidate': the student by RUDE with this year's inscription, the titular who
 * collects now and the open block, if any. Null when the RUDE is unknown or has no inscription.
 */
export async function loadCandidate(db: Executor, rude: string): Promise<BlockCandidate | null> {
  const [row] = await db
    .select({
      codigoRude: students.rude,
      studentId: students.id,
      inscriptionId: inscriptions.id,
      institutionId: inscriptions.institutionId,
      institutionName: institutions.name,
      removedAt: inscriptions.removedAt,
      titularId: titularAssignments.id,
      personId: persons.id,
      ci: persons.carnet,
      titular: sql<
        string | null
      >`CASE WHEN ${persons.id} IS NULL THEN NULL ELSE trim(${persons.firstLastName} || ' ' || ${persons.secondLastName} || ' ' || ${persons.name}) END`,
      nombre: students.name,
      paterno: students.firstLastName,
      materno: students.secondLastName,
      fechaNacimiento: students.birthDate,
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
    .leftJoin(
      titularAssignments,
      and(eq(titularAssignments.inscriptionId, inscriptions.id), isNull(titularAssignments.removedAt)),
    )
    .leftJoin(persons, eq(persons.id, titularAssignments.personId))
    .leftJoin(
      studentBlocks,
      and(eq(studentBlocks.inscriptionId, inscriptions.id), isNull(studentBlocks.unblockedAt)),
    )
    .where(eq(students.rude, rude))
    .limit(1);
  if (!row) return null;
  return {
    codigoRude: row.codigoRude,
    studentId: row.studentId,
    inscriptionId: row.inscriptionId,
    institutionId: row.institutionId,
    institutionName: row.institutionName,
    titularId: row.titularId,
    personId: row.personId,
    titular: row.titular?.replace(/\s+/g, ' ') ?? null,
    ci: row.ci,
    nombre: row.nombre,
    paterno: row.paterno,
    materno: row.materno,
    fechaNacimiento: row.fechaNacimiento,
    removed: row.removedAt !== null,
    block:
      row.blockId !== null && row.blockedAt && row.observation !== null
        ? { id: row.blockId, blockedAt: new Date(row.blockedAt).toISOString(), observation: row.observation }
        : null,
  };
}

/**
 * SQL condition "this inscription has an open block", for other areas' lists and for the payment
 * list sent to Síntesis (blocked students are excluded and shown as blocked wherever they appear).
 * In a paged list's select it is one probe of the partial index student_blocks_one_open per row;
 * PostgreSQL evaluates such a costly column after ORDER BY … LIMIT, so only for the page's rows.
 */
export const isBlockedSql = (inscriptionId: unknown) =>
  sql<boolean>`EXISTS (SELECT 1 FROM student_blocks b WHERE b.inscription_id = ${inscriptionId} AND b.unblocked_at IS NULL)`;
