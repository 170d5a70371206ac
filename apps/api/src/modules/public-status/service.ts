import {
  type PublicStatusRequest,
  type PublicStatusResponse,
  publicStatusLabels,
  publicStatusMessages,
  publicStatusOf,
} from '@bjp/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inscriptions, institutions, payments, studentBonus, students } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { getSettings } from '../settings/service.js';

/**
 * A family's lookup of one student. Answers only when RUDE and birth date both match, with the same
 * 404 for a wrong RUDE as for a wrong date (so the page cannot be used to learn which RUDEs exist),
 * and returns only the status and the collection point: no names, no titular, no other student. The
 * status is the public face of the student's bonus state (student_bonus, the one payment truth), so
 * a sworn 'NO PAGADO' is never told to the family as collected.
 */
export async function studentStatus(db: Executor, input: PublicStatusRequest): Promise<PublicStatusResponse> {
  const settings = await getSettings(db);
  const [row] = await db
    .select({
      rude: students.rude,
      birthDate: students.birthDate,
      inscriptionId: inscriptions.id,
      schoolId: institutions.id,
      schoolName: institutions.name,
      state: studentBonus.state,
      paidOn: studentBonus.paidOn,
      bank: payments.bank,
      mode: payments.mode,
    })
    .from(students)
    .leftJoin(
      inscriptions,
      and(eq(inscriptions.studentId, students.id), eq(inscriptions.year, settings.year)),
    )
    .leftJoin(institutions, eq(institutions.id, inscriptions.institutionId))
    .leftJoin(studentBonus, eq(studentBonus.inscriptionId, inscriptions.id))
    .leftJoin(payments, eq(payments.inscriptionId, inscriptions.id))
    .where(eq(students.rude, input.rude))
    .limit(1);
  if (!row || row.birthDate !== input.birthDate)
    throw new AppError('not_found', publicStatusMessages.notFound);

  const status = row.inscriptionId && row.state ? publicStatusOf[row.state] : 'BAJA';
  const base = { rude: row.rude, year: settings.year, status, statusLabel: publicStatusLabels[status] };
  if (status === 'COBRADO')
    return {
      ...base,
      collectionPoint: [row.bank, row.mode].filter(Boolean).join(' — ') || null,
      paidOn: row.paidOn,
    };
  if (status === 'BAJA') return { ...base, collectionPoint: null, paidOn: null };
  // Not collected (or observed): the school, then its district, is where the family asks.
  return { ...base, collectionPoint: `${row.schoolName} (SIE ${row.schoolId})`, paidOn: null };
}
