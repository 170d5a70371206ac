import { boliviaDay } from '@bjp/domain';

/** Calendar day in Bolivia, where every deadline of the programme applies (one definition, in the domain). */
export { boliviaDay };

/** The time source, injectable so tests can pin the day (deadlines, registration periods, calendars). */
export type Clock = { now(): Date; today(): string };

// Every authenticated request asks for today (the director deadline), and Intl's formatter is the
// costly part: a day only changes on a minute boundary, so the day is worked out once per minute.
let dayOfMinute = { minute: Number.NaN, day: '' };

export const systemClock: Clock = {
  now: () => new Date(),
  today: () => {
    const now = new Date();
    const minute = Math.floor(now.getTime() / 60_000);
    if (dayOfMinute.minute !== minute) dayOfMinute = { minute, day: boliviaDay(now) };
    return dayOfMinute.day;
  },
};

export function fixedClock(iso: string): Clock {
  const at = new Date(iso);
  return { now: () => new Date(at), today: () => boliviaDay(at) };
}
