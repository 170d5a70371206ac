import { departments } from '@bjp/domain';
import { and, count, gte, lte, sql, sum } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { AuthUser } from '../../auth/access.js';
import { scopeCondition } from '../../auth/scope.js';
import { institutions, statsBeneficiaries, statsPaymentsDaily } from '../../db/schema/index.js';
import { getSettings } from '../settings/service.js';

const asInt = (v: unknown) => Number(v ?? 0);

/** Departments the caller may see, in the order the ministry lists them. */
function visibleDepartments(user: AuthUser) {
  return user.scope.kind === 'national'
    ? departments
    : departments.filter((d) => d.id === user.scope.departmentId);
}

/** Total and paid beneficiaries by department; with a date range, paid counts only payments in it. */
export async function departmentPaid(deps: AppDeps, user: AuthUser, range: { from?: string; to?: string }) {
  const scopeTotals = scopeCondition(user, {
    department: statsBeneficiaries.departmentId,
    district: statsBeneficiaries.districtId,
  });
  const totals = await deps.db
    .select({
      departmentId: statsBeneficiaries.departmentId,
      total: sum(statsBeneficiaries.total),
      paid: sum(statsBeneficiaries.paid),
    })
    .from(statsBeneficiaries)
    .where(scopeTotals)
    .groupBy(statsBeneficiaries.departmentId);
  const paidByDepartment = new Map(totals.map((t) => [t.departmentId, asInt(t.paid)]));
  if (range.from || range.to) {
    paidByDepartment.clear();
    const rows = await deps.db
      .select({ departmentId: statsPaymentsDaily.departmentId, paid: sum(statsPaymentsDaily.paid) })
      .from(statsPaymentsDaily)
      .where(
        and(
          scopeCondition(user, {
            department: statsPaymentsDaily.departmentId,
            district: statsPaymentsDaily.districtId,
          }),
          range.from ? gte(statsPaymentsDaily.paidOn, range.from) : undefined,
          range.to ? lte(statsPaymentsDaily.paidOn, range.to) : undefined,
        ),
      )
      .groupBy(statsPaymentsDaily.departmentId);
    for (const r of rows) paidByDepartment.set(r.departmentId, asInt(r.paid));
  }
  const totalByDepartment = new Map(totals.map((t) => [t.departmentId, asInt(t.total)]));
  const settings = await getSettings(deps.db);
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
  const rows = await deps.db
    .select({
      levelId: statsBeneficiaries.levelId,
      total: sum(statsBeneficiaries.total),
      paid: sum(statsBeneficiaries.paid),
    })
    .from(statsBeneficiaries)
    .where(
      scopeCondition(user, {
        department: statsBeneficiaries.departmentId,
        district: statsBeneficiaries.districtId,
      }),
    )
    .groupBy(statsBeneficiaries.levelId);
  const pick = (levelId: number, field: 'total' | 'paid') =>
    asInt(rows.find((r) => r.levelId === levelId)?.[field]);
  return {
    special: pick(1, 'paid'),
    primary: pick(12, 'paid'),
    secondary: pick(13, 'paid'),
    totals: { special: pick(1, 'total'), primary: pick(12, 'total'), secondary: pick(13, 'total') },
  };
}

/** Institutions by department and how many have consolidated their holder list. */
export async function institutionCompletion(deps: AppDeps, user: AuthUser) {
  const rows = await deps.db
    .select({
      departmentId: institutions.departmentId,
      total: count(),
      completed: sql<number>`count(${institutions.holdersConsolidatedAt})::int`,
    })
    .from(institutions)
    .where(
      scopeCondition(user, {
        department: institutions.departmentId,
        district: institutions.districtId,
        institution: institutions.id,
      }),
    )
    .groupBy(institutions.departmentId);
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
