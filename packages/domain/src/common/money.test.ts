import { describe, expect, it } from 'vitest';
import { amountFor, formatBOB, formatCount, formatDecimal, paidPercentage, percentagePair } from './money.js';

describe('money and percentages', () => {
  it('separates thousands with commas', () => {
    expect(formatCount(2_345_678)).toBe('2,345,678');
    expect(formatDecimal(1234.5)).toBe('1,234.50');
    expect(formatBOB(400)).toBe('400.00 Bs.');
  });

  it('writes every number as Intl en-US does, whole ones without Intl', () => {
    const values = [
      0,
      -0,
      7,
      999,
      1000,
      -1000,
      12_345,
      -987_654_321,
      2_280_000,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      2 ** 60,
      1e21,
      0.5,
      2.5,
      -2.5,
      1234.005,
      1.005,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ];
    for (const value of values) {
      expect(formatCount(value)).toBe(
        new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value),
      );
      for (const decimals of [0, 1, 2, 3]) {
        const intl = new Intl.NumberFormat('en-US', {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        });
        expect(formatDecimal(value, decimals)).toBe(intl.format(value));
      }
    }
  });

  it('computes paid and pending (= 100 − paid) to 2 decimals', () => {
    expect(percentagePair(1, 3)).toEqual({ paid: '33.33', pending: '66.67' });
    expect(percentagePair(0, 0)).toEqual({ paid: '0.00', pending: '100.00' });
    expect(paidPercentage(50, 200)).toBe(25);
  });

  it('counts 200 BOB per student by default', () => {
    expect(amountFor(3)).toBe(600);
    expect(amountFor(3, 150)).toBe(450);
  });
});
