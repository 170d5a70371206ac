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

/**
 * A clock that starts at `iso` and runs on from there: what TEST_NOW gives a whole server, so the
 * suite can be run as on another day (the last of a month, 29 February, past the deadline).
 */
export function shiftedClock(iso: string): Clock {
  const offset = new Date(iso).getTime() - Date.now();
  if (Number.isNaN(offset)) throw new Error(`TEST_NOW is not a date-time: ${iso}`);
  const now = () => new Date(Date.now() + offset);
  return { now, today: () => boliviaDay(now()) };
}

/** The server's one clock: the system's, or from TEST_NOW (an ISO date-time) outside production. */
export function serverClock(env: { NODE_ENV?: string; TEST_NOW?: string } = process.env): Clock {
  if (!env.TEST_NOW) return systemClock;
  if (env.NODE_ENV === 'production')
    throw new Error('TEST_NOW is for tests; a production server keeps the real time.');
  return shiftedClock(env.TEST_NOW);
}
