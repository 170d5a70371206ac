import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { statsBeneficiaries, statsInstitutions, statsReportCells } from '../../../db/schema/index.js';

export type ReportRef =
  | { level: 'national' }
  | { level: 'department'; id: number }
  | { level: 'district'; id: number };

/**
 * The matrix cells of a place: national and department figures from the department rollup
 * (stats_report_cells, ~700 rows nationally), district figures from the district summary.
 */
export function statsCells(db: Executor, ref: ReportRef) {
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

/** Schools and consolidated ones by dependency in the place (stats_institutions). */
export function schoolCounts(db: Executor, ref: ReportRef) {
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
