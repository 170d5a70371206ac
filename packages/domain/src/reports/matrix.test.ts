import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildResumeMatrix, matrixHeadings, matrixLineFigures, type StatsCell } from './matrix.js';
import { paidPieShares } from './pie.js';

const cell = fc.record({
  dependency: fc.constantFrom(1, 2),
  area: fc.constantFrom('R', 'U'),
  levelId: fc.constantFrom(1, 12, 13),
  gradeId: fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 99),
  total: fc.integer({ min: 0, max: 100_000 }),
  paid: fc.integer({ min: 0, max: 100_000 }),
}) as fc.Arbitrary<StatsCell>;

describe('resume matrix', () => {
  it('always has the four dependency × area rows and adds up to the cells', () => {
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 60 }), (cells) => {
        const matrix = buildResumeMatrix(cells);
        expect(matrix.rows.map((r) => `${r.dependencyName} ${r.areaName}`)).toEqual([
          'PUBLICA RURAL',
          'PUBLICA URBANO',
          'CONVENIO RURAL',
          'CONVENIO URBANO',
        ]);
        const total = cells.reduce((s, c) => s + c.total, 0);
        const paid = cells.reduce((s, c) => s + c.paid, 0);
        expect(matrix.totalGeneral.total).toEqual({ total, paid });
        expect(matrix.rows.reduce((s, r) => s + r.total.paid, 0)).toBe(paid);
        for (const line of [...matrix.rows, matrix.totalGeneral]) {
          expect(line.especial.total + line.primariaTotal.total + line.secundariaTotal.total).toBe(
            line.total.total,
          );
          expect(matrixLineFigures(line)).toHaveLength(matrixHeadings().length);
        }
      }),
    );
  });

  it('puts grade 99 CEA under Especial', () => {
    const m = buildResumeMatrix([{ dependency: 1, area: 'R', levelId: 1, gradeId: 99, total: 5, paid: 2 }]);
    expect(m.rows[0]!.especial).toEqual({ total: 5, paid: 2 });
  });
});

describe('paid pie', () => {
  it('uses 2 decimals and scales to 100 when the shares exceed it', () => {
    expect(paidPieShares(89, 36, 125)).toEqual({ paid: 71.2, notPaid: 28.8 });
    expect(paidPieShares(130, 0, 125)).toEqual({ paid: 100, notPaid: 0 });
    expect(paidPieShares(2, 2, 3)).toEqual({ paid: 50, notPaid: 50 });
    expect(paidPieShares(0, 0, 0)).toEqual({ paid: 0, notPaid: 0 });
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), fc.nat(10_000), (paid, notPaid, total) => {
        const s = paidPieShares(paid, notPaid, total);
        expect(s.paid + s.notPaid).toBeLessThanOrEqual(100.0000001);
      }),
    );
  });
});
