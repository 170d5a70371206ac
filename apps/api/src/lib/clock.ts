import { boliviaDay } from '@bjp/domain';

/** Calendar day in Bolivia, where every deadline of the programme applies (one definition, in the domain). */
export { boliviaDay };

/** The time source, injectable so tests can pin the day (deadlines, registration periods, calendars). */
export type Clock = { now(): Date; today(): string };

export const systemClock: Clock = {
  now: () => new Date(),
  today: () => boliviaDay(new Date()),
};

export function fixedClock(iso: string): Clock {
  const at = new Date(iso);
  return { now: () => new Date(at), today: () => boliviaDay(at) };
}
