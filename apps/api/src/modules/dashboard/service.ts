import { departments } from '@bjp/domain';
import { and, count, eq, gte, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../app.js';
import type { AuthUser } from '../../auth/access.js';
import { scopeCondition } from '../../auth/scope.js';
import {
  institutions,
  statsBeneficiaries,
  statsInstitutions,
  statsPaymentsDaily,
  statsPaymentsDays,
  statsReportCells,
} from '../../db/schema/index.js';
import { getSettings } from '../settings/service.js';

const asInt = (v: unknown) => Number(v ?? 0);

/** Departments the caller may see, in the order the ministry lists them. */
function visibleDepartments(user: AuthUser) {
  return user.scope.kind === 'national'
    ? departments
    : departments.filter((d) => d.id === user.scope.departmentId);
}

/**
 * The dashboard is read by national (and could be by department) staff on every visit, so it sums
 * the department rollups kept by triggers (a few hundred rows) rather than the district summaries
 * (~14,000 and ~26,000 rows). Narrower scopes need the district rows.
 */
const readsRollups = (user: AuthUser) => user.scope.kind === 'national' || user.scope.kind === 'department';

/** The user's scope on a rollup, which knows departments only. */
const departmentScope = (user: AuthUser, department: AnyPgColumn): SQL | undefined =>
  user.scope.kind === 'department' ? eq(department, user.scope.departmentId ?? -1) : undefined;

/** Total and paid beneficiaries by department, national or within the user's scope. */
async function beneficiaryTotals(deps: AppDeps, user: AuthUser) {
  if (readsRollups(user)) {
    const c = statsReportCells;
    return deps.db
      .select({ departmentId: c.departmentId, levelId: c.levelId, total: sum(c.total), paid: sum(c.paid) })
      .from(c)
      .where(departmentScope(user, c.departmentId))
      .groupBy(c.departmentId, c.levelId);
  }
  const b = statsBeneficiaries;
  return deps.db
    .select({ departmentId: b.departmentId, levelId: b.levelId, total: sum(b.total), paid: sum(b.paid) })
    .from(b)
    .where(scopeCondition(user, { department: b.departmentId, district: b.districtId }))
    .groupBy(b.departmentId, b.levelId);
}

/** Students paid by department within a range of payment days. */
async function paidInRange(deps: AppDeps, user: AuthUser, range: { from?: string; to?: string }) {
  if (readsRollups(user)) {
    const d = statsPaymentsDays;
    return deps.db
      .select({ departmentId: d.departmentId, paid: sum(d.paid) })
      .from(d)
      .where(
        and(
          departmentScope(user, d.departmentId),
          range.from ? gte(d.paidOn, range.from) : undefined,
          range.to ? lte(d.paidOn, range.to) : undefined,
        ),
      )
      .groupBy(d.departmentId);
  }
  const d = statsPaymentsDaily;
  return deps.db
    .select({ departmentId: d.departmentId, paid: sum(d.paid) })
    .from(d)
    .where(
      and(
        scopeCondition(user, { department: d.departmentId, district: d.districtId }),
        range.from ? gte(d.paidOn, range.from) : undefined,
        range.to ? lte(d.paidOn, range.to) : undefined,
      ),
    )
    .groupBy(d.departmentId);
}

const addTo = (map: Map<number, number>, key: number, value: unknown) =>
  map.set(key, (map.get(key) ?? 0) + asInt(value));

/** Total and paid beneficiaries by department; with a date range, paid counts only payments in it. */
export async function departmentPaid(deps: AppDeps, user: AuthUser, range: { from?: string; to?: string }) {
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

export async function systemPaid(deps: AppDeps, user: AuthUser) {
  const totals = await beneficiaryTotals(deps, user);
  const pick = (levelId: number, field: 'total' | 'paid') =>
    totals.filter((r) => r.levelId === levelId).reduce((n, r) => n + asInt(r[field]), 0);
  return {
    special: pick(1, 'paid'),
    primary: pick(12, 'paid'),
    secondary: pick(13, 'paid'),
    totals: { special: pick(1, 'total'), primary: pick(12, 'total'), secondary: pick(13, 'total') },
  };
}

/** Institutions by department and how many have consolidated their holder list. */
export async function institutionCompletion(deps: AppDeps, user: AuthUser) {
  // stats_institutions (district × dependency × area, kept by triggers on institutions) serves
  // every scope but a director's, whose schools are counted directly.
  const s = statsInstitutions;
  const rows =
    user.scope.kind === 'institutions'
      ? await deps.db
          .select({
            departmentId: institutions.departmentId,
            total: count(),
            completed: sql<number>`count(${institutions.holdersConsolidatedAt})::int`,
          })
          .from(institutions)
          .where(
            scopeCondition(user, { department: institutions.departmentId, institution: institutions.id }),
          )
          .groupBy(institutions.departmentId)
      : await deps.db
          .select({
            departmentId: s.departmentId,
            total: sum(s.institutions),
            completed: sum(s.consolidated),
          })
          .from(s)
          .where(scopeCondition(user, { department: s.departmentId, district: s.districtId }))
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
