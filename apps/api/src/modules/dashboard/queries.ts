import { and, eq, gte, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import {
  courses,
  institutions,
  statsInstitutions,
  statsPaymentsDaily,
  statsPaymentsDays,
  statsReportCells,
  studentBonus,
} from '../../db/schema/index.js';
import { countedInscriptions, paidInscription, paidOnDay, schoolOfYear } from '../../db/summaries.js';
import { holdersDeclaredAt } from '../declarations/index.js';

type Scope = AuthUser['scope'];
export type PaymentRange = { from?: string; to?: string };

/**
 * The dashboard sums department rollups kept by triggers (a few hundred rows) rather than the
 * district summaries (~14,000 and ~26,000 rows): it is read on every visit. Only national staff hold
 * 'dashboard.view'; a department scope is filtered on the rollups, and any narrower scope, which the
 * rollups cannot express, sees nothing rather than more than its place.
 */
const rollupScope = (scope: Scope, department: AnyPgColumn): SQL | undefined => {
  if (scope.kind === 'national') return undefined;
  if (scope.kind === 'department') return eq(department, scope.departmentId ?? -1);
  return sql`false`;
};

const withinRange = (paidOn: AnyPgColumn, range: PaymentRange) => [
  range.from ? gte(paidOn, range.from) : undefined,
  range.to ? lte(paidOn, range.to) : undefined,
];

/** Total and paid beneficiaries by department and level. */
export function beneficiaryTotals(db: Executor, scope: Scope) {
  const c = statsReportCells;
  return db
    .select({ departmentId: c.departmentId, levelId: c.levelId, total: sum(c.total), paid: sum(c.paid) })
    .from(c)
    .where(rollupScope(scope, c.departmentId))
    .groupBy(c.departmentId, c.levelId);
}

/** Students paid by department within a range of payment days. */
export function paidInRange(db: Executor, scope: Scope, range: PaymentRange) {
  const d = statsPaymentsDays;
  return db
    .select({ departmentId: d.departmentId, paid: sum(d.paid) })
    .from(d)
    .where(and(rollupScope(scope, d.departmentId), ...withinRange(d.paidOn, range)))
    .groupBy(d.departmentId);
}

/**
 * Students paid by level within a range of payment days. The department × day rollup has no level,
 * so this sums the district × level × day summary, read through its payment-day index: only the
 * days of the range (one row per district and level each day), and only when a range is chosen.
 */
export function paidInRangeByLevel(db: Executor, scope: Scope, range: PaymentRange) {
  const d = statsPaymentsDaily;
  return db
    .select({ levelId: d.levelId, paid: sum(d.paid) })
    .from(d)
    .where(and(rollupScope(scope, d.departmentId), ...withinRange(d.paidOn, range)))
    .groupBy(d.levelId);
}

/** Institutions and consolidated ones by department (stats_institutions, kept by triggers). */
export function institutionsByDepartment(db: Executor, scope: Scope) {
  const s = statsInstitutions;
  return db
    .select({ departmentId: s.departmentId, total: sum(s.institutions), completed: sum(s.consolidated) })
    .from(s)
    .where(rollupScope(scope, s.departmentId))
    .groupBy(s.departmentId);
}

/**
 * A closed year's dashboard figures, counted from student_bonus of that year with the summaries' own
 * fragments (db/summaries.ts; the rollups hold the open year only): beneficiaries and paid ones by
 * department and level, the paid ones by department, level and payment day (a date range is summed
 * from these, a few hundred rows), and the schools with inscriptions that year by department with
 * those that stored that year's holders declaration.
 */
export type ClosedYearFigures = {
  cells: Array<{ departmentId: number; levelId: number; total: number; paid: number }>;
  days: Array<{ departmentId: number; levelId: number; paidOn: string; paid: number }>;
  schools: Array<{ departmentId: number; total: number; completed: number }>;
};

export async function closedYearCounts(db: Executor, scope: Scope, year: number): Promise<ClosedYearFigures> {
  // The rollups' rule of scope, over the schools of student_bonus.
  const inScope = rollupScope(scope, institutions.departmentId);
  const [cells, days, schools] = await Promise.all([
    db
      .select({
        departmentId: institutions.departmentId,
        levelId: courses.levelId,
        total: sql<number>`count(*)::int`,
        paid: sql<number>`(count(*) FILTER (WHERE ${paidInscription}))::int`,
      })
      .from(studentBonus)
      .innerJoin(institutions, eq(institutions.id, studentBonus.institutionId))
      .innerJoin(courses, eq(courses.id, studentBonus.courseId))
      .where(and(countedInscriptions(year), inScope))
      .groupBy(institutions.departmentId, courses.levelId),
    db
      .select({
        departmentId: institutions.departmentId,
        levelId: courses.levelId,
        paidOn: sql<string>`${studentBonus.paidOn}::text`,
        paid: sql<number>`count(*)::int`,
      })
      .from(studentBonus)
      .innerJoin(institutions, eq(institutions.id, studentBonus.institutionId))
      .innerJoin(courses, eq(courses.id, studentBonus.courseId))
      .where(and(paidOnDay, countedInscriptions(year), inScope))
      .groupBy(institutions.departmentId, courses.levelId, studentBonus.paidOn),
    db
      .select({
        departmentId: institutions.departmentId,
        total: sql<number>`count(*)::int`,
        completed: sql<number>`count(${holdersDeclaredAt(year)})::int`,
      })
      .from(institutions)
      .where(and(inScope, schoolOfYear(year)))
      .groupBy(institutions.departmentId),
  ]);
  return { cells, days, schools };
}
