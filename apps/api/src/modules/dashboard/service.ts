import { departments } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { yearToRead } from '../settings/index.js';
import { type ClosedYearFigures, closedYearFigures, daysInRange } from './closed-year.js';
import {
  beneficiaryTotals,
  institutionsByDepartment,
  type PaymentRange,
  paidInRange,
  paidInRangeByLevel,
} from './queries.js';

const asInt = (v: unknown) => Number(v ?? 0);

/** Departments the caller may see, in the order the ministry lists them. */
function visibleDepartments(user: AuthUser) {
  return user.scope.kind === 'national'
    ? departments
    : departments.filter((d) => d.id === user.scope.departmentId);
}

const addTo = (map: Map<number, number>, key: number, value: unknown) =>
  map.set(key, (map.get(key) ?? 0) + asInt(value));

/** The dashboard's query: a payment-date range of a gestión (`year`, the open one when absent). */
type DashboardQuery = PaymentRange & { year?: number };

/**
 * The figures of a closed year (counted from student_bonus, cached per year and scope), or null for
 * the open year, whose rollups the functions below read; with the year's amount per student.
 */
async function yearFigures(deps: AppDeps, user: AuthUser, year: number | undefined) {
  const settings = await yearToRead(deps.db, year);
  const closed: ClosedYearFigures | null = settings.closed
    ? await closedYearFigures(deps.db, user, settings.year)
    : null;
  return { closed, amountPerStudent: settings.amountPerStudent };
}

/** A closed year's paid ones within the range, by department or by level (as the rollup queries answer). */
const paidDaysByDepartment = (figures: ClosedYearFigures, range: PaymentRange) =>
  daysInRange(figures, range).map((d) => ({ departmentId: d.departmentId, paid: d.paid }));
const paidDaysByLevel = (figures: ClosedYearFigures, range: PaymentRange) => {
  const sums = new Map<number, number>();
  for (const d of daysInRange(figures, range)) addTo(sums, d.levelId, d.paid);
  return [...sums].map(([levelId, paid]) => ({ levelId, paid }));
};

/** Total and paid beneficiaries by department; with a date range, paid counts only payments in it. */
export async function departmentPaid(deps: AppDeps, user: AuthUser, query: DashboardQuery) {
  const { year, ...range } = query;
  const ranged = Boolean(range.from || range.to);
  const { closed, amountPerStudent } = await yearFigures(deps, user, year);
  const [totals, inRange] = closed
    ? [closed.cells, ranged ? paidDaysByDepartment(closed, range) : []]
    : await Promise.all([
        beneficiaryTotals(deps.db, user.scope),
        ranged ? paidInRange(deps.db, user.scope, range) : Promise.resolve([]),
      ]);
  const totalByDepartment = new Map<number, number>();
  const paidByDepartment = new Map<number, number>();
  for (const t of totals) {
    addTo(totalByDepartment, t.departmentId, t.total);
    if (!ranged) addTo(paidByDepartment, t.departmentId, t.paid);
  }
  for (const r of inRange) addTo(paidByDepartment, r.departmentId, r.paid);
  return {
    amountPerStudent,
    rows: visibleDepartments(user).map((d) => ({
      departmentId: d.id,
      code: d.code,
      depto: d.name,
      total: totalByDepartment.get(d.id) ?? 0,
      paid: paidByDepartment.get(d.id) ?? 0,
    })),
  };
}

/**
 * Paid students by education system (level) with the beneficiaries of each; with a date range, paid
 * counts only payments in it (the totals stay: they are the students the bonus is owed to).
 */
export async function systemPaid(deps: AppDeps, user: AuthUser, query: DashboardQuery) {
  const { year, ...range } = query;
  const ranged = Boolean(range.from || range.to);
  const { closed } = await yearFigures(deps, user, year);
  const [totals, inRange] = closed
    ? [closed.cells, ranged ? paidDaysByLevel(closed, range) : []]
    : await Promise.all([
        beneficiaryTotals(deps.db, user.scope),
        ranged ? paidInRangeByLevel(deps.db, user.scope, range) : Promise.resolve([]),
      ]);
  const pick = (levelId: number, field: 'total' | 'paid') =>
    totals.filter((r) => r.levelId === levelId).reduce((n, r) => n + asInt(r[field]), 0);
  const paid = (levelId: number) =>
    ranged ? asInt(inRange.find((r) => r.levelId === levelId)?.paid) : pick(levelId, 'paid');
  return {
    special: paid(1),
    primary: paid(12),
    secondary: paid(13),
    totals: { special: pick(1, 'total'), primary: pick(12, 'total'), secondary: pick(13, 'total') },
  };
}

/**
 * Institutions by department and how many have consolidated their holder list (in a closed year,
 * the schools with inscriptions that year and of them those that stored that year's holders
 * declaration). It does not follow the payment-date range: a consolidation is not a payment (the
 * dashboard says so under the charts).
 */
export async function institutionCompletion(deps: AppDeps, user: AuthUser, query: { year?: number } = {}) {
  const { closed } = await yearFigures(deps, user, query.year);
  const rows = closed ? closed.schools : await institutionsByDepartment(deps.db, user.scope);
  return {
    rows: visibleDepartments(user).map((d) => {
      const row = rows.find((r) => r.departmentId === d.id);
      return {
        departmentId: d.id,
        code: d.code,
        depto: d.name,
        total: asInt(row?.total),
        completed: asInt(row?.completed),
      };
    }),
  };
}
