import { type SereciStudent, sereciStatus, sereciStatusLabels } from '@bjp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  inscriptions,
  institutions,
  sereciValidations,
  studentCertificates,
  students,
} from '../../db/schema/index.js';

const programmeYear = sql`(SELECT year FROM programme_settings WHERE id = 1)`;

/** The student card of 'Validación SERECI' by RUDE (unique index), with this year's school. */
export async function loadSereciStudent(db: Executor, rude: string): Promise<SereciStudent | null> {
  const [row] = await db
    .select({
      id: students.id,
      rude: students.rude,
      paterno: students.firstLastName,
      materno: students.secondLastName,
      name: students.name,
      birthDate: students.birthDate,
      segipId: students.segipId,
      emparejaSereci: students.emparejaSereci,
      institutionId: institutions.id,
      institutionName: institutions.name,
      validated: {
        oficialia: sereciValidations.oficialia,
        libro: sereciValidations.libro,
        partida: sereciValidations.partida,
        folio: sereciValidations.folio,
        at: sereciValidations.validatedAt,
      },
      onFile: {
        oficialia: studentCertificates.oficialia,
        libro: studentCertificates.libro,
        partida: studentCertificates.partida,
        folio: studentCertificates.folio,
      },
    })
    .from(students)
    .leftJoin(
      inscriptions,
      and(eq(inscriptions.studentId, students.id), sql`${inscriptions.year} = ${programmeYear}`),
    )
    .leftJoin(institutions, eq(institutions.id, inscriptions.institutionId))
    .leftJoin(sereciValidations, eq(sereciValidations.studentId, students.id))
    .leftJoin(studentCertificates, eq(studentCertificates.studentId, students.id))
    .where(eq(students.rude, rude))
    .limit(1);
  if (!row) return null;
  const status = sereciStatus(row);
  const { at, ...validated } = row.validated ?? { at: null };
  const certificate = row.validated?.oficialia
    ? (validated as SereciStudent['certificate'])
    : row.onFile?.oficialia
      ? row.onFile
      : null;
  return {
    id: row.id,
    rude: row.rude,
    paterno: row.paterno,
    materno: row.materno,
    name: row.name,
    birthDate: row.birthDate,
    segipId: row.segipId,
    emparejaSereci: row.emparejaSereci,
    status,
    statusLabel: sereciStatusLabels[status],
    institution:
      row.institutionId !== null ? { id: row.institutionId, name: row.institutionName ?? '' } : null,
    certificate: certificate as SereciStudent['certificate'],
    validatedAt: at ? new Date(at).toISOString() : null,
  };
}
