import { describe, expect, it } from 'vitest';
import { departmentBars, moneySplit, nationalSummary, paymentRangeNote, schoolsSplit } from './summary';

const rows = [
  { departmentId: 2, code: 'LP', depto: 'La Paz', total: 1_000_000, paid: 333_333 },
  { departmentId: 7, code: 'SCZ', depto: 'Santa Cruz', total: 500_000, paid: 500_000 },
];

describe('nationalSummary', () => {
  it('adds the departments and keeps pending = 100 − paid with 2 decimals', () => {
    const s = nationalSummary(rows, 200);
    expect(s.totalStudents).toBe(1_500_000);
    expect(s.paidStudents).toBe(833_333);
    expect(s.pendingStudents).toBe(666_667);
    expect(s.paidMoney).toBe(166_666_600);
    expect(s.totalMoney).toBe(300_000_000);
    expect(s.paidPercentage).toBe('55.56');
    expect(s.pendingPercentage).toBe('44.44');
  });

  it('shows 0.00 / 100.00 when there is nothing to pay', () => {
    const s = nationalSummary([], 200);
    expect([s.paidPercentage, s.pendingPercentage]).toEqual(['0.00', '100.00']);
  });
});

describe('chart data', () => {
  it('labels department bars by code and turns students into bolivianos', () => {
    expect(departmentBars(rows, moneySplit(200))[0]).toEqual({
      code: 'LP',
      depto: 'La Paz',
      Pagado: 66_666_600,
      'No pagado': 133_333_400,
    });
  });

  it('counts schools not completed as unpaid', () => {
    const split = schoolsSplit([
      { departmentId: 1, code: 'CHU', depto: 'Chuquisaca', total: 10, completed: 4 },
    ]);
    expect(split).toEqual({ paid: 4, unpaid: 6 });
  });
});

describe('paymentRangeNote', () => {
  it('names the payment dates a chart counts, in dd/mm/aaaa', () => {
    expect(paymentRangeNote({})).toBe('Pagos de todas las fechas');
    expect(paymentRangeNote({ from: '2025-11-01', to: '2025-11-05' })).toBe(
      'Pagos del 01/11/2025 al 05/11/2025',
    );
    expect(paymentRangeNote({ from: '2025-11-01' })).toBe('Pagos desde el 01/11/2025');
    expect(paymentRangeNote({ to: '2025-11-05' })).toBe('Pagos hasta el 05/11/2025');
  });
});
