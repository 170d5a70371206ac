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
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { statsBeneficiaries, statsInstitutions, statsReportCells } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { getSettings } from '../settings/index.js';
import { loadPlace } from '../tracking/index.js';

export type ReportRef =
  | { level: 'national' }
  | { level: 'department'; id: number }
  | { level: 'district'; id: number };

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

/**
 * The matrix cells of a place: national and department figures from the department rollup
 * (stats_report_cells, ~700 rows nationally), district figures from the district summary.
 */
function statsCells(db: Executor, ref: ReportRef) {
  if (ref.level === 'district') {
    const b = statsBeneficiaries;
    return db
      .select({
        dependency: b.dependency,
        area: b.area,
        levelId: b.levelId,
        gradeId: b.gradeId,
        total: b.total,
        paid: b.paid,
      })
      .from(b)
      .where(eq(b.districtId, ref.id));
  }
  const c = statsReportCells;
  return db
    .select({
      dependency: c.dependency,
      area: c.area,
      levelId: c.levelId,
      gradeId: c.gradeId,
      total: sql<number>`sum(${c.total})::int`,
      paid: sql<number>`sum(${c.paid})::int`,
    })
    .from(c)
    .where(ref.level === 'department' ? eq(c.departmentId, ref.id) : undefined)
    .groupBy(c.dependency, c.area, c.levelId, c.gradeId);
}

function schoolCounts(db: Executor, ref: ReportRef) {
  const s = statsInstitutions;
  const where: SQL | undefined =
    ref.level === 'department'
      ? eq(s.departmentId, ref.id)
      : ref.level === 'district'
        ? eq(s.districtId, ref.id)
        : undefined;
  return db
    .select({
      dependency: s.dependency,
      count: sql<number>`sum(${s.institutions})::int`,
      consolidated: sql<number>`sum(${s.consolidated})::int`,
    })
    .from(s)
    .where(where)
    .groupBy(s.dependency);
}

/**
 * District, department and national report: every figure comes from maintained summaries
 * (stats_beneficiaries, its department rollup stats_report_cells, and stats_institutions), never
 * from the 2.3 M inscriptions or a scan of the 16,000 schools. The cards, the dependencies table and the matrix are built from the
 * same cells, so they add up by construction; the API tests compare them with a direct count.
 */
export async function placeReport(db: Executor, user: AuthUser, ref: ReportRef): Promise<PlaceReport> {
  const place = await resolvePlace(db, user, ref);
  const [cells, schoolRows, settings] = await Promise.all([
    statsCells(db, ref),
    schoolCounts(db, ref),
    getSettings(db),
  ]);
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
