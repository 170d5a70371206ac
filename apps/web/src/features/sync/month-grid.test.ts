import { describe, expect, it } from 'vitest';
import { longDayEs, mondayIndex, monthGrid, syncCountEs } from './month-grid';

const blanksBefore = (month: string) => monthGrid(month)[0]!.findIndex((d) => d !== null);

describe('monthGrid (Monday first)', () => {
  it('puts 1 Nov 2026, a Sunday, in the last column after 6 blanks', () => {
    const weeks = monthGrid('2026-11');
    expect(blanksBefore('2026-11')).toBe(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks[1]![0]).toBe('2026-11-02');
    expect(weeks.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(weeks).toHaveLength(6);
  });

  it('fills Feb 2027 (starts on Monday, 28 days) in exactly four weeks with no blanks', () => {
    const weeks = monthGrid('2027-02');
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((d) => d !== null)).toBe(true);
    expect(weeks[0]![0]).toBe('2027-02-01');
    expect(weeks[3]![6]).toBe('2027-02-28');
  });

  it('knows leap years and month lengths', () => {
    const feb2028 = monthGrid('2028-02').flat().filter(Boolean);
    expect(feb2028.at(-1)).toBe('2028-02-29');
    expect(monthGrid('2025-11').flat().filter(Boolean)).toHaveLength(30);
    expect(blanksBefore('2025-11')).toBe(5); // 1 Nov 2025 was a Saturday
    expect(blanksBefore('2025-12')).toBe(0); // a Monday
    expect(blanksBefore('2025-10')).toBe(2); // a Wednesday
  });

  it('every week has seven cells and every day sits in its weekday column', () => {
    for (const month of ['2025-10', '2026-03', '2026-11', '2027-02', '2027-08']) {
      for (const week of monthGrid(month)) {
        expect(week).toHaveLength(7);
        week.forEach((day, column) => {
          if (day) expect(mondayIndex(day)).toBe(column);
        });
      }
    }
  });
});

describe('Spanish day labels', () => {
  it('names a day and counts synchronisations', () => {
    expect(longDayEs('2026-11-03')).toBe('martes 3 de noviembre de 2026');
    expect(longDayEs('2026-11-01')).toBe('domingo 1 de noviembre de 2026');
    expect(syncCountEs(2)).toBe('2 sincronizaciones');
    expect(syncCountEs(1)).toBe('1 sincronización');
    expect(syncCountEs(0)).toBe('sin sincronización');
  });
});
