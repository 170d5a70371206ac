import type { BlockCandidate } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { currentStudentByRude } from '../structure/index.js';

/**
 * Part 2 §3 'Block candidate': the student by RUDE with this year's inscription, the titular who
 * collects now and the open block, if any. Null when the RUDE is unknown or has no inscription.
 */
export async function loadCandidate(db: Executor, rude: string): Promise<BlockCandidate | null> {
  const student = await currentStudentByRude(db, rude);
  if (!student) return null;
  return {
    codigoRude: student.rude,
    studentId: student.studentId,
    inscriptionId: student.inscriptionId,
    institutionId: student.institutionId,
    institutionName: student.institutionName,
    titularId: student.titular?.assignmentId ?? null,
    personId: student.titular?.personId ?? null,
    titular: student.titular?.fullName ?? null,
    ci: student.titular?.carnet ?? null,
    name: student.name,
    paterno: student.firstLastName,
    materno: student.secondLastName,
    fechaNacimiento: student.birthDate,
    removed: student.removedAt !== null,
    block: student.openBlock
      ? {
          id: student.openBlock.id,
          blockedAt: new Date(student.openBlock.blockedAt).toISOString(),
          observation: student.openBlock.observation,
        }
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
