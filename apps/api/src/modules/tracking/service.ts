import {
  DEFAULT_PAGE_SIZE,
  type TrackingInstitution,
  type TrackingOverview,
  type TrackingPage,
  type TrackingQuery,
  type TrackingRow,
  trackingMessages,
} from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { getSettings } from '../settings/index.js';
import { loadPlace } from './places.js';
import {
  allTrackedInstitutions,
  departmentDistricts,
  type PlaceRef,
  placeCounts,
  placeSubsystems,
  type TrackedInstitution,
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

export async function overview(db: Executor, ref: PlaceRef): Promise<TrackingOverview> {
  const place = await loadPlace(db, ref);
  const [counts, subsystems, placeDistricts, settings] = await Promise.all([
    placeCounts(db, ref),
    placeSubsystems(db, ref),
    ref.level === 'department' ? departmentDistricts(db, ref.id) : Promise.resolve([]),
    getSettings(db),
  ]);
  const { total, concluded: done } = counts;
  return {
    place,
    year: settings.year,
    counts: { total, concluded: done, pending: total - done },
    subsystems,
    districts: placeDistricts,
  };
}

/** One page of the place's schools with the filters, counted on the server (10 a page). */
export async function listInstitutions(
  db: Executor,
  ref: PlaceRef,
  query: TrackingQuery,
): Promise<TrackingPage> {
  const offset = (query.page - 1) * DEFAULT_PAGE_SIZE;
  const { rows, total } = await trackedInstitutionPage(db, ref, query, { limit: DEFAULT_PAGE_SIZE, offset });
  return {
    items: rows.map((r, i) => toRow(r, offset + i + 1)),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}

/** Every school matching the filters, for the tracking PDF (a department has at most a few thousand). */
export async function allInstitutions(db: Executor, ref: PlaceRef, query: Omit<TrackingQuery, 'page'>) {
  const place = await loadPlace(db, ref);
  const rows = await allTrackedInstitutions(db, ref, query);
  return { place, rows: rows.map((r, i) => toRow(r, i + 1)) };
}

/** SIE level: one school's tracking state. */
export async function institutionTracking(db: Executor, sie: number): Promise<TrackingInstitution> {
  const row = await trackedInstitution(db, sie);
  if (!row) throw new AppError('not_found', trackingMessages.institutionNotFound);
  const settings = await getSettings(db);
  return {
    row: toRow(row, 1),
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    year: settings.year,
  };
}
