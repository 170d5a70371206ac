import {
  DEFAULT_PAGE_SIZE,
  type TrackingInstitution,
  type TrackingOverview,
  type TrackingPage,
  type TrackingQuery,
  type TrackingRow,
  trackingMessages,
} from '@bjp/domain';
import { and, asc, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { departments, districts, institutions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { getSettings } from '../settings/index.js';
import { loadPlace, type PlaceRef } from './places.js';

const placeCondition = (ref: PlaceRef): SQL =>
  ref.level === 'department' ? eq(institutions.departmentId, ref.id) : eq(institutions.districtId, ref.id);

/** A school is CONCLUIDO when its holder list is consolidated (see docs/decisions.md, Tracking). */
const concluded = isNotNull(institutions.holdersConsolidatedAt);

function filterConditions(ref: PlaceRef, query: Omit<TrackingQuery, 'page'>): SQL | undefined {
  const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    placeCondition(ref),
    query.code ? sql`${institutions.id}::text LIKE ${`${query.code}%`}` : undefined,
    query.name ? ilike(institutions.name, `%${escapeLike(query.name)}%`) : undefined,
    ref.level === 'department' && query.districtId
      ? eq(institutions.districtId, query.districtId)
      : undefined,
    query.subsystem ? eq(institutions.subsystem, query.subsystem) : undefined,
    query.status === 'CONCLUIDO' ? concluded : undefined,
    query.status === 'PENDIENTE' ? isNull(institutions.holdersConsolidatedAt) : undefined,
  );
}

const rowColumns = {
  institutionId: institutions.id,
  name: institutions.name,
  districtId: institutions.districtId,
  districtName: districts.name,
  subsystem: institutions.subsystem,
  consolidatedAt: institutions.holdersConsolidatedAt,
};

type RawRow = {
  institutionId: number;
  name: string;
  districtId: number;
  districtName: string;
  subsystem: string;
  consolidatedAt: Date | null;
};

function toRow(row: RawRow, rowNumber: number): TrackingRow {
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
    db
      .select({
        total: sql<number>`count(*)::int`,
        concluded: sql<number>`count(${institutions.holdersConsolidatedAt})::int`,
      })
      .from(institutions)
      .where(placeCondition(ref)),
    db
      .selectDistinct({ subsystem: institutions.subsystem })
      .from(institutions)
      .where(placeCondition(ref))
      .orderBy(institutions.subsystem),
    ref.level === 'department'
      ? db
          .select({ id: districts.id, name: districts.name })
          .from(districts)
          .where(eq(districts.departmentId, ref.id))
          .orderBy(districts.name)
      : Promise.resolve([]),
    getSettings(db),
  ]);
  const { total, concluded: done } = counts[0] ?? { total: 0, concluded: 0 };
  return {
    place,
    year: settings.year,
    counts: { total, concluded: done, pending: total - done },
    subsystems: subsystems.map((s) => s.subsystem),
    districts: placeDistricts,
  };
}

/** One page of the place's schools with the filters, counted on the server (10 a page). */
export async function listInstitutions(
  db: Executor,
  ref: PlaceRef,
  query: TrackingQuery,
): Promise<TrackingPage> {
  const where = filterConditions(ref, query);
  const offset = (query.page - 1) * DEFAULT_PAGE_SIZE;
  const [rows, [counted]] = await Promise.all([
    db
      .select(rowColumns)
      .from(institutions)
      .innerJoin(districts, eq(districts.id, institutions.districtId))
      .where(where)
      .orderBy(asc(institutions.districtId), asc(institutions.name), asc(institutions.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(institutions).where(where),
  ]);
  return {
    items: rows.map((r, i) => toRow(r, offset + i + 1)),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: counted?.total ?? 0,
  };
}

/** Every school matching the filters, for the tracking PDF (a department has at most a few thousand). */
export async function allInstitutions(db: Executor, ref: PlaceRef, query: Omit<TrackingQuery, 'page'>) {
  const place = await loadPlace(db, ref);
  const rows = await db
    .select(rowColumns)
    .from(institutions)
    .innerJoin(districts, eq(districts.id, institutions.districtId))
    .where(filterConditions(ref, query))
    .orderBy(asc(institutions.districtId), asc(institutions.name), asc(institutions.id));
  return { place, rows: rows.map((r, i) => toRow(r, i + 1)) };
}

/** SIE level: one school's tracking state. */
export async function institutionTracking(db: Executor, sie: number): Promise<TrackingInstitution> {
  const [row] = await db
    .select({ ...rowColumns, departmentId: departments.id, departmentName: departments.name })
    .from(institutions)
    .innerJoin(districts, eq(districts.id, institutions.districtId))
    .innerJoin(departments, eq(departments.id, institutions.departmentId))
    .where(eq(institutions.id, sie));
  if (!row) throw new AppError('not_found', trackingMessages.institutionNotFound);
  const settings = await getSettings(db);
  return {
    row: toRow(row, 1),
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    year: settings.year,
  };
}
