import {
  amountFor,
  DEFAULT_PAGE_SIZE,
  departments,
  type PaymentDetailPage,
  type PaymentDetailQuery,
  type PaymentGeneralSummary,
  percentagePair,
} from '@bjp/domain';
import { LRUCache } from 'lru-cache';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { listYears, yearToRead } from '../settings/index.js';
import {
  bonusStates,
  closedYearPaidByDay,
  closedYearPaidByDepartment,
  paidByDay,
  paidByDepartment,
  paymentDetailPage,
} from './queries.js';

type Figures = [
  Awaited<ReturnType<typeof closedYearPaidByDepartment>>,
  Awaited<ReturnType<typeof closedYearPaidByDay>>,
];

/**
 * A closed year's figures do not change (decision 040): each instance keeps them per year and scope
 * for an hour, as the closed-year place reports do, so the national count from student_bonus is one
 * per instance and hour.
 */
const closedFigures = new LRUCache<string, Figures>({ max: 200, ttl: 60 * 60 * 1000 });

async function closedYearFigures(db: Executor, user: AuthUser, year: number): Promise<Figures> {
  const { kind, departmentId, districtId, institutionIds } = user.scope;
  const key = `${year}:${kind}:${departmentId}:${districtId}:${institutionIds.join(',')}`;
  const cached = closedFigures.get(key);
  if (cached) return cached;
  const figures = await Promise.all([
    closedYearPaidByDepartment(db, user, year),
    closedYearPaidByDay(db, user, year),
  ]);
  closedFigures.set(key, figures);
  return figures;
}

/**
 * 'Resumen General': by department and by payment day. The open year (no `year`) reads the
 * maintained summary tables; a closed year counts student_bonus of that year with the summaries'
 * own definitions, at that year's frozen amount (decision 040).
 */
export async function generalSummary(
  db: Executor,
  user: AuthUser,
  query: { year?: number } = {},
): Promise<PaymentGeneralSummary> {
  const settings = await yearToRead(db, query.year);
  const [byDepartment, byDay] = settings.closed
    ? await closedYearFigures(db, user, settings.year)
    : await Promise.all([paidByDepartment(db, user), paidByDay(db, user)]);
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
 * 'Detalle Pago': payments of one programme year (the open one unless `year`) searchable by RUDE,
 * titular CI, bank and dates, newest first. The total
 * is the real count (issue 16: 'de 10,000' beside 15,491 payments misled the user); the count query
 * joins only what the filters need, so it stays an index count.
 */
export async function paymentDetail(
  db: Executor,
  user: AuthUser,
  query: PaymentDetailQuery & { year?: number },
): Promise<PaymentDetailPage> {
  const offset = (query.page - 1) * DEFAULT_PAGE_SIZE;
  const [{ year }, years] = await Promise.all([yearToRead(db, query.year), listYears(db)]);
  // While the console holds one year every payment is of it: no join to the inscriptions for the year
  // (the unfiltered national count stays an index count; docs/scale.md).
  const { rows, total } = await paymentDetailPage(db, user, query, offset, years.length > 1 ? year : null);
  // The bank paid every row here; what that payment is worth is the one payment truth's state (a
  // sworn NO PAGADO, say), read for this page's ten inscriptions only.
  const states = new Map(
    rows.length === 0
      ? []
      : (
          await bonusStates(
            db,
            rows.map((r) => r.inscriptionId),
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
