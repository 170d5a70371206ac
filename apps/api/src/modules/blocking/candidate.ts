import type { BlockCandidate } from '@bjp/domain';
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
