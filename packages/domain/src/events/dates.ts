import { daysBetween, isCalendarDay } from '../common/index.js';
import { eventMessages } from './messages.js';

/** True for a real calendar day written yyyy-mm-dd (rejects 2025-02-30): the domain's calendar rule. */
export const isIsoDay = isCalendarDay;

/**
 * Days an event lasts, counting both ends: 2025-11-28 to 2025-12-02 is 5 days. The original took the
 * difference of the days of the month (2 − 28), which is wrong across months; null when the end is
 * before the start or either date is not a real day.
 */
export function eventDays(startsOn: string, endsOn: string): number | null {
  if (!isIsoDay(startsOn) || !isIsoDay(endsOn)) return null;
  const diff = daysBetween(startsOn, endsOn);
  return diff < 0 ? null : diff + 1;
}

/**
 * The state a period is saved with must agree with its dates (issue 16): CONCLUIDO only once its
 * last day has come (`today` is Bolivia's day). Null when it agrees.
 */
export function periodStateError(period: { state: string; endsOn: string }, today: string): string | null {
  if (period.state !== 'CONCLUIDO' || !isIsoDay(period.endsOn)) return null;
  return period.endsOn > today ? eventMessages.concludedInFuture : null;
}

/** A period or stage is open on `today` when it is active and the day falls inside its dates. */
export function isPeriodOpen(
  period: { active: boolean; startsOn: string; endsOn: string },
  today: string,
): boolean {
  return period.active && period.startsOn <= today && today <= period.endsOn;
}
