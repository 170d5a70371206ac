import { departments } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { getSettings } from '../settings/index.js';
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

/** Total and paid beneficiaries by department; with a date range, paid counts only payments in it. */
export async function departmentPaid(deps: AppDeps, user: AuthUser, range: PaymentRange) {
  const ranged = Boolean(range.from || range.to);
  const [totals, inRange, settings] = await Promise.all([
    beneficiaryTotals(deps.db, user.scope),
    ranged ? paidInRange(deps.db, user.scope, range) : Promise.resolve([]),
    getSettings(deps.db),
  ]);
  const totalByDepartment = new Map<number, number>();
  const paidByDepartment = new Map<number, number>();
  for (const t of totals) {
    addTo(totalByDepartment, t.departmentId, t.total);
    if (!ranged) addTo(paidByDepartment, t.departmentId, t.paid);
  }
  for (const r of inRange) addTo(paidByDepartment, r.departmentId, r.paid);
  return {
    amountPerStudent: settings.amountPerStudent,
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
export async function systemPaid(deps: AppDeps, user: AuthUser, range: PaymentRange) {
  const ranged = Boolean(range.from || range.to);
  const [totals, inRange] = await Promise.all([
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
 * Institutions by department and how many have consolidated their holder list. It does not follow
 * the payment-date range: a consolidation is not a payment (the dashboard says so under the charts).
 */
export async function institutionCompletion(deps: AppDeps, user: AuthUser) {
  const rows = await institutionsByDepartment(deps.db, user.scope);
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
