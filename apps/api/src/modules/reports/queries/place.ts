import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  courses,
  institutions,
  statsBeneficiaries,
  statsInstitutions,
  statsReportCells,
  studentBonus,
} from '../../../db/schema/index.js';
import { schoolOfYear } from '../../../db/summaries.js';
import { holdersDeclaredAt } from '../../declarations/index.js';

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

/** The place's condition on institutions (none nationally). */
const institutionIn = (ref: ReportRef): SQL | undefined =>
  ref.level === 'department'
    ? eq(institutions.departmentId, ref.id)
    : ref.level === 'district'
      ? eq(institutions.districtId, ref.id)
      : undefined;

/**
 * A closed year's matrix cells, counted from student_bonus (the one definition of every figure) for
 * that year's active inscriptions in the place: the summaries hold the open year only. Read once per
 * report (decision 040, docs/scale.md).
 */
export function closedYearCells(db: Executor, ref: ReportRef, year: number) {
  const b = studentBonus;
  return db
    .select({
      dependency: institutions.dependency,
      area: institutions.area,
      levelId: courses.levelId,
      gradeId: courses.gradeId,
      total: sql<number>`count(*)::int`,
      paid: sql<number>`(count(*) FILTER (WHERE ${b.countsAsPaid}))::int`,
    })
    .from(b)
    .innerJoin(institutions, eq(institutions.id, b.institutionId))
    .innerJoin(courses, eq(courses.id, b.courseId))
    .where(and(eq(b.year, year), eq(b.removed, false), institutionIn(ref)))
    .groupBy(institutions.dependency, institutions.area, courses.levelId, courses.gradeId);
}

/**
 * A closed year's schools by dependency: those with an inscription of that year in the place
 * (schoolOfYear), and of them the consolidated ones: those holding a current holders declaration of
 * that year. Seguimiento and the dashboard count with the same two rules (decision 040).
 */
export function closedYearSchoolCounts(db: Executor, ref: ReportRef, year: number) {
  return db
    .select({
      dependency: institutions.dependency,
      count: sql<number>`count(*)::int`,
      consolidated: sql<number>`count(${holdersDeclaredAt(year)})::int`,
    })
    .from(institutions)
    .where(and(institutionIn(ref), schoolOfYear(year)))
    .groupBy(institutions.dependency);
}
