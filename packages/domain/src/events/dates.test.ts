import { describe, expect, it } from 'vitest';
import { eventDays, isIsoDay, isPeriodOpen } from './dates.js';

describe('eventDays', () => {
  it('counts both ends', () => {
    expect(eventDays('2025-11-20', '2025-11-20')).toBe(1);
    expect(eventDays('2025-11-20', '2025-11-22')).toBe(3);
  });
  it('is right across months and years, where the day-of-month difference was not', () => {
    expect(eventDays('2025-11-28', '2025-12-02')).toBe(5);
    expect(eventDays('2025-12-30', '2026-01-02')).toBe(4);
    expect(eventDays('2024-02-28', '2024-03-01')).toBe(3);
  });
  it('refuses an end before the start and impossible days', () => {
    expect(eventDays('2025-11-22', '2025-11-20')).toBeNull();
    expect(eventDays('2025-02-30', '2025-03-02')).toBeNull();
    expect(isIsoDay('2025-13-01')).toBe(false);
    expect(isIsoDay('2025-1-01')).toBe(false);
  });
});

describe('isPeriodOpen', () => {
  const period = { active: true, startsOn: '2025-10-13', endsOn: '2025-11-29' };
  it('is open inside its dates while active', () => {
    expect(isPeriodOpen(period, '2025-10-13')).toBe(true);
    expect(isPeriodOpen(period, '2025-11-29')).toBe(true);
    expect(isPeriodOpen(period, '2025-11-30')).toBe(false);
    expect(isPeriodOpen({ ...period, active: false }, '2025-11-01')).toBe(false);
  });
});
