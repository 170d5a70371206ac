import {
  DEFAULT_PAGE_SIZE,
  type TrackingInstitution,
  type TrackingOverview,
  type TrackingPage,
  type TrackingQuery,
  type TrackingRow,
  trackingMessages,
} from '@bjp/domain';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { yearToRead } from '../settings/index.js';
import { loadPlace } from './places.js';
import {
  allTrackedInstitutions,
  departmentDistricts,
  type PlaceRef,
  placeCounts,
  placeSubsystems,
  type TrackedInstitution,
  type TrackedYear,
  trackedInstitution,
  trackedInstitutionPage,
} from './queries.js';

function toRow(row: TrackedInstitution, rowNumber: number): TrackingRow {
  return {
    rowNumber,
    institutionId: row.institutionId,
    name: row.name,
    districtId: row.districtId,
    districtName: row.districtName,
    subsystem: row.subsystem,
    status: row.consolidatedAt ? 'CONCLUIDO' : 'PENDIENTE',
    consolidatedAt: row.consolidatedAt ? row.consolidatedAt.toISOString() : null,
  };
}

/** The gestión asked for (`year`, the open one when absent; 400 for one the console does not hold). */
async function trackedYear(db: Executor, year: number | undefined) {
  const settings = await yearToRead(db, year);
  return { year: settings.year, tracked: (settings.closed ? settings.year : null) as TrackedYear };
}

/**
 * A closed year's counts do not change (decision 040): each instance keeps them per year and place
 * for an hour, as 'Resumen General' keeps its closed-year figures.
 */
const closedCounts = new LRUCache<string, { total: number; concluded: number }>({
  max: 2000,
  ttl: 60 * 60 * 1000,
});

async function countsOf(db: Executor, ref: PlaceRef, year: TrackedYear) {
  if (year === null) return placeCounts(db, ref, null);
  const key = `${year}:${ref.level}:${ref.id}`;
  const cached = closedCounts.get(key);
  if (cached) return cached;
  const counts = await placeCounts(db, ref, year);
  closedCounts.set(key, counts);
  return counts;
}

/** A place's schools and how many concluded, in the gestión asked for (the open one without `year`). */
export async function overview(
  db: Executor,
  ref: PlaceRef,
  query: { year?: number } = {},
): Promise<TrackingOverview> {
  const [place, { year, tracked }] = await Promise.all([loadPlace(db, ref), trackedYear(db, query.year)]);
  const [counts, subsystems, placeDistricts] = await Promise.all([
    countsOf(db, ref, tracked),
    placeSubsystems(db, ref, tracked),
    ref.level === 'department' ? departmentDistricts(db, ref.id) : Promise.resolve([]),
  ]);
  const { total, concluded: done } = counts;
  return {
    place,
    year,
    counts: { total, concluded: done, pending: total - done },
    subsystems,
    districts: placeDistricts,
  };
}

/** One page of the place's schools with the filters, counted on the server (10 a page). */
export async function listInstitutions(
  db: Executor,
  ref: PlaceRef,
  query: TrackingQuery & { year?: number },
): Promise<TrackingPage> {
  const offset = (query.page - 1) * DEFAULT_PAGE_SIZE;
  const { tracked } = await trackedYear(db, query.year);
  const page = { limit: DEFAULT_PAGE_SIZE, offset };
  const { rows, total } = await trackedInstitutionPage(db, ref, query, page, tracked);
  return {
    items: rows.map((r, i) => toRow(r, offset + i + 1)),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}

/** Every school matching the filters, for the tracking PDF (a department has at most a few thousand). */
export async function allInstitutions(
  db: Executor,
  ref: PlaceRef,
  query: Omit<TrackingQuery, 'page'> & { year?: number },
) {
  const [place, { tracked }] = await Promise.all([loadPlace(db, ref), trackedYear(db, query.year)]);
  const rows = await allTrackedInstitutions(db, ref, query, tracked);
  return { place, rows: rows.map((r, i) => toRow(r, i + 1)) };
}

/** SIE level: one school's tracking state in the gestión asked for. */
export async function institutionTracking(
  db: Executor,
  sie: number,
  query: { year?: number } = {},
): Promise<TrackingInstitution> {
  const { year, tracked } = await trackedYear(db, query.year);
  const row = await trackedInstitution(db, sie, tracked);
  if (!row) throw new AppError('not_found', trackingMessages.institutionNotFound);
  if (!row.trackedThatYear) throw new AppError('not_found', trackingMessages.notInYear(year));
  return {
    row: toRow(row, 1),
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    year,
  };
}
