import {
  type PublicStatusRequest,
  type PublicStatusResponse,
  publicStatusLabels,
  publicStatusMessages,
} from '@bjp/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inscriptions, institutions, payments, students, titularAssignments } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { getSettings } from '../settings/service.js';

/**
 * A family's lookup of one student. Answers only when RUDE and birth date both match, with the same
 * 404 for a wrong RUDE as for a wrong date (so the page cannot be used to learn which RUDEs exist),
 * and returns only the status and the collection point: no names, no titular, no other student.
 */
export async function studentStatus(db: Executor, input: PublicStatusRequest): Promise<PublicStatusResponse> {
  const settings = await getSettings(db);
  const [row] = await db
    .select({
      rude: students.rude,
      birthDate: students.birthDate,
      removedAt: inscriptions.removedAt,
      inscriptionId: inscriptions.id,
      schoolId: institutions.id,
      schoolName: institutions.name,
      paid: payments.paid,
      paidOn: payments.paidOn,
      bank: payments.bank,
      mode: payments.mode,
      titularId: titularAssignments.id,
    })
    .from(students)
    .leftJoin(
      inscriptions,
      and(eq(inscriptions.studentId, students.id), eq(inscriptions.year, settings.year)),
    )
    .leftJoin(institutions, eq(institutions.id, inscriptions.institutionId))
    .leftJoin(payments, eq(payments.inscriptionId, inscriptions.id))
    .leftJoin(
      titularAssignments,
      and(eq(titularAssignments.inscriptionId, inscriptions.id), isNull(titularAssignments.removedAt)),
    )
    .where(eq(students.rude, input.rude))
    .limit(1);
  if (!row || row.birthDate !== input.birthDate)
    throw new AppError('not_found', publicStatusMessages.notFound);

  const base = { rude: row.rude, year: settings.year, paidOn: null };
  if (!row.inscriptionId || row.removedAt) {
    return { ...base, status: 'BAJA', statusLabel: publicStatusLabels.BAJA, collectionPoint: null };
  }
  if (row.paid) {
    const point = [row.bank, row.mode].filter(Boolean).join(' — ') || null;
    return {
      ...base,
      status: 'COBRADO',
      statusLabel: publicStatusLabels.COBRADO,
      collectionPoint: point,
      paidOn: row.paidOn,
    };
  }
  // Not collected yet: the school is where the family collects (or registers the titular).
  const school = `${row.schoolName} (SIE ${row.schoolId})`;
  if (row.titularId)
    return {
      ...base,
      status: 'HABILITADO',
      statusLabel: publicStatusLabels.HABILITADO,
      collectionPoint: school,
    };
  return {
    ...base,
    status: 'PENDIENTE_TITULAR',
    statusLabel: publicStatusLabels.PENDIENTE_TITULAR,
    collectionPoint: school,
  };
}
