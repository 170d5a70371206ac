import type { TrackingQuery } from '@bjp/domain';
import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { departments, districts, institutions } from '../../db/schema/index.js';
import { schoolOfYear } from '../../db/summaries.js';
import { holdersDeclaredAt } from '../declarations/index.js';

export type PlaceRef = { level: 'department'; id: number } | { level: 'district'; id: number };

/** The gestión tracked: the open one (null) or a closed one (decision 040). */
export type TrackedYear = number | null;

const placeCondition = (ref: PlaceRef): SQL =>
  ref.level === 'department' ? eq(institutions.departmentId, ref.id) : eq(institutions.districtId, ref.id);

/**
 * The place's schools tracked in the year: in the open year all of them; in a closed year those with
 * an inscription of that year, as the report's 'Consolidadas' and the dashboard count (decision 040).
 */
const trackedIn = (ref: PlaceRef, year: TrackedYear): SQL | undefined =>
  and(placeCondition(ref), year === null ? undefined : schoolOfYear(year));

/**
 * When the school consolidated its holder list in the year tracked; a school is CONCLUIDO when it did
 * (see docs/decisions.md, Tracking). The open year's is the school's flag; a closed year's, the
 * holders declaration the school stored that year (the flag now says the open year's).
 */
const consolidatedAt = (year: TrackedYear): SQL<Date | null> =>
  year === null
    ? sql<Date | null>`${institutions.holdersConsolidatedAt}`.mapWith(institutions.holdersConsolidatedAt)
    : holdersDeclaredAt(year);

function filterConditions(
  ref: PlaceRef,
  query: Omit<TrackingQuery, 'page'>,
  year: TrackedYear,
): SQL | undefined {
  const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    trackedIn(ref, year),
    query.code ? sql`${institutions.id}::text LIKE ${`${query.code}%`}` : undefined,
    query.name ? ilike(institutions.name, `%${escapeLike(query.name)}%`) : undefined,
    ref.level === 'department' && query.districtId
      ? eq(institutions.districtId, query.districtId)
      : undefined,
    query.subsystem ? eq(institutions.subsystem, query.subsystem) : undefined,
    query.status === 'CONCLUIDO' ? sql`${consolidatedAt(year)} IS NOT NULL` : undefined,
    query.status === 'PENDIENTE' ? sql`${consolidatedAt(year)} IS NULL` : undefined,
  );
}

const rowColumns = (year: TrackedYear) => ({
  institutionId: institutions.id,
  name: institutions.name,
  districtId: institutions.districtId,
  districtName: districts.name,
  subsystem: institutions.subsystem,
  consolidatedAt: consolidatedAt(year),
});

/** A school as the tracking lists show it. */
export type TrackedInstitution = {
  institutionId: number;
  name: string;
  districtId: number;
  districtName: string;
  subsystem: string;
  consolidatedAt: Date | null;
};

/** A department by id, or undefined. */
export async function departmentById(db: Executor, id: number) {
  const [row] = await db.select().from(departments).where(eq(departments.id, id));
  return row;
}

/** A district with its department, or undefined. */
export async function districtWithDepartment(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: districts.id,
      name: districts.name,
      departmentId: departments.id,
      departmentName: departments.name,
    })
    .from(districts)
    .innerJoin(departments, eq(departments.id, districts.departmentId))
    .where(eq(districts.id, id));
  return row;
}

/** The place's schools tracked in the year and how many of them consolidated their list. */
export async function placeCounts(
  db: Executor,
  ref: PlaceRef,
  year: TrackedYear,
): Promise<{ total: number; concluded: number }> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      concluded: sql<number>`count(${consolidatedAt(year)})::int`,
    })
    .from(institutions)
    .where(trackedIn(ref, year));
  return counts ?? { total: 0, concluded: 0 };
}

/** The subsystems of the place's schools tracked in the year (the filter's choices), sorted. */
export async function placeSubsystems(db: Executor, ref: PlaceRef, year: TrackedYear): Promise<string[]> {
  const rows = await db
    .selectDistinct({ subsystem: institutions.subsystem })
    .from(institutions)
    .where(trackedIn(ref, year))
    .orderBy(institutions.subsystem);
  return rows.map((s) => s.subsystem);
}

/** A department's districts by name. */
export function departmentDistricts(db: Executor, departmentId: number) {
  return db
    .select({ id: districts.id, name: districts.name })
    .from(districts)
    .where(eq(districts.departmentId, departmentId))
    .orderBy(districts.name);
}

const trackedInstitutions = (
  db: Executor,
  ref: PlaceRef,
  query: Omit<TrackingQuery, 'page'>,
  year: TrackedYear,
) =>
  db
    .select(rowColumns(year))
    .from(institutions)
    .innerJoin(districts, eq(districts.id, institutions.districtId))
    .where(filterConditions(ref, query, year))
    .orderBy(asc(institutions.districtId), asc(institutions.name), asc(institutions.id));

/** One page of the place's schools matching the filters, and how many match in all. */
export async function trackedInstitutionPage(
  db: Executor,
  ref: PlaceRef,
  query: Omit<TrackingQuery, 'page'>,
  page: { limit: number; offset: number },
  year: TrackedYear,
): Promise<{ rows: TrackedInstitution[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    trackedInstitutions(db, ref, query, year).limit(page.limit).offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(institutions)
      .where(filterConditions(ref, query, year)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every school of the place matching the filters. */
export function allTrackedInstitutions(
  db: Executor,
  ref: PlaceRef,
  query: Omit<TrackingQuery, 'page'>,
  year: TrackedYear,
): Promise<TrackedInstitution[]> {
  return trackedInstitutions(db, ref, query, year);
}

/**
 * One school with its district and department, or undefined; `trackedThatYear` is false for a closed
 * year in which it had no inscription (it is not among that year's schools, decision 040).
 */
export async function trackedInstitution(db: Executor, sie: number, year: TrackedYear) {
  const [row] = await db
    .select({
      ...rowColumns(year),
      departmentId: departments.id,
      departmentName: departments.name,
      trackedThatYear: year === null ? sql<boolean>`true` : sql<boolean>`${schoolOfYear(year)}`,
    })
    .from(institutions)
    .innerJoin(districts, eq(districts.id, institutions.districtId))
    .innerJoin(departments, eq(departments.id, institutions.departmentId))
    .where(eq(institutions.id, sie));
  return row;
}
