import { addDays, boliviaDayStart, foldSearch, type ParticipantFilters } from '@bjp/domain';
import { type SQL, sql } from 'drizzle-orm';

/** A LIKE pattern that matches `value` anywhere, its own % _ \ taken literally. */
const contains = (value: string) => `%${value.replace(/[%_\\]/g, '\\$&')}%`;

/** Midnight at the start of a Bolivian day, as an instant (the domain's calendar). */
const boliviaMidnight = (day: string, plusDays = 0) => boliviaDayStart(addDays(day, plusDays)).toISOString();

/**
 * The WHERE of the participants list and export, on alias `e` of event_enrollments. Every branch
 * starts with the event, so the index (event_id, created_at desc, id desc) or the partial unique
 * index of active enrollments bounds the scan to one event.
 */
export function participantWhere(eventId: number, f: ParticipantFilters): SQL {
  const parts: SQL[] = [sql`e.event_id = ${eventId}`];
  if (f.status === 'active') parts.push(sql`e.cancelled_at is null`);
  if (f.status === 'cancelled') parts.push(sql`e.cancelled_at is not null`);
  const q = f.q ? foldSearch(f.q) : '';
  if (q) parts.push(sql`e.search_text like ${contains(q)}`);
  if (f.department) parts.push(sql`e.department = ${f.department}`);
  if (f.institution) parts.push(sql`e.institution ilike ${contains(f.institution)}`);
  if (f.from) parts.push(sql`e.created_at >= ${boliviaMidnight(f.from)}::timestamptz`);
  if (f.to) parts.push(sql`e.created_at < ${boliviaMidnight(f.to, 1)}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** The columns of a row of the list and of the export (alias `e`). */
export const participantColumns = sql`e.id, e.first_last_name, e.second_last_name, e.name, e.document,
  e.complement, e.nationality, e.institution, e.department, e.phone, e.email, e.job, e.position,
  e.birth_date, e.extra, e.created_at, e.cancelled_at, e.cancel_reason,
  (select count(*) from enrollment_files f where f.enrollment_id = e.id)::int as files`;

export type ParticipantDbRow = {
  id: number;
  first_last_name: string;
  second_last_name: string;
  name: string;
  document: string;
  complement: string;
  nationality: number;
  institution: string;
  department: string;
  phone: string;
  email: string;
  job: string;
  position: string;
  birth_date: string;
  extra: Record<string, unknown>;
  created_at: Date | string;
  cancelled_at: Date | string | null;
  cancel_reason: string | null;
  files: number;
};

export const isoOf = (value: Date | string) => new Date(value).toISOString();
