import {
  amountFor,
  type DepartmentPaidRow,
  formatDate,
  type InstitutionCompletionRow,
  percentagePair,
} from '@bjp/domain';

export const PAID_LABEL = 'Pagado';
export const UNPAID_LABEL = 'No pagado';

/** Under the schools' charts: they count consolidations, which have no payment date. */
export const SCHOOLS_NOTE = 'No depende del rango de fechas: cuenta las listas de titulares consolidadas.';

/** Under a chart that follows the payment-date range: the range it shows. */
export function paymentRangeNote(range: { from?: string; to?: string }): string {
  if (!range.from && !range.to) return 'Pagos de todas las fechas';
  if (!range.to) return `Pagos desde el ${formatDate(range.from!)}`;
  if (!range.from) return `Pagos hasta el ${formatDate(range.to)}`;
  return `Pagos del ${formatDate(range.from)} al ${formatDate(range.to)}`;
}

export type NationalSummary = {
  totalStudents: number;
  paidStudents: number;
  pendingStudents: number;
  totalMoney: number;
  paidMoney: number;
  paidPercentage: string;
  pendingPercentage: string;
};

const sum = (values: number[]) => values.reduce((acc, v) => acc + v, 0);

/** The national card: paid percentage = paid / total × 100, pending = 100 − paid (spec §9). */
export function nationalSummary(rows: DepartmentPaidRow[], amountPerStudent: number): NationalSummary {
  const totalStudents = sum(rows.map((r) => r.total));
  const paidStudents = sum(rows.map((r) => r.paid));
  const pct = percentagePair(paidStudents, totalStudents);
  return {
    totalStudents,
    paidStudents,
    pendingStudents: totalStudents - paidStudents,
    totalMoney: amountFor(totalStudents, amountPerStudent),
    paidMoney: amountFor(paidStudents, amountPerStudent),
    paidPercentage: pct.paid,
    pendingPercentage: pct.pending,
  };
}

export type PaidSplit = { paid: number; unpaid: number };

export function schoolsSplit(rows: InstitutionCompletionRow[]): PaidSplit {
  const total = sum(rows.map((r) => r.total));
  const paid = sum(rows.map((r) => r.completed));
  return { paid, unpaid: Math.max(0, total - paid) };
}

export type DepartmentBar = { code: string; depto: string; [PAID_LABEL]: number; [UNPAID_LABEL]: number };

/** One bar per department, labelled by its code (LP, SCZ, …), paid and unpaid stacked. */
export function departmentBars<R extends { code: string; depto: string }>(
  rows: R[],
  split: (row: R) => PaidSplit,
): DepartmentBar[] {
  return rows.map((row) => {
    const { paid, unpaid } = split(row);
    return { code: row.code, depto: row.depto, [PAID_LABEL]: paid, [UNPAID_LABEL]: unpaid };
  });
}

export const studentSplit = (row: DepartmentPaidRow): PaidSplit => ({
  paid: row.paid,
  unpaid: Math.max(0, row.total - row.paid),
});

export const moneySplit =
  (amountPerStudent: number) =>
  (row: DepartmentPaidRow): PaidSplit => {
    const students = studentSplit(row);
    return {
      paid: amountFor(students.paid, amountPerStudent),
      unpaid: amountFor(students.unpaid, amountPerStudent),
    };
  };

export const schoolSplit = (row: InstitutionCompletionRow): PaidSplit => ({
  paid: row.completed,
  unpaid: Math.max(0, row.total - row.completed),
});
