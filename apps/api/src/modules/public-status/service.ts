import {
  type PublicStatusRequest,
  type PublicStatusResponse,
  type PublicYearStatus,
  publicStatusFor,
  publicStatusLabels,
  publicStatusMessages,
} from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { getSettings, listYears } from '../settings/index.js';
import { selectPublicStatus } from './queries.js';

type Found = { birthDate: string; inscribed: boolean; answer: PublicYearStatus };

/**
 * What the public lookup answers for each RUDE given (the key is the RUDE; the birth date is kept for
 * the caller to check). The status is the public face of the student's bonus state (student_bonus,
 * the one payment truth), so a sworn 'NO PAGADO' is never told to a family as collected. Several RUDEs
 * at once only for the every-school consistency test; the route asks for one. In a closed year
 * (`closed`) every school's list is final, so a student left without a titular reads SIN_TITULAR.
 */
export async function publicAnswers(
  db: Executor,
  year: number,
  rudes: string[],
  closed = false,
): Promise<Map<string, Found>> {
  const found = await selectPublicStatus(db, year, rudes);
  const answers = new Map<string, Found>();
  for (const row of found) {
    const status =
      row.inscriptionId && row.state
        ? publicStatusFor(row.state, closed || row.listClosedAt !== null)
        : 'BAJA';
    const base = { rude: row.rude, year, status, statusLabel: publicStatusLabels[status] };
    const answer: PublicYearStatus =
      status === 'COBRADO'
        ? {
            ...base,
            collectionPoint: [row.bank, row.mode].filter(Boolean).join(' — ') || null,
            paidOn: row.paidOn,
          }
        : status === 'BAJA'
          ? { ...base, collectionPoint: null, paidOn: null }
          : // Not collected (or observed): the school, then its district, is where the family asks.
            { ...base, collectionPoint: `${row.schoolName} (SIE ${row.schoolId})`, paidOn: null };
    answers.set(row.rude, { birthDate: row.birthDate, inscribed: row.inscriptionId !== null, answer });
  }
  return answers;
}

/**
 * A family's lookup of one student. Answers only when RUDE and birth date both match, with the same
 * 404 for a wrong RUDE as for a wrong date (so the page cannot be used to learn which RUDEs exist),
 * and returns only the status and the collection point: no names, no titular, no other student.
 * Under the open year's answer come the closed years in which the student was inscribed (one request
 * on a slow line instead of one per year; decision 040).
 */
export async function studentStatus(db: Executor, input: PublicStatusRequest): Promise<PublicStatusResponse> {
  const [settings, years] = await Promise.all([getSettings(db), listYears(db)]);
  const found = (await publicAnswers(db, settings.year, [input.rude])).get(input.rude);
  if (!found || found.birthDate !== input.birthDate)
    throw new AppError('not_found', publicStatusMessages.notFound);
  const closedYears: PublicYearStatus[] = [];
  for (const { year } of years.filter((y) => y.closed)) {
    const earlier = (await publicAnswers(db, year, [input.rude], true)).get(input.rude);
    if (earlier?.inscribed) closedYears.push(earlier.answer);
  }
  return { ...found.answer, closedYears };
}
