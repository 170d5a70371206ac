import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { BOLIVIA_TIME_ZONE } from './time-zone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Calendar arithmetic of the console (issue 17, one clock): days are written yyyy-mm-dd and counted
 * as calendar days, never through the machine's zone; a day becomes instants only on Bolivia's clock.
 * Formatting (dd/mm/aaaa, today's day) is in format.ts.
 */
const DAY = 'YYYY-MM-DD';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written yyyy-mm-dd (2025-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  return DAY_PATTERN.test(value) && dayjs.utc(value).format(DAY) === value;
}

/** The calendar day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  return dayjs.utc(day).add(days, 'day').format(DAY);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayjs.utc(to).diff(dayjs.utc(from), 'day');
}

/** Every day from `from` to `to`, both included; at most `limit` days. */
export function daysFrom(from: string, to: string, limit = 1_000): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < limit; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The instant `days` whole days (of 24 hours: Bolivia keeps no daylight saving) after `at`. */
export function instantAfterDays(at: Date, days: number): Date {
  return dayjs(at).add(days, 'day').toDate();
}

/** The instant a Bolivian calendar day starts (its midnight in La Paz). */
export function boliviaDayStart(day: string): Date {
  return dayjs.tz(day, BOLIVIA_TIME_ZONE).toDate();
}

/** The instants a Bolivian calendar day spans: [its midnight, the next day's midnight). */
export function boliviaDaySpan(day: string): [Date, Date] {
  return [boliviaDayStart(day), boliviaDayStart(addDays(day, 1))];
}

/** A titular collects cash: they must be of age, 18 years old on the day. */
export const ADULT_AGE = 18;

/** The latest birth date of someone who is of age on `today` (born on or before it). */
export function latestAdultBirthDate(today: string): string {
  return dayjs.utc(today).subtract(ADULT_AGE, 'year').format(DAY);
}

/** True when someone born on `birthDate` is of age on `today` (both calendar days). */
export function isAdultOn(birthDate: string, today: string): boolean {
  return birthDate <= latestAdultBirthDate(today);
}
