import { DEFAULT_PAGE_SIZE, type PaymentDetailQuery } from '@bjp/domain';
import { and, desc, eq, gte, ilike, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/access.js';
import { scopeCondition } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import {
  inscriptions,
  institutions,
  payments,
  persons,
  statsBeneficiaries,
  statsPaymentsDaily,
  studentBonus,
  students,
  titularAssignments,
} from '../../db/schema/index.js';
import { countedInscriptions, paidInscription, paidOnDay } from '../../db/summaries.js';

/** Beneficiaries and paid ones by department in the user's scope (stats_beneficiaries). */
export function paidByDepartment(db: Executor, user: AuthUser) {
  return db
    .select({
      departmentId: statsBeneficiaries.departmentId,
      total: sql<number>`sum(${statsBeneficiaries.total})::int`,
      paid: sql<number>`sum(${statsBeneficiaries.paid})::int`,
    })
    .from(statsBeneficiaries)
    .where(
      scopeCondition(user, {
        department: statsBeneficiaries.departmentId,
        district: statsBeneficiaries.districtId,
      }),
    )
    .groupBy(statsBeneficiaries.departmentId);
}

/** Students paid each payment day in the user's scope (stats_payments_daily). */
export function paidByDay(db: Executor, user: AuthUser) {
  return db
    .select({ paidOn: statsPaymentsDaily.paidOn, paid: sql<number>`sum(${statsPaymentsDaily.paid})::int` })
    .from(statsPaymentsDaily)
    .where(
      scopeCondition(user, {
        department: statsPaymentsDaily.departmentId,
        district: statsPaymentsDaily.districtId,
      }),
    )
    .groupBy(statsPaymentsDaily.paidOn)
    .orderBy(statsPaymentsDaily.paidOn);
}

/** The user's scope over the institutions of student_bonus: the open year's (department, district). */
const closedScope = (user: AuthUser) =>
  scopeCondition(user, { department: institutions.departmentId, district: institutions.districtId });

/**
 * A closed year's beneficiaries and paid ones by department in the user's scope, counted from
 * student_bonus of that year with refreshStatistics' definitions (the summaries hold the open year only).
 */
export function closedYearPaidByDepartment(db: Executor, user: AuthUser, year: number) {
  return db
    .select({
      departmentId: institutions.departmentId,
      total: sql<number>`count(*)::int`,
      paid: sql<number>`(count(*) FILTER (WHERE ${paidInscription}))::int`,
    })
    .from(studentBonus)
    .innerJoin(institutions, eq(institutions.id, studentBonus.institutionId))
    .where(and(countedInscriptions(year), closedScope(user)))
    .groupBy(institutions.departmentId);
}

/** A closed year's students paid each payment day in the user's scope (as stats_payments_daily counts them). */
export function closedYearPaidByDay(db: Executor, user: AuthUser, year: number) {
  return db
    .select({ paidOn: sql<string>`${studentBonus.paidOn}::text`, paid: sql<number>`count(*)::int` })
    .from(studentBonus)
    .innerJoin(institutions, eq(institutions.id, studentBonus.institutionId))
    .where(and(paidOnDay, countedInscriptions(year), closedScope(user)))
    .groupBy(studentBonus.paidOn)
    .orderBy(studentBonus.paidOn);
}

/**
 * One page of paid payments matching the filters in the user's scope, newest first, and how many
 * match in all; the count query joins only what the filters need, so it stays an index count.
 */
export async function paymentDetailPage(
  db: Executor,
  user: AuthUser,
  query: PaymentDetailQuery,
  offset: number,
  /** The programme year, or null when the console holds one year only (no filter needed). */
  year: number | null,
) {
  const scope = scopeCondition(user, {
    department: institutions.departmentId,
    district: institutions.districtId,
    institution: institutions.id,
  });
  const onPayments = [
    eq(payments.paid, true),
    query.bank ? ilike(payments.bank, `%${query.bank.replace(/[\\%_]/g, '')}%`) : undefined,
    query.from ? gte(payments.paidOn, query.from) : undefined,
    query.to ? lte(payments.paidOn, query.to) : undefined,
  ];
  // Payments of one programme year only: a closed year's payments never show in the open year's list.
  const where = and(
    ...onPayments,
    year === null ? undefined : eq(inscriptions.year, year),
    scope,
    query.rude ? eq(students.rude, query.rude) : undefined,
    query.ci ? eq(persons.carnet, query.ci) : undefined,
  );
  const activeTitular = and(
    eq(titularAssignments.inscriptionId, inscriptions.id),
    isNull(titularAssignments.removedAt),
  );
  const rowsQuery = db
    .select({
      inscriptionId: payments.inscriptionId,
      rude: students.rude,
      student: sql<string>`concat_ws(' ', ${students.firstLastName}, ${students.secondLastName}, ${students.name})`,
      institutionId: institutions.id,
      departmentId: institutions.departmentId,
      titularCarnet: sql<
        string | null
      >`CASE WHEN ${persons.complemento} = '' THEN ${persons.carnet} ELSE ${persons.carnet} || '-' || ${persons.complemento} END`,
      titular: sql<
        string | null
      >`nullif(trim(concat_ws(' ', ${persons.firstLastName}, ${persons.secondLastName}, ${persons.name})), '')`,
      paidOn: payments.paidOn,
      bank: payments.bank,
      mode: payments.mode,
    })
    .from(payments)
    .innerJoin(inscriptions, eq(inscriptions.id, payments.inscriptionId))
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .innerJoin(institutions, eq(institutions.id, inscriptions.institutionId))
    .leftJoin(titularAssignments, activeTitular)
    .leftJoin(persons, eq(persons.id, titularAssignments.personId))
    .where(where)
    .orderBy(desc(payments.paidOn), desc(payments.inscriptionId))
    .limit(DEFAULT_PAGE_SIZE)
    .offset(offset);
  // The count joins only what a filter needs (and the inscription, for its year): every payment has its
  // inscription, student and school (foreign keys) and at most one active titular, so the other joins
  // never change the count.
  const needsInscription = Boolean(year !== null || query.rude || query.ci || scope);
  let counting = db.select({ total: sql<number>`count(*)::int` }).from(payments).$dynamic();
  if (needsInscription)
    counting = counting.innerJoin(inscriptions, eq(inscriptions.id, payments.inscriptionId));
  if (query.rude) counting = counting.innerJoin(students, eq(students.id, inscriptions.studentId));
  if (scope) counting = counting.innerJoin(institutions, eq(institutions.id, inscriptions.institutionId));
  if (query.ci) {
    counting = counting
      .innerJoin(titularAssignments, activeTitular)
      .innerJoin(persons, eq(persons.id, titularAssignments.personId));
  }
  const [rows, [counted]] = await Promise.all([rowsQuery, counting.where(where)]);
  return { rows, total: counted?.total ?? 0 };
}

/** The bonus state (student_bonus, the one payment truth) of each of these inscriptions. */
export function bonusStates(db: Executor, inscriptionIds: number[]) {
  return db
    .select({ id: studentBonus.inscriptionId, state: studentBonus.state })
    .from(studentBonus)
    .where(inArray(studentBonus.inscriptionId, inscriptionIds));
}
