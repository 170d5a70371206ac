import { describe, expect, it } from 'vitest';
import { amountFor, formatBOB, formatCount, formatDecimal, paidPercentage, percentagePair } from './money.js';

describe('money and percentages', () => {
  it('separates thousands with commas', () => {
    expect(formatCount(2_345_678)).toBe('2,345,678');
    expect(formatDecimal(1234.5)).toBe('1,234.50');
    expect(formatBOB(400)).toBe('400.00 Bs.');
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
