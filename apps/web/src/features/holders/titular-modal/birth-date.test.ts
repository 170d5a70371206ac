import { describe, expect, it } from 'vitest';
import { parseDayMonthYear } from './birth-date';

describe('parseDayMonthYear (the typed birth date)', () => {
  it('reads dd/mm/aaaa, with one-digit day or month and - or . as separators', () => {
    expect(parseDayMonthYear('15/05/1990')).toBe('1990-05-15');
    expect(parseDayMonthYear('5/9/1984')).toBe('1984-09-05');
    expect(parseDayMonthYear(' 01-12-2000 ')).toBe('2000-12-01');
    expect(parseDayMonthYear('29.02.1996')).toBe('1996-02-29');
  });

  it('refuses days that do not exist and other shapes', () => {
    expect(parseDayMonthYear('31/04/1990')).toBeNull();
    expect(parseDayMonthYear('29/02/1997')).toBeNull();
    expect(parseDayMonthYear('1990-05-15')).toBeNull();
    expect(parseDayMonthYear('15/05/90')).toBeNull();
    expect(parseDayMonthYear('')).toBeNull();
  });
});
