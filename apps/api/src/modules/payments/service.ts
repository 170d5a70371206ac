import {
  amountFor,
  DEFAULT_PAGE_SIZE,
  departments,
  type PaymentDetailPage,
  type PaymentDetailQuery,
  type PaymentGeneralSummary,
  percentagePair,
} from '@bjp/domain';
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
import { getSettings } from '../settings/index.js';

/** 'Resumen General': by department and by payment day, read from the maintained summary tables. */
export async function generalSummary(db: Executor, user: AuthUser): Promise<PaymentGeneralSummary> {
  const [byDepartment, byDay, settings] = await Promise.all([
    db
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
      .groupBy(statsBeneficiaries.departmentId),
    db
      .select({ paidOn: statsPaymentsDaily.paidOn, paid: sql<number>`sum(${statsPaymentsDaily.paid})::int` })
      .from(statsPaymentsDaily)
      .where(
        scopeCondition(user, {
          department: statsPaymentsDaily.departmentId,
          district: statsPaymentsDaily.districtId,
        }),
      )
      .groupBy(statsPaymentsDaily.paidOn)
      .orderBy(statsPaymentsDaily.paidOn),
    getSettings(db),
  ]);
  const amount = settings.amountPerStudent;
  const rows = departments
    .filter((d) => user.scope.kind === 'national' || byDepartment.some((r) => r.departmentId === d.id))
    .map((d) => {
      const row = byDepartment.find((r) => r.departmentId === d.id);
      const total = row?.total ?? 0;
      const paid = row?.paid ?? 0;
      return {
        departmentId: d.id,
        code: d.code,
        name: d.name,
        totalStudents: total,
        paidStudents: paid,
        paidPercentage: percentagePair(paid, total).paid,
        totalAmount: amountFor(total, amount),
        paidAmount: amountFor(paid, amount),
      };
    });
  const totalStudents = rows.reduce((s, r) => s + r.totalStudents, 0);
  const paidStudents = rows.reduce((s, r) => s + r.paidStudents, 0);
  return {
    year: settings.year,
    amountPerStudent: amount,
    departments: rows,
    days: byDay,
    totals: { totalStudents, paidStudents, paidPercentage: percentagePair(paidStudents, totalStudents).paid },
  };
}

/**
 * 'Detalle Pago': payments searchable by RUDE, titular CI, bank and dates, newest first. The total
 * is the real count (issue 16: 'de 10,000' beside 15,491 payments misled the user); the count query
 * joins only what the filters need, so it stays an index count.
 */
export async function paymentDetail(
  db: Executor,
  user: AuthUser,
  query: PaymentDetailQuery,
): Promise<PaymentDetailPage> {
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
  const where = and(
    ...onPayments,
    scope,
    query.rude ? eq(students.rude, query.rude) : undefined,
    query.ci ? eq(persons.carnet, query.ci) : undefined,
  );
  const activeTitular = and(
    eq(titularAssignments.inscriptionId, inscriptions.id),
    isNull(titularAssignments.removedAt),
  );
  const offset = (query.page - 1) * DEFAULT_PAGE_SIZE;
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
  // The count joins only what a filter needs: every payment has its inscription, student and school
  // (foreign keys) and at most one active titular, so the other joins never change the count.
  const needsInscription = Boolean(query.rude || query.ci || scope);
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
  const total = counted?.total ?? 0;
  // The bank paid every row here; what that payment is worth is the one payment truth's state (a
  // sworn NO PAGADO, say), read for this page's ten inscriptions only.
  const states = new Map(
    rows.length === 0
      ? []
      : (
          await db
            .select({ id: studentBonus.inscriptionId, state: studentBonus.state })
            .from(studentBonus)
            .where(
              inArray(
                studentBonus.inscriptionId,
                rows.map((r) => r.inscriptionId),
              ),
            )
        ).map((r) => [r.id, r.state]),
  );
  return {
    items: rows.map(({ departmentId, ...r }) => ({
      ...r,
      departmentCode: departments.find((d) => d.id === departmentId)?.code ?? '',
      state: states.get(r.inscriptionId) ?? 'PAGADO',
    })),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}
