import {
  amountFor,
  buildResumeMatrix,
  type DependencyRow,
  dependencies,
  type PlaceReport,
  percentagePair,
  type ReportPlace,
  reportMessages,
  type StatsCell,
} from '@bjp/domain';
import { LRUCache } from 'lru-cache';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { type YearSettings, yearToRead } from '../settings/index.js';
import { loadPlace } from '../tracking/index.js';
import {
  closedYearCells,
  closedYearSchoolCounts,
  type ReportRef,
  schoolCounts,
  statsCells,
} from './queries/place.js';

export type { ReportRef } from './queries/place.js';

/** The national report has no selector and covers the country: national users only. */
function assertNational(user: AuthUser) {
  if (user.scope.kind !== 'national') throw new AppError('out_of_scope', reportMessages.nationalOnly);
}

async function resolvePlace(db: Executor, user: AuthUser, ref: ReportRef): Promise<ReportPlace> {
  if (ref.level === 'national') {
    assertNational(user);
    return { level: 'national', id: null, name: 'Bolivia', departmentName: null };
  }
  const place = await loadPlace(db, ref);
  return { level: ref.level, id: place.id, name: place.name, departmentName: place.departmentName };
}

type Figures = [
  Awaited<ReturnType<typeof closedYearCells>>,
  Awaited<ReturnType<typeof closedYearSchoolCounts>>,
];

/**
 * A closed year's figures do not change (decision 040), but counting them from student_bonus costs
 * seconds for the country and a large department (docs/scale.md): each instance keeps them for an
 * hour, so a closed year's national report costs one count per instance and hour.
 */
const closedFigures = new LRUCache<string, Figures>({ max: 200, ttl: 60 * 60 * 1000 });

async function closedYearFigures(db: Executor, ref: ReportRef, year: number): Promise<Figures> {
  const key = `${year}:${ref.level}:${ref.level === 'national' ? '' : ref.id}`;
  const cached = closedFigures.get(key);
  if (cached) return cached;
  const figures = await Promise.all([closedYearCells(db, ref, year), closedYearSchoolCounts(db, ref, year)]);
  closedFigures.set(key, figures);
  return figures;
}

/**
 * District, department and national report: every figure comes from maintained summaries
 * (stats_beneficiaries, its department rollup stats_report_cells, and stats_institutions), never
 * from the 2.3 M inscriptions or a scan of the 16,000 schools. The cards, the dependencies table and the matrix are built from the
 * same cells, so they add up by construction; the API tests compare them with a direct count.
 * A closed year (`year`, decision 040) has no summaries: its cells are counted from student_bonus of
 * that year in the place, and its amount is the one frozen in closed_years.
 */
export async function placeReport(
  db: Executor,
  user: AuthUser,
  ref: ReportRef,
  year?: number,
): Promise<PlaceReport> {
  return (await placeReportWithYear(db, user, ref, year)).report;
}

/**
 * The report and the year it was counted for (a download names a closed year in its file). The
 * place is checked against the caller's scope before anything else is read.
 */
export async function placeReportWithYear(
  db: Executor,
  user: AuthUser,
  ref: ReportRef,
  year?: number,
): Promise<{ report: PlaceReport; settings: YearSettings }> {
  const place = await resolvePlace(db, user, ref);
  const settings = await yearToRead(db, year);
  return { report: await countPlace(db, place, ref, settings), settings };
}

async function countPlace(
  db: Executor,
  place: ReportPlace,
  ref: ReportRef,
  settings: YearSettings,
): Promise<PlaceReport> {
  const [cells, schoolRows] = settings.closed
    ? await closedYearFigures(db, ref, settings.year)
    : await Promise.all([statsCells(db, ref), schoolCounts(db, ref)]);
  const amount = settings.amountPerStudent;
  const matrix = buildResumeMatrix(cells as StatsCell[]);
  const { total, paid } = matrix.totalGeneral.total;
  const pair = percentagePair(paid, total);

  const dependencyRow = (id: number | null, name: string): DependencyRow => {
    const own = cells.filter((c) => id === null || c.dependency === id);
    const schools = schoolRows.filter((s) => id === null || s.dependency === id);
    const t = own.reduce((s, c) => s + c.total, 0);
    const p = own.reduce((s, c) => s + c.paid, 0);
    return {
      dependency: id,
      name,
      institutions: schools.reduce((s, r) => s + r.count, 0),
      consolidated: schools.reduce((s, r) => s + r.consolidated, 0),
      totalStudents: t,
      paidStudents: p,
      paidPercentage: percentagePair(p, t).paid,
      totalAmount: amountFor(t, amount),
      paidAmount: amountFor(p, amount),
    };
  };

  return {
    place,
    year: settings.year,
    amountPerStudent: amount,
    summary: {
      totalStudents: total,
      paidStudents: paid,
      totalAmount: amountFor(total, amount),
      paidAmount: amountFor(paid, amount),
      paidPercentage: pair.paid,
      pendingPercentage: pair.pending,
    },
    dependencies: [...dependencies.map((d) => dependencyRow(d.id, d.name)), dependencyRow(null, 'TOTAL')],
    matrix,
  };
}
