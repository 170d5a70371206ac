import { and, eq, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { courses, institutions, studentBonus } from '../../db/schema/index.js';
import { countedInscriptions, paidInscription, paidOnDay } from '../../db/summaries.js';
import { holdersDeclaredAt } from '../declarations/index.js';
import type { PaymentRange } from './queries.js';

type Scope = AuthUser['scope'];

/** The dashboard's rule of scope (queries.ts), over the schools of student_bonus. */
const schoolScope = (scope: Scope): SQL | undefined => {
  if (scope.kind === 'national') return undefined;
  if (scope.kind === 'department') return eq(institutions.departmentId, scope.departmentId ?? -1);
  return sql`false`;
};

/**
 * A closed year's dashboard figures, counted from student_bonus of that year with the summaries' own
 * fragments (db/summaries.ts; the rollups hold the open year only): beneficiaries and paid ones by
 * department and level, the paid ones by department, level and payment day (a date range is summed
 * from these, a few hundred rows), and the schools by department with those that stored that year's
 * holders declaration.
 */
export type ClosedYearFigures = {
  cells: Array<{ departmentId: number; levelId: number; total: number; paid: number }>;
  days: Array<{ departmentId: number; levelId: number; paidOn: string; paid: number }>;
  schools: Array<{ departmentId: number; total: number; completed: number }>;
};

async function countFigures(db: Executor, scope: Scope, year: number): Promise<ClosedYearFigures> {
  const inScope = schoolScope(scope);
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
      .where(inScope)
      .groupBy(institutions.departmentId),
  ]);
  return { cells, days, schools };
}

/**
 * A closed year's figures do not change (decision 040): each instance keeps them per year and scope
 * for an hour, as 'Resumen General' does, so the three charts and every date range cost one count.
 */
const cache = new LRUCache<string, Promise<ClosedYearFigures>>({ max: 200, ttl: 60 * 60 * 1000 });

export function closedYearFigures(db: Executor, user: AuthUser, year: number): Promise<ClosedYearFigures> {
  const { kind, departmentId } = user.scope;
  // Only the department matters to the dashboard's scope (any narrower one sees nothing).
  const key = `${year}:${kind}:${kind === 'department' ? departmentId : ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const figures = countFigures(db, user.scope, year);
  cache.set(key, figures);
  // A failed count is not kept: the next request counts again.
  figures.catch(() => cache.delete(key));
  return figures;
}

/** The paid ones of the figures' payment days within the range. */
export const daysInRange = (figures: ClosedYearFigures, range: PaymentRange) =>
  figures.days.filter((d) => (!range.from || d.paidOn >= range.from) && (!range.to || d.paidOn <= range.to));
