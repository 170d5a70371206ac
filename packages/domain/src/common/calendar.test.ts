import { describe, expect, it } from 'vitest';
import {
  addDays,
  boliviaDaySpan,
  boliviaDayStart,
  daysBetween,
  daysFrom,
  isAdultOn,
  isCalendarDay,
  latestAdultBirthDate,
} from './calendar.js';

describe('calendar days', () => {
  it('tells real days from impossible ones', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2025-02-30')).toBe(false);
    expect(isCalendarDay('2025-13-01')).toBe(false);
    expect(isCalendarDay('25-1-1')).toBe(false);
    expect(isCalendarDay('2025-01-01T00:00:00Z')).toBe(false);
  });

  it('counts across months, years and leap days', () => {
    expect(addDays('2025-11-28', 5)).toBe('2025-12-03');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysBetween('2025-11-28', '2025-12-02')).toBe(4);
    expect(daysBetween('2025-12-02', '2025-11-28')).toBe(-4);
    expect(daysFrom('2025-12-30', '2026-01-02')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(daysFrom('2026-01-02', '2026-01-01')).toEqual([]);
  });

  it("turns a day into Bolivia's instants (UTC−4), whatever the machine's zone", () => {
    expect(boliviaDayStart('2025-11-21').toISOString()).toBe('2025-11-21T04:00:00.000Z');
    const [from, to] = boliviaDaySpan('2025-12-31');
    expect(from.toISOString()).toBe('2025-12-31T04:00:00.000Z');
    expect(to.toISOString()).toBe('2026-01-01T04:00:00.000Z');
  });
});

describe('of age (18)', () => {
  it('is of age from the 18th birthday on', () => {
    expect(latestAdultBirthDate('2026-11-27')).toBe('2008-11-27');
    expect(isAdultOn('2008-11-27', '2026-11-27')).toBe(true);
    expect(isAdultOn('2008-11-28', '2026-11-27')).toBe(false);
  });

  it('counts someone born on 29 February as of age from 1 March of a common year', () => {
    expect(isAdultOn('2008-02-29', '2026-02-28')).toBe(false);
    expect(isAdultOn('2008-02-29', '2026-03-01')).toBe(true);
    expect(isAdultOn('2010-03-01', '2028-02-29')).toBe(false);
    expect(isAdultOn('2010-02-28', '2028-02-29')).toBe(true);
  });
});
