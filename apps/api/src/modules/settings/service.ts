import { yearMessages } from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import {
  holdOpenYearRow,
  type ProgrammeSettings,
  selectClosedYear,
  selectSettings,
  selectYears,
} from './queries.js';

export type { ProgrammeSettings } from './queries.js';

/** One programme year's settings, and whether the year is closed (read-only). */
export type YearSettings = Omit<ProgrammeSettings, 'id'> & { closed: boolean };

/** The single settings row (the open year); migrations create it, so its absence is a broken database. */
export async function getSettings(db: Executor): Promise<ProgrammeSettings> {
  const [row] = await selectSettings(db);
  if (!row) throw new Error('programme_settings row is missing');
  return row;
}

/** The settings row as the open year's settings. */
function asOpenYear({ id: _id, ...settings }: ProgrammeSettings): YearSettings {
  return { ...settings, closed: false };
}

/** Every programme year the console holds, newest first, the open one marked. */
export function listYears(db: Executor): Promise<Array<{ year: number; closed: boolean }>> {
  return selectYears(db);
}

/**
 * The settings a year ran (or runs) under: the open year's from programme_settings, a closed year's
 * as frozen when it was closed. Undefined for a year the console never held.
 */
export async function settingsForYear(db: Executor, year: number): Promise<YearSettings | undefined> {
  const open = await getSettings(db);
  if (open.year === year) return asOpenYear(open);
  const closed = await selectClosedYear(db, year);
  if (!closed) return undefined;
  return {
    year: closed.year,
    amountPerStudent: closed.amountPerStudent,
    directorDeadline: closed.directorDeadline,
    calendarStart: closed.calendarStart,
    registrationPeriodId: closed.registrationPeriodId,
    closed: true,
  };
}

/**
 * The open year, held until the caller's transaction ends (see holdOpenYearRow): the first statement
 * of a write to a student's year-bound data, so that no write lands in a year closed meanwhile.
 */
export function holdOpenYear(tx: Executor): Promise<number> {
  return holdOpenYearRow(tx);
}

/** Refuses (409) a write to an inscription of a year that is no longer the open one. */
export function refuseClosedYear(inscriptionYear: number, openYear: number): void {
  if (Number(inscriptionYear) !== Number(openYear))
    throw new AppError('conflict', yearMessages.closedYear(Number(inscriptionYear)));
}

/**
 * The year a read route answers for: the `year` of its query string (already a whole number) or,
 * without one, the open year. A year the console never held is the caller's mistake: 400 in Spanish.
 * A closed year's amount and calendar come from closed_years, never from the open year's settings.
 * A year already read (a download that names its file by the year, then builds the document) is
 * passed on as it is, so one request reads it once.
 */
export async function yearToRead(
  db: Executor,
  year: number | YearSettings | undefined,
): Promise<YearSettings> {
  if (typeof year === 'object') return year;
  if (year === undefined) return asOpenYear(await getSettings(db));
  const settings = await settingsForYear(db, year);
  if (!settings) throw new AppError('bad_request', yearMessages.unknown(year));
  return settings;
}
