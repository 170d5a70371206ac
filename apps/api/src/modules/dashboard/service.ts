import { departments } from '@bjp/domain';
import { and, eq, gte, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import {
  statsInstitutions,
  statsPaymentsDaily,
  statsPaymentsDays,
  statsReportCells,
} from '../../db/schema/index.js';
import { getSettings } from '../settings/index.js';

const asInt = (v: unknown) => Number(v ?? 0);

/** Departments the caller may see, in the order the ministry lists them. */
function visibleDepartments(user: AuthUser) {
  return user.scope.kind === 'national'
    ? departments
    : departments.filter((d) => d.id === user.scope.departmentId);
}

/**
 * The dashboard sums department rollups kept by triggers (a few hundred rows) rather than the
 * district summaries (~14,000 and ~26,000 rows): it is read on every visit. Only national staff hold
 * 'dashboard.view'; a department scope is filtered on the rollups, and any narrower scope, which the
 * rollups cannot express, sees nothing rather than more than its place.
 */
const rollupScope = (user: AuthUser, department: AnyPgColumn): SQL | undefined => {
  if (user.scope.kind === 'national') return undefined;
  if (user.scope.kind === 'department') return eq(department, user.scope.departmentId ?? -1);
  return sql`false`;
};

/** Total and paid beneficiaries by department and level. */
function beneficiaryTotals(deps: AppDeps, user: AuthUser) {
  const c = statsReportCells;
  return deps.db
    .select({ departmentId: c.departmentId, levelId: c.levelId, total: sum(c.total), paid: sum(c.paid) })
    .from(c)
    .where(rollupScope(user, c.departmentId))
    .groupBy(c.departmentId, c.levelId);
}

type PaymentRange = { from?: string; to?: string };

const withinRange = (paidOn: AnyPgColumn, range: PaymentRange) => [
  range.from ? gte(paidOn, range.from) : undefined,
  range.to ? lte(paidOn, range.to) : undefined,
];

/** Students paid by department within a range of payment days. */
function paidInRange(deps: AppDeps, user: AuthUser, range: PaymentRange) {
  const d = statsPaymentsDays;
  return deps.db
    .select({ departmentId: d.departmentId, paid: sum(d.paid) })
    .from(d)
    .where(and(rollupScope(user, d.departmentId), ...withinRange(d.paidOn, range)))
    .groupBy(d.departmentId);
}

/**
 * Students paid by level within a range of payment days. The department × day rollup has no level,
 * so this sums the district × level × day summary, read through its payment-day index: only the
 * days of the range (one row per district and level each day), and only when a range is chosen.
 */
function paidInRangeByLevel(deps: AppDeps, user: AuthUser, range: PaymentRange) {
  const d = statsPaymentsDaily;
  return deps.db
    .select({ levelId: d.levelId, paid: sum(d.paid) })
    .from(d)
    .where(and(rollupScope(user, d.departmentId), ...withinRange(d.paidOn, range)))
    .groupBy(d.levelId);
}

const addTo = (map: Map<number, number>, key: number, value: unknown) =>
  map.set(key, (map.get(key) ?? 0) + asInt(value));

/** Total and paid beneficiaries by department; with a date range, paid counts only payments in it. */
export async function departmentPaid(deps: AppDeps, user: AuthUser, range: PaymentRange) {
  const ranged = Boolean(range.from || range.to);
  const [totals, inRange, settings] = await Promise.all([
    beneficiaryTotals(deps, user),
    ranged ? paidInRange(deps, user, range) : Promise.resolve([]),
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
    beneficiaryTotals(deps, user),
    ranged ? paidInRangeByLevel(deps, user, range) : Promise.resolve([]),
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
  // stats_institutions: district × dependency × area, kept by triggers on institutions.
  const s = statsInstitutions;
  const rows = await deps.db
    .select({ departmentId: s.departmentId, total: sum(s.institutions), completed: sum(s.consolidated) })
    .from(s)
    .where(rollupScope(user, s.departmentId))
    .groupBy(s.departmentId);
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
